/**
 * The layer rule (eslint/layers.mjs) run by ESLint itself on deliberate violations, each linted as if
 * it sat at the given path: every one must fail with the layer message, and every allowed import pass.
 */
import { readdirSync } from "node:fs";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";
import { SERVER_RANKS } from "../../eslint/layers.mjs";

const LAYER_RULE = "@typescript-eslint/no-restricted-imports";
/**
 * Only the layer rule runs: the tree's other rules are `npm run lint`'s, and running them all here
 * doubles its time. The tree itself is held to the rule by `npm run lint`, which runs before these
 * tests; linting it again here took up to a minute of both cores beside the end-to-end suite.
 */
const eslint = new ESLint({ cwd: process.cwd(), ruleFilter: ({ ruleId }) => ruleId === LAYER_RULE });

async function layerErrors(filePath: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === LAYER_RULE).map((m) => m.message);
}

/** Deliberate violations, by the message the rule must give: [file linted as, import]. */
const VIOLATIONS_BY_MESSAGE: Record<string, [file: string, target: string][]> = {
  "Components never import the server layer": [
    ["components/gallery/probe.tsx", "@/lib/server/runtime/config"],
    ["components/gallery/probe.tsx", "@/lib/render-api"],
  ],
  "Pages reach the server only through lib/server/pages": [
    ["app/probe/page.tsx", "@/lib/server/db/database"],
    ["app/probe/page.tsx", "@/lib/server/ledger/renders"],
  ],
  "lib/client runs in the browser": [["lib/client/probe.ts", "@/lib/server/scheduler/process-scheduler"]],
  "Server code never imports browser code": [["lib/server/renders/probe.ts", "@/components/ui/card"]],
  "a lower server module never imports a higher one": [
    ["lib/server/ledger/probe.ts", "@/lib/server/scheduler/budget"],
    ["lib/server/team/probe.ts", "@/lib/server/http/route"],
    ["lib/server/runtime/probe.ts", "@/lib/server/db/database"],
    ["lib/server/notices/probe.ts", "@/lib/server/team/caps"],
  ],
  "lib/domain is the bottom layer": [["lib/domain/probe.ts", "@/lib/contract"]],
  "lib/contract declares shapes": [["lib/contract/probe.ts", "@/lib/server/runtime/config"]],
  "lib/render-api is the Render Service's client": [["lib/render-api/probe.ts", "@/lib/server/db/database"]],
  "Route handlers are thin": [["app/api/probe/route.ts", "@/components/gallery/gallery"]],
  "A route handler calls one service and nothing below it": [
    ["app/api/probe/route.ts", "@/lib/server/ledger/renders"],
    ["app/api/probe/route.ts", "@/lib/server/db/database"],
    ["app/api/probe/route.ts", "@/lib/server/runtime/config"],
    ["app/api/probe/route.ts", "@/lib/server/scheduler/process-scheduler"],
  ],
  "folders of one rank never import each other": [
    ["lib/server/boards/probe.ts", "@/lib/server/presets/service"],
    ["lib/server/access/probe.ts", "@/lib/server/notices/spend-notices"],
    ["lib/server/runs/probe.ts", "@/lib/server/approvals/service"],
  ],
  "The simulator stands alone": [["simulator/probe.ts", "@/lib/server/db/database"]],
  "through the @/ alias": [["components/gallery/probe.tsx", "../ui/card"]],
};
const VIOLATIONS = Object.entries(VIOLATIONS_BY_MESSAGE).flatMap(([message, cases]) =>
  cases.map(([file, target]) => [file, target, message] as const),
);

const ALLOWED: [string, string][] = [
  ["components/gallery/probe.tsx", "@/lib/client/queries/renders"],
  ["components/gallery/probe.tsx", "@/lib/contract/errors"],
  ["app/probe/page.tsx", "@/lib/server/pages/session"],
  ["app/probe/page.tsx", "@/components/gallery/gallery"],
  ["app/api/probe/route.ts", "@/lib/server/renders/create"],
  ["app/api/probe/route.ts", "@/lib/server/access/sign-in"],
  ["lib/server/approvals/probe.ts", "@/lib/server/renders/create"],
  ["lib/server/renders/probe.ts", "@/lib/server/access/makers"],
  ["lib/server/renders/probe.ts", "@/lib/server/scheduler/process-scheduler"],
  ["lib/server/scheduler/probe.ts", "@/lib/server/ledger/polling"],
  ["lib/server/ledger/probe.ts", "@/lib/server/db/database"],
  ["lib/contract/probe.ts", "@/lib/domain/catalogue"],
  ["simulator/probe.ts", "@/lib/domain/catalogue"],
  ["components/gallery/probe.tsx", "./render-card"],
];

describe("layer rule", () => {
  it.each(VIOLATIONS)("%s importing %s fails", async (file, target, message) => {
    const errors = await layerErrors(file, `import { x } from "${target}";\nexport const y = x;\n`);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain(message);
  });

  it.each(ALLOWED)("%s importing %s passes", async (file, target) => {
    expect(await layerErrors(file, `import { x } from "${target}";\nexport const y = x;\n`)).toEqual([]);
  });

  const SCHEMAS = "Schemas load on demand in the browser";
  it.each([
    [
      "components/gallery/probe.tsx",
      'import { renderRequestSchema } from "@/lib/domain/render-request";',
      SCHEMAS,
    ],
    ["components/gallery/probe.tsx", 'import { accountSchema } from "@/lib/contract";', SCHEMAS],
    ["lib/client/queries/probe.ts", 'import { ledgerRenderSchema } from "@/lib/contract/renders";', SCHEMAS],
    ["lib/client/probe.ts", 'import { z } from "zod/mini";', SCHEMAS],
    ["components/render-form/probe.tsx", 'import { zodResolver } from "@hookform/resolvers/zod";', SCHEMAS],
  ])("%s: %s fails (it would put zod in the first load)", async (file, source, message) => {
    const errors = await layerErrors(file, `${source}\nexport const y = 1;\n`);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain(message);
  });

  it.each([
    ["components/gallery/probe.tsx", 'import type { LedgerRender } from "@/lib/contract";'],
    ["lib/client/probe.ts", 'import type { RenderRequest } from "@/lib/domain/render-request";'],
    ["components/gallery/probe.tsx", 'import { isAppError } from "@/lib/contract/errors";'],
    ["lib/client/form/probe.test.ts", 'import { renderRequestSchema } from "@/lib/domain/render-request";'],
  ])("%s: %s passes", async (file, source) => {
    expect(await layerErrors(file, `${source}\nexport const y = 1;\n`)).toEqual([]);
  });

  it("every folder of lib/server has a rank, so none escapes the rule", () => {
    const folders = readdirSync("lib/server", { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort();
    expect(folders).toEqual(SERVER_RANKS.flat().sort());
  });
});
