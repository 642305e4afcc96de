/**
 * Settings every dashboard the e2e suite starts shares: password hashes at the lowest cost the
 * settings allow (16 MiB, 8× cheaper than the default), since sign-ins are in most sign-in specs
 * and the hashing code is the same at any cost; and an account record cached for 2 s instead of 10,
 * so the specs that wait for a changed balance or a fault to show wait that much less. The production
 * and container specs start theirs with the defaults, as an operator would.
 */
export const E2E_SERVER_ENV = {
  PASSWORD_HASH_COST: "14",
  ACCOUNT_CACHE_SECONDS: "2",
} as const;
