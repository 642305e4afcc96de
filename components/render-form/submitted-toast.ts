/**
 * What the form says once a submission is answered: the render started, it waits for an admin's
 * approval, or the same request was answered a moment ago. Loaded with the first answer rather than
 * with the page (use-submit-render.ts).
 */
import { notify } from "@/components/ui/notify";
import type { RecentSubmission } from "@/lib/client/form";
import type { CreateRenderAnswer, CreateRenderResult } from "@/lib/contract";
import { formatCredits } from "@/lib/domain/format";
import { thisTab } from "./submission-browser";

/** `earlier`: the same request's answer a moment ago, from this tab or another, when there was one. */
export function submittedToast(result: CreateRenderAnswer, earlier: RecentSubmission | null): void {
  if (earlier) replayToast(earlier);
  else if ("state" in result) awaitingToast(result.estimateCredits);
  else startedToast(result);
}

function startedToast(result: CreateRenderResult) {
  const count = result.ids.length;
  const what = result.kind === "image" ? (count === 1 ? "Image" : `${count} images`) : "Video";
  const cost =
    result.creditsCharged > 0 ? `${formatCredits(result.creditsCharged)} charged` : "Included in plan";
  notify.success(`${what} started`, {
    description: `${result.renderModel} · ${cost}. Follow it in the gallery.`,
  });
}

/** Held for an admin's approval: nothing was sent, nothing charged. */
function awaitingToast(estimate: number | null) {
  notify.info("Waiting for an admin's approval", {
    description: `${estimate === null ? "Its cost is unknown" : `Estimated ${formatCredits(estimate)}`}. It starts once approved; nothing is charged until then.`,
  });
}

/** The same request answered with the render a moment ago: say so rather than "started" twice. */
function replayToast(earlier: RecentSubmission) {
  notify.info(
    earlier.tab === thisTab()
      ? "Already started a moment ago"
      : "Already started a moment ago in another tab",
    {
      description: "The same request within a few seconds starts one render. Follow it in the gallery.",
    },
  );
}
