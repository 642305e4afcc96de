/**
 * The contract's schemas, loaded on first use rather than with the page: they bring zod, which a
 * page needs only once it fetches or validates, both of which are asynchronous already. Types come
 * from `import type` and cost nothing.
 */
export type Contract = typeof import("@/lib/contract");

let contract: Promise<Contract> | undefined;

export function loadContract(): Promise<Contract> {
  contract ??= import("@/lib/contract");
  return contract;
}
