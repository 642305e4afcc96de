import nextCoreWebVitals from "eslint-config-next/core-web-vitals";
import nextTypescript from "eslint-config-next/typescript";
import pluginQuery from "@tanstack/eslint-plugin-query";
// The layer map: @typescript-eslint/no-restricted-imports per folder (eslint/layers.mjs,
// tested on deliberate violations in test/lint/layers.test.ts).
import { layerConfigs } from "./eslint/layers.mjs";

const config = [
  ...nextCoreWebVitals,
  ...nextTypescript,
  ...pluginQuery.configs["flat/recommended"],
  ...layerConfigs,
  {
    ignores: [
      ".next/**",
      "node_modules/**",
      "data/**",
      "test-results/**",
      "playwright-report/**",
      "bench/results*",
      // The benches' own working files (seeded ledgers, logs, scratch), ignored by git too.
      "bench/tmp/**",
      "next-env.d.ts",
    ],
  },
];

export default config;
