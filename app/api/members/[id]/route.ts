import { memberPatchSchema } from "@/lib/contract";
import { AppError } from "@/lib/contract/errors";
import { updateMember } from "@/lib/server/ledger/members";
import { withSpend } from "@/lib/server/ledger/member-spend";
import { getDb } from "@/lib/server/db";
import { apiRoute, json, parseWith, readJsonBody } from "@/lib/server/http/route";

export const dynamic = "force-dynamic";

const MEMBER_ID = /^mem_[A-Za-z0-9_-]{1,64}$/;

export const POST = apiRoute<{ id: string }>(
  async ({ request, params: { id }, member }) => {
    if (!MEMBER_ID.test(id)) throw new AppError("not_found", "No team member with this id.");
    const patch = parseWith(memberPatchSchema, await readJsonBody(request));
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
  { access: "admin" },
);
