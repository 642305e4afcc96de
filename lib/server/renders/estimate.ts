import "server-only";
/**
 * Cost before submit. The spec publishes no prices, so the estimate comes from an admin's rate card
 * when one is configured, else from what the service actually charged this team for the same model
 * and resolution, else it says plainly that the cost will be known after submit.
 */
import type { CostEstimate } from "@/lib/contract";
import { effectiveDuration, findVideoModel } from "@/lib/domain/catalogue";
import { requestedModel, requestedResolution, type RenderRequest } from "@/lib/domain/render-request";
import { serverConfig } from "@/lib/server/runtime/config";
import { getDb } from "@/lib/server/db";
import { recentCharges } from "@/lib/server/ledger/renders";

/** Units a charge scales with: output seconds for video, variants for images. */
function units(request: RenderRequest): number {
  if (request.kind === "image") return request.imageCount ?? 1;
  const rule = findVideoModel(requestedModel(request))?.duration;
  return rule ? effectiveDuration(rule, request.durationSeconds ?? rule.min) : (request.durationSeconds ?? 1);
}

const unitName = (request: RenderRequest) => (request.kind === "image" ? "image" : "s");

export async function estimateCost(request: RenderRequest): Promise<CostEstimate> {
  const model = requestedModel(request);
  const resolution = requestedResolution(request);
  const label = [model, resolution].filter(Boolean).join(" ");
  const amount = units(request);

  const rate = serverConfig().RATE_CARD?.[`${model}:${resolution ?? ""}`];
  if (rate !== undefined) {
    return {
      credits: Math.round(rate * amount),
      source: "rate-card",
      basis: `rate card: ${rate} credits per ${unitName(request)} for ${label}`,
    };
  }

  const history = await recentCharges(await getDb(), model, resolution);
  if (history.length === 0) return { credits: null, source: "none", basis: null };
  const perUnit = history.map((h) => h.credits_charged / units(JSON.parse(h.params) as RenderRequest));
  const mean = perUnit.reduce((sum, value) => sum + value, 0) / perUnit.length;
  if (mean === 0)
    return { credits: 0, source: "plan", basis: `earlier ${label} renders were included in the plan` };
  const renders = history.length === 1 ? "render" : "renders";
  return {
    credits: Math.round(mean * amount),
    source: "history",
    basis: `from ${history.length} earlier ${label} ${renders}`,
  };
}
