import { apiRoute, json } from "@/lib/server/http/route";
import { clearedSessionCookie } from "@/lib/server/team/session";

export const dynamic = "force-dynamic";

export const POST = apiRoute({ access: "public" }, async ({ request }) =>
  json({ signedOut: true }, 200, { "Set-Cookie": clearedSessionCookie(request) }),
);
