import { decide, withdraw } from "@/lib/server/review/decisions";
import { API_ROUTES } from "@/lib/contract/api-routes";
import { apiRoute } from "@/lib/server/http/route";

export const dynamic = "force-dynamic";

export const PUT = apiRoute(
  API_ROUTES["PUT /api/renders/{id}/review"],
  async ({ params: { id }, body, actor }) => decide(id, body, actor),
);

export const DELETE = apiRoute(
  API_ROUTES["DELETE /api/renders/{id}/review"],
  async ({ params: { id }, actor }) => withdraw(id, actor),
);
