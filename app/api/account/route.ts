import { getAccount } from "@/lib/server/account";
import { apiRoute, json } from "@/lib/server/http/route";

export const dynamic = "force-dynamic";

export const GET = apiRoute({}, async () => json(await getAccount()));
