/**
 * The contract's schemas, loaded on first use rather than with the page: they bring zod, which a
 * page needs only once it fetches or validates, both of which are asynchronous already. Types come
 * from `import type` and cost nothing.
 *
 * A failed load (the connection dropped, or the dashboard was redeployed under an open page and the
 * old chunk is gone) becomes the one error shape with a message a person can act on, and is not
 * remembered: the next call tries again.
 */
import { AppError } from "@/lib/contract/errors";

export type Contract = typeof import("@/lib/contract");

let contract: Promise<Contract> | undefined;

export function loadContract(): Promise<Contract> {
  contract ??= import("@/lib/contract").catch((cause: unknown) => {
    contract = undefined;
    throw new AppError(
      "upstream_unavailable",
      "Part of the dashboard could not be loaded. Check your connection, or reload the page if the dashboard was just updated.",
      { status: 0, cause },
    );
  });
  return contract;
}
