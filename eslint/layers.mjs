/**
 * The layer map (docs/architecture.md), kept by ESLint: a module may import only from layers below
 * its own. Every cross-folder import goes through the `@/` alias (a `../` import is refused), so the
 * patterns below see every import there is.
 *
 *   app pages ─→ components ─→ lib/client ─→ lib/contract ─→ lib/domain
 *       └─→ lib/server/pages        app/api ─→ lib/server ─→ lib/render-api ─→ lib/domain
 *
 * Inside lib/server, folders are ranked; a folder imports its own rank or lower, never higher.
 */

/**
 * Server folders by rank, lowest first, as they really depend on each other: a folder imports only
 * from ranks below its own (and from itself), never from a folder of its own rank, so no import cycle
 * between folders can form.
 */
export const SERVER_RANKS = [
  ["runtime"],
  ["db"],
  ["ledger"],
  // Who is calling and may they (sessions, tokens, the throttle), the process's place in the
  // deployment, spend notices, and prices: what services are built on.
  ["access", "cluster", "notices", "rates"],
  ["account", "team"],
  // The outbox: messages by email, web push and chat, sent by the leader.
  ["outbox"],
  ["scheduler", "events"],
  // A render's output copied to the service as an upload, which creating a render also uses.
  ["references"],
  // The services routes call.
  [
    "renders",
    "uploads",
    "downloads",
    "boards",
    "presets",
    "shares",
    "tokens",
    "usage",
    "health",
    "openapi",
    "audit",
    "review",
  ],
  // Services built on creating renders.
  ["approvals", "runs"],
  ["http"],
  ["pages"],
];

/** What a route handler never reaches past its service for: the infrastructure under the services. */
const BELOW_SERVICES = ["runtime", "db", "ledger", "cluster", "scheduler"];

const below = (...paths) => paths.flatMap((p) => [p, `${p}/**`]);

// typescript-eslint's version of the rule, which can tell `import type` (erased) from a value import.
const rule = (groups) => ({
  "@typescript-eslint/no-restricted-imports": [
    "error",
    {
      patterns: [
        {
          group: ["../*", "../**"],
          message: "Import across folders through the @/ alias, so the layer rules can see it.",
        },
        ...groups,
      ],
    },
  ],
});

const forbid = (what, why) => ({ group: below(...what), message: why });

const BROWSER = ["@/components", "@/app", "@/lib/client"];

/**
 * Browser code reaches the contract's schemas (and zod) only on demand, through `apiFetch`'s picker
 * or `loadContract()`, so they stay out of the pages' first load: a static import may bring types
 * only. `lib/contract/errors` (the error class, no zod) is the one value import allowed.
 */
const SCHEMAS_ON_DEMAND = {
  regex:
    "^(@/lib/contract(/(?!errors$).*)?|@/lib/domain/(render-request|service-records)|zod(/.*)?|@hookform/resolvers(/.*)?)$",
  allowTypeImports: true,
  message:
    "Schemas load on demand in the browser: import types only, and reach schemas through apiFetch's picker or loadContract() (lib/client/contract-loader.ts).",
};
const SERVER = ["@/lib/server", "@/lib/render-api"];

/** A browser folder's rule; its tests (never shipped) may import schemas directly. */
function browserLayer(folder, layerGroup) {
  const files = [`${folder}/**/*.{ts,tsx}`];
  const tests = [`${folder}/**/*.test.{ts,tsx}`];
  return [
    { name: `layers/${folder}`, files, ignores: tests, rules: rule([layerGroup, SCHEMAS_ON_DEMAND]) },
    { name: `layers/${folder}/tests`, files: tests, rules: rule([layerGroup]) },
  ];
}

function serverLayers() {
  return SERVER_RANKS.flatMap((folders, rank) => {
    const higher = SERVER_RANKS.slice(rank + 1).flat();
    return folders.map((folder) => {
      const siblings = folders.filter((f) => f !== folder);
      return {
        name: `layers/lib/server/${folder}`,
        files: [`lib/server/${folder}/**/*.{ts,tsx}`],
        rules: rule([
          forbid(BROWSER, "Server code never imports browser code (components, pages, lib/client)."),
          ...(higher.length > 0
            ? [
                forbid(
                  higher.map((f) => `@/lib/server/${f}`),
                  `lib/server/${folder} is below ${higher.join(", ")}: a lower server module never imports a higher one (eslint/layers.mjs).`,
                ),
              ]
            : []),
          ...(siblings.length > 0
            ? [
                forbid(
                  siblings.map((f) => `@/lib/server/${f}`),
                  `lib/server/${folder} shares its rank with ${siblings.join(", ")}: folders of one rank never import each other, so no cycle forms (eslint/layers.mjs).`,
                ),
              ]
            : []),
        ]),
      };
    });
  });
}

export const layerConfigs = [
  {
    name: "layers/lib/domain",
    files: ["lib/domain/**/*.{ts,tsx}"],
    rules: rule([
      forbid(
        [...BROWSER, ...SERVER, "@/lib/contract"],
        "lib/domain is the bottom layer: pure rules and data, importing only itself.",
      ),
    ]),
  },
  {
    name: "layers/lib/contract",
    files: ["lib/contract/**/*.{ts,tsx}"],
    rules: rule([
      forbid(
        [...BROWSER, ...SERVER],
        "lib/contract declares shapes from lib/domain only; both sides import it.",
      ),
    ]),
  },
  {
    name: "layers/lib/render-api",
    files: ["lib/render-api/**/*.{ts,tsx}"],
    rules: rule([
      forbid(
        [...BROWSER, "@/lib/server", "@/lib/contract"],
        "lib/render-api is the Render Service's client: it knows lib/domain and the service, nothing of the dashboard.",
      ),
    ]),
  },
  ...browserLayer(
    "lib/client",
    forbid(
      [...SERVER, "@/components", "@/app"],
      "lib/client runs in the browser: it imports lib/contract and lib/domain, never the server or the UI.",
    ),
  ),
  ...browserLayer(
    "components",
    forbid(
      [...SERVER, "@/app"],
      "Components never import the server layer: data reaches them through lib/client or props.",
    ),
  ),
  {
    name: "layers/app/pages",
    files: ["app/**/*.{ts,tsx}"],
    // A page may sit under app/api (the API's reference, /api/docs); route handlers may not import as pages do.
    ignores: ["app/api/**/route.ts"],
    rules: rule([
      {
        regex: "^@/lib/server(/(?!pages(/|$)).*)?$",
        message: "Pages reach the server only through lib/server/pages, the loaders written for them.",
      },
      forbid(["@/lib/render-api"], "Pages never call the Render Service."),
    ]),
  },
  {
    name: "layers/app/api",
    files: ["app/api/**/route.ts"],
    rules: rule([
      forbid(
        [...BROWSER, "@/lib/server/pages"],
        "Route handlers are thin: they call server services, never browser code or page loaders.",
      ),
      forbid(
        BELOW_SERVICES.map((f) => `@/lib/server/${f}`),
        "A route handler calls one service and nothing below it: the database, the ledger, settings and the scheduler are the services' to use.",
      ),
    ]),
  },
  ...serverLayers(),
  {
    name: "layers/simulator",
    files: ["simulator/**/*.ts"],
    ignores: ["simulator/**/*.test.ts"],
    rules: rule([
      forbid(
        [...BROWSER, ...SERVER, "@/lib/contract"],
        "The simulator stands alone: it imports at most lib/domain (the model catalogue).",
      ),
    ]),
  },
];
