/**
 * Component folders import each other one way only. A folder's imports of `@/components/<folder>…`
 * make a graph of folders, which must have no cycle: two folders that import each other can be
 * neither read nor changed apart, and what one loads pulls in the other. `ui` (primitives) and
 * `render` (what every feature shows of one render: its card, media, badges, fields and actions) sit
 * below the feature folders and import none of them; a feature folder may use another (a board's page
 * shows a gallery), never back. `layout` is used by app pages and is held to the same rule.
 *
 * The imports counted are a file's static ones (`import`, `import type`, `export … from`) and its
 * `import("…")` calls: code loaded on demand is still code the folder depends on.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

type FolderGraph = ReadonlyMap<string, ReadonlySet<string>>;

/** Folders below the feature folders, lowest first: each may import only the folders before it. */
const BELOW_FEATURES = ["ui", "render"];

const COMPONENT_FOLDER = /^@\/components\/([^/]+)/;

/** The component folders a file's imports name, as written in it. */
function importedFolders(fileName: string, source: string): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, false);
  const folders: string[] = [];
  const visit = (node: ts.Node) => {
    let specifier: ts.Expression | undefined;
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) specifier = node.moduleSpecifier;
    else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      specifier = node.arguments[0];
    }
    const folder = specifier && ts.isStringLiteral(specifier) && COMPONENT_FOLDER.exec(specifier.text)?.[1];
    if (folder) folders.push(folder);
    ts.forEachChild(node, visit);
  };
  visit(file);
  return folders;
}

/** Which folders each folder of `root` imports, leaving out a folder's imports of itself. */
function componentFolderGraph(root: string): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  const files = readdirSync(root, { recursive: true, encoding: "utf8" }).filter((f) => /\.tsx?$/.test(f));
  for (const file of files) {
    const [folder = file] = file.split(path.sep);
    const targets = graph.get(folder) ?? new Set<string>();
    graph.set(folder, targets);
    for (const target of importedFolders(file, readFileSync(path.join(root, file), "utf8"))) {
      if (target !== folder) targets.add(target);
    }
  }
  return graph;
}

/** The shortest way from `start` back to itself, as the folders passed (`start` first), if there is one. */
function shortestCycle(graph: FolderGraph, start: string): string[] | undefined {
  const cameFrom = new Map<string, string>();
  const queue = [start];
  for (const folder of queue) {
    for (const next of [...(graph.get(folder) ?? [])].sort()) {
      if (next === start) {
        const cycle = [folder];
        for (let at = folder; at !== start;) {
          at = cameFrom.get(at) ?? start;
          cycle.unshift(at);
        }
        return cycle;
      }
      if (!cameFrom.has(next)) {
        cameFrom.set(next, folder);
        queue.push(next);
      }
    }
  }
  return undefined;
}

/**
 * Every folder's shortest cycle, each written once from its alphabetically first folder:
 * `a ⇄ b` for two folders importing each other, `a → b → c → a` for a longer one.
 */
function folderCycles(graph: FolderGraph): string[] {
  const cycles = new Set<string>();
  for (const folder of [...graph.keys()].sort()) {
    const cycle = shortestCycle(graph, folder);
    if (!cycle) continue;
    const first = cycle.indexOf([...cycle].sort()[0] ?? folder);
    const turned = [...cycle.slice(first), ...cycle.slice(0, first)];
    cycles.add(turned.length === 2 ? turned.join(" ⇄ ") : [...turned, turned[0]].join(" → "));
  }
  return [...cycles].sort();
}

/** Imports of a folder below the features that reach up: `render → gallery`. */
function importsFromBelow(graph: FolderGraph): string[] {
  return BELOW_FEATURES.flatMap((folder, rank) =>
    [...(graph.get(folder) ?? [])]
      .filter((target) => !BELOW_FEATURES.slice(0, rank).includes(target))
      .sort()
      .map((target) => `${folder} → ${target}`),
  );
}

const graphOf = (edges: Record<string, string[]>): FolderGraph =>
  new Map(Object.entries(edges).map(([folder, targets]) => [folder, new Set(targets)]));

describe("component folders", () => {
  it("reads static imports, type imports, re-exports and import() calls of other component folders", () => {
    const source = [
      'import { RenderCard } from "@/components/render/render-card";',
      'import type { SelectionStore } from "@/components/render/selection";',
      "import {",
      "  Dialog,",
      '} from "@/components/ui/dialog";',
      'export { ShareButton } from "@/components/shares/share-button";',
      'const Picker = lazy(() => import("@/components/boards/board-picker"));',
      'import { near } from "./near";',
      'import { useQuery } from "@tanstack/react-query";',
      '// import { Gallery } from "@/components/gallery/gallery";',
      'const text = "@/components/team";',
    ].join("\n");
    expect(importedFolders("probe.tsx", source)).toEqual(["render", "render", "ui", "shares", "boards"]);
  });

  it.each([
    ["two folders importing each other", { gallery: ["boards"], boards: ["gallery"] }, ["boards ⇄ gallery"]],
    [
      "a longer cycle",
      { gallery: ["render-detail"], "render-detail": ["shares"], shares: ["gallery"], render: ["ui"] },
      ["gallery → render-detail → shares → gallery"],
    ],
    [
      "two cycles through one folder",
      { gallery: ["boards", "shares"], boards: ["gallery"], shares: ["gallery"] },
      ["boards ⇄ gallery", "gallery ⇄ shares"],
    ],
  ])("finds %s", (_, edges, cycles) => {
    expect(folderCycles(graphOf(edges))).toEqual(cycles);
  });

  it("finds no cycle where every import goes one way", () => {
    const graph = graphOf({
      gallery: ["render", "shares", "ui"],
      boards: ["gallery", "render", "shares", "ui"],
      shares: ["render", "ui"],
      render: ["ui"],
      ui: [],
    });
    expect(folderCycles(graph)).toEqual([]);
    expect(importsFromBelow(graph)).toEqual([]);
  });

  it("finds ui or render importing a folder above them", () => {
    const graph = graphOf({ render: ["gallery", "ui"], ui: ["render"], gallery: ["render"] });
    expect(importsFromBelow(graph)).toEqual(["ui → render", "render → gallery"]);
  });

  it("the tree's folders import each other one way only, and ui and render import no feature", () => {
    const graph = componentFolderGraph("components");
    // The reader sees the tree's imports (an empty graph would pass everything).
    expect(graph.get("gallery")).toContain("ui");
    expect(folderCycles(graph)).toEqual([]);
    expect(importsFromBelow(graph)).toEqual([]);
  });
});
