// No folder of the server imports, through any chain, a folder that imports
// it (issue 28): each folder is a layer that can be read without the ones
// above it. The files at server/ itself (the composition root beside the
// errors, log and configuration everything uses) and the test helpers are
// left out; type-only imports do not count, as they vanish from the build.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const SERVER = path.resolve(import.meta.dirname);
const IMPORT = /^(import|export)(?! type)[^;]*?from\s+["']([^"']+)["']/gm;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === "testing" ? [] : sourceFiles(full);
    const source = name.endsWith(".ts") && !/\.test\.ts$|fixture/.test(name);
    return source ? [full] : [];
  });
}

function resolve(from: string, spec: string): string | undefined {
  if (spec.startsWith("#server/")) return path.join(SERVER, spec.slice("#server/".length));
  if (spec.startsWith("."))
    return path.resolve(path.dirname(from), `${spec.replace(/\.ts$/, "")}.ts`);
  return undefined;
}

/** Folder to the folders its files import, the server root left out. */
function folderGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of sourceFiles(SERVER)) {
    const from = path.dirname(file);
    if (from === SERVER) continue;
    for (const match of readFileSync(file, "utf8").matchAll(IMPORT)) {
      const target = resolve(file, match[2] ?? "");
      const to = target && path.dirname(target);
      if (!to || to === from || to === SERVER) continue;
      const edges = graph.get(from) ?? new Set<string>();
      graph.set(from, edges.add(to));
    }
  }
  return graph;
}

/** A chain of folders that comes back to its start, if any. */
function findCycle(graph: Map<string, Set<string>>): string[] | undefined {
  const done = new Set<string>();
  const visit = (node: string, trail: string[]): string[] | undefined => {
    const seen = trail.indexOf(node);
    if (seen >= 0) return [...trail.slice(seen), node];
    if (done.has(node)) return undefined;
    for (const next of graph.get(node) ?? []) {
      const cycle = visit(next, [...trail, node]);
      if (cycle) return cycle;
    }
    done.add(node);
    return undefined;
  };
  for (const node of graph.keys()) {
    const cycle = visit(node, []);
    if (cycle) return cycle;
  }
  return undefined;
}

describe("the server's folders", () => {
  it("import one another without a cycle", () => {
    const cycle = findCycle(folderGraph())?.map((dir) => path.relative(SERVER, dir));
    expect(cycle).toBeUndefined();
  });

  it("would see a cycle", () => {
    const graph = new Map([
      ["a", new Set(["b"])],
      ["b", new Set(["c"])],
      ["c", new Set(["a"])],
    ]);
    expect(findCycle(graph)).toEqual(["a", "b", "c", "a"]);
  });
});
