import { dismiss } from "@/lib/server/notices/spend-notices";
import { API_ROUTES } from "@/lib/contract/api-routes";
import { apiRoute } from "@/lib/server/http/route";

export const dynamic = "force-dynamic";

export const POST = apiRoute(
  API_ROUTES["POST /api/notices/{id}/dismiss"],
  async ({ params: { id }, member }) => {
    await dismiss(member, id);
    return { dismissed: true } as const;
  },
);
