/**
 * A real OpenID provider for tests, in the test process: `oidc-provider` (certified) on a loopback
 * port, with one confidential client (the dashboard) and the accounts a test gives it, whose claims
 * a test may change between sign-ins. Its own development login and consent pages are on: any
 * password signs an account in. `signIn` goes through those pages over HTTP as a browser would (a
 * fresh cookie jar each time: a new browser), and answers where the provider sends the browser back.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import Provider from "oidc-provider";

export interface TestAccount {
  email?: string;
  email_verified?: boolean;
  name?: string;
  groups?: string[];
}

export const TEST_CLIENT = { id: "render-dashboard", secret: "a-client-secret-for-the-tests-only" };

export interface TestProvider {
  issuer: string;
  /** Accounts by subject (the login name on the provider's page). */
  accounts: Map<string, TestAccount>;
  /** Signs `subject` in at `authorizationUrl` through the login and consent pages; the redirect back. */
  signIn: (authorizationUrl: URL | string, subject: string) => Promise<URL>;
  close: () => Promise<void>;
}

const listen = (server: Server, port: number) =>
  new Promise<number>((resolve) =>
    server.listen(port, "127.0.0.1", () => resolve((server.address() as AddressInfo).port)),
  );

export async function startOidcProvider(options: {
  redirectUris: string[];
  accounts?: Record<string, TestAccount>;
  port?: number;
}): Promise<TestProvider> {
  const server = createServer();
  const port = await listen(server, options.port ?? 0);
  const issuer = `http://127.0.0.1:${port}`;
  const accounts = new Map(Object.entries(options.accounts ?? {}));
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: TEST_CLIENT.id,
        client_secret: TEST_CLIENT.secret,
        redirect_uris: options.redirectUris,
        grant_types: ["authorization_code"],
        response_types: ["code"],
      },
    ],
    async findAccount(_ctx, sub) {
      const account = accounts.get(sub);
      return account && { accountId: sub, claims: () => ({ sub, ...accounts.get(sub) }) };
    },
    // Groups with the profile, as Authentik sends them; the dashboard asks for no scope of its own.
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name", "groups"] },
    cookies: { keys: ["a-cookie-key-for-the-test-provider"] },
    features: { devInteractions: { enabled: true } },
  });
  // Quiet: the development pages and keys warn once per provider, which says nothing in a test.
  server.on("request", provider.callback());

  async function signIn(authorizationUrl: URL | string, subject: string): Promise<URL> {
    const jar = new Map<string, string>();
    const send = async (url: URL, init: RequestInit = {}) => {
      const cookie = [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
      const response = await fetch(url, {
        ...init,
        redirect: "manual",
        headers: { ...(init.headers as Record<string, string>), ...(cookie && { cookie }) },
      });
      for (const set of response.headers.getSetCookie()) {
        const [pair = ""] = set.split(";");
        const at = pair.indexOf("=");
        jar.set(pair.slice(0, at), pair.slice(at + 1));
      }
      return response;
    };
    let url = new URL(authorizationUrl);
    for (let step = 0; step < 10; step++) {
      if (url.origin !== issuer) return url;
      const response = await send(url);
      const location = response.headers.get("location");
      if (location) {
        url = new URL(location, url);
        continue;
      }
      // A login or consent page: submit it as a person would.
      const page = await response.text();
      const prompt = /name="prompt" value="(\w+)"/.exec(page)?.[1];
      if (!prompt) throw new Error(`The provider answered ${response.status}: ${page.slice(0, 500)}`);
      const form = new URLSearchParams({ prompt, login: subject, password: "any password" });
      const submitted = await send(url, {
        method: "POST",
        body: form.toString(),
        headers: { "content-type": "application/x-www-form-urlencoded" },
      });
      url = new URL(submitted.headers.get("location") ?? "", url);
    }
    throw new Error("The provider did not send the browser back within 10 steps.");
  }

  return {
    issuer,
    accounts,
    signIn,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
