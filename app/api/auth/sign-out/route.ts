import { clearedSessionCookie } from "@/lib/server/team/session";
import { apiRoute, json } from "@/lib/server/http/route";

export const dynamic = "force-dynamic";

export const POST = apiRoute(
  async ({ request }) => {
    return json({ signedOut: true }, 200, { "Set-Cookie": clearedSessionCookie(request) });
  },
  { access: "public" },
);
