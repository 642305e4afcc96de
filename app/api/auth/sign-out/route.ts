import { clearedSessionCookie } from "@/lib/server/auth/session";
import { apiRoute, json } from "@/lib/server/http";

export const dynamic = "force-dynamic";

export const POST = apiRoute(
  async ({ request }) => {
    return json({ signedOut: true }, 200, { "Set-Cookie": clearedSessionCookie(request) });
  },
  { access: "public" },
);
