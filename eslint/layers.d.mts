/** Types for eslint/layers.mjs, which the layer rule's own tests import. */
import type { Linter } from "eslint";

export const SERVER_RANKS: string[][];
export const layerConfigs: Linter.Config[];
