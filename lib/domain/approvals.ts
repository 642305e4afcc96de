/**
 * Whether a render waits for an admin's approval before it is sent (docs/architecture.md, "Approval
 * before spending"). Pure, so the rule is tested without a server.
 */

/** The team settings the rule reads (lib/contract/team.ts). */
export interface ApprovalRule {
  /** Above this many estimated credits a render waits; null: approvals are off. */
  approvalAboveCredits: number | null;
  /** With approvals on, whether a render whose cost is unknown waits too. */
  approvalForUnknownCost: boolean;
}

/**
 * Why a render by a member of `role` estimated at `credits` (null: unknown) waits, or null when it
 * is sent at once. Admins approve, so their own renders never wait.
 */
export function approvalReason(
  rule: ApprovalRule,
  role: "admin" | "member",
  credits: number | null,
): "above-threshold" | "unknown-cost" | null {
  const threshold = rule.approvalAboveCredits;
  if (threshold === null || role === "admin") return null;
  if (credits === null) return rule.approvalForUnknownCost ? "unknown-cost" : null;
  return credits > threshold ? "above-threshold" : null;
}
