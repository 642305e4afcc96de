import { apiRoute, json } from "@/lib/server/http/route";
import { clearedSessionCookies } from "@/lib/server/team/session";

export const dynamic = "force-dynamic";

export const POST = apiRoute({ access: "public" }, async ({ request }) => {
  const response = json({ signedOut: true });
  for (const cookie of clearedSessionCookies(request)) response.headers.append("Set-Cookie", cookie);
  return response;
});
