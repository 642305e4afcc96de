import { AppError } from "@/lib/contract";
import { getDb } from "@/lib/server/db/database";
import { API_ROUTES } from "@/lib/contract/api-routes";
import { apiRoute, json } from "@/lib/server/http/route";
import { withSpend } from "@/lib/server/ledger/member-spend";
import { updateMember } from "@/lib/server/ledger/members";

export const dynamic = "force-dynamic";

export const POST = apiRoute(
  API_ROUTES["POST /api/members/{id}"],
  async ({ params: { id }, body: patch, member }) => {
    if (member?.id === id && patch.role === "member") {
      throw new AppError("invalid_request", "An admin cannot remove their own admin role.", {
        field: "role",
      });
    }
    const db = await getDb();
    const updated = await updateMember(db, id, patch);
    if (!updated) throw new AppError("not_found", "No team member with this id.");
    return json(await withSpend(db, updated));
  },
);
