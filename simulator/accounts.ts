/**
 * Built-in accounts and API keys, authentication (spec §5) and the credit balance.
 *
 * Keys are fixed strings so that a developer, a test and a demo can all use them without setup.
 * Two keys share one Team account to show that balance and limits are per account, not per key.
 */
import { SimError } from "./errors";

export type Plan = "team" | "free";

export interface Account {
  readonly id: string;
  readonly plan: Plan;
  readonly planLabel: string;
  readonly monthlyGrant: number;
  readonly startingBalance: number;
  balance: number;
}

export interface ApiKey {
  readonly key: string;
  readonly name: string;
  readonly accountId: string;
  readonly revoked: boolean;
}

export interface Caller {
  readonly account: Account;
  readonly key: ApiKey;
}

const ACCOUNT_SEEDS: readonly Omit<Account, "balance">[] = [
  { id: "acct_team", plan: "team", planLabel: "Team", monthlyGrant: 5000, startingBalance: 5000 },
  { id: "acct_studio", plan: "team", planLabel: "Team", monthlyGrant: 5000, startingBalance: 5000 },
  { id: "acct_free", plan: "free", planLabel: "Free", monthlyGrant: 0, startingBalance: 0 },
];

const BUILT_IN_KEYS: readonly ApiKey[] = [
  { key: "rs_live_demo_team_1", name: "demo-team-1", accountId: "acct_team", revoked: false },
  { key: "rs_live_demo_team_2", name: "demo-team-2", accountId: "acct_team", revoked: false },
  { key: "rs_live_demo_revoked", name: "demo-revoked", accountId: "acct_team", revoked: true },
  { key: "rs_live_demo_studio", name: "demo-studio", accountId: "acct_studio", revoked: false },
  { key: "rs_live_demo_free", name: "demo-free", accountId: "acct_free", revoked: false },
];

const LIVE_KEY = /^rs_live_[A-Za-z0-9_]{4,200}$/;
const BEARER = /^Bearer[ \t]+(\S+)[ \t]*$/i;

export class Accounts {
  private readonly accounts = new Map<string, Account>();
  private readonly keys = new Map(BUILT_IN_KEYS.map((k) => [k.key, k]));

  constructor() {
    this.reset();
  }

  reset(): void {
    this.accounts.clear();
    for (const seed of ACCOUNT_SEEDS) this.accounts.set(seed.id, { ...seed, balance: seed.startingBalance });
  }

  /** Balances saved by an earlier run; accounts it did not know keep their starting balance. */
  restoreBalances(balances: Readonly<Record<string, number>>): void {
    for (const account of this.accounts.values()) account.balance = balances[account.id] ?? account.balance;
  }

  all(): Account[] {
    return [...this.accounts.values()];
  }

  get(accountId: string): Account | undefined {
    return this.accounts.get(accountId);
  }

  /** The caller behind an `Authorization` header, or the 401/403 the spec prescribes. */
  authenticate(header: string | undefined): Caller {
    if (!header)
      throw new SimError("unauthorized", "Missing API key: send 'Authorization: Bearer <API_KEY>'");
    const token = BEARER.exec(header)?.[1];
    if (!token || !LIVE_KEY.test(token)) throw new SimError("unauthorized", "Malformed API key");
    const key = this.keys.get(token);
    if (!key) throw new SimError("unauthorized", "Invalid API key");
    if (key.revoked) throw new SimError("unauthorized", "This API key has been revoked");
    const account = this.accounts.get(key.accountId);
    if (!account) throw new SimError("unauthorized", "Invalid API key");
    if (account.plan === "free") {
      throw new SimError("plan_required", "API access requires a paid plan (Team or above)");
    }
    return { account, key };
  }

  /**
   * Debits when the balance covers the amount. Synchronous on purpose: with no await between the
   * check and the write, concurrent creates cannot both pass the check on the same credits.
   */
  tryDebit(account: Account, amount: number): boolean {
    if (amount > account.balance) return false;
    account.balance -= amount;
    return true;
  }

  refund(account: Account, amount: number): void {
    account.balance += amount;
  }
}

export function accountRecord({ account, key }: Caller) {
  return {
    plan: account.plan,
    planLabel: account.planLabel,
    renderCreditsBalance: account.balance,
    monthlyGrant: account.monthlyGrant,
    key: { name: key.name, last4: key.key.slice(-4) },
  };
}
