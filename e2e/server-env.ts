/**
 * Settings every dashboard the e2e suite starts shares: password hashes at the lowest cost the
 * settings allow (16 MiB, 8× cheaper than the default), since sign-ins are in most sign-in specs
 * and the hashing code is the same at any cost. The production and container specs start theirs
 * with the defaults, as an operator would.
 */
export const E2E_SERVER_ENV = { PASSWORD_HASH_COST: "14" } as const;
