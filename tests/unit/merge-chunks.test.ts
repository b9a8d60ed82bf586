import { describe, expect, it } from "vitest";
import { planChunks } from "../../scripts/merge-chunks.mjs";

/** A module graph as Rollup's manualChunks sees it: id → [bytes, static imports]. */
function graph(modules: Record<string, [number, string[]]>) {
  return {
    getModuleIds: () => Object.keys(modules)[Symbol.iterator](),
    getModuleInfo: (id: string) => (modules[id] ? { code: "x".repeat(modules[id][0]), importedIds: modules[id][1] } : null),
  };
}

const pages = new Map([
  ["a", ["entry", "root", "a"]],
  ["b", ["entry", "root", "b"]],
  ["c", ["entry", "root", "c"]],
  ["d", ["entry", "root", "d"]],
]);

describe("planChunks (scripts/merge-chunks.mjs)", () => {
  it("puts what the entry and root import into core, leaves entries alone, merges a small chunk where it costs least", () => {
    const plan = planChunks(
      graph({
        entry: [10, ["react"]],
        root: [10, ["react", "layout"]],
        a: [10, ["icon", "money", "editor"]],
        b: [10, ["icon", "money", "editor"]],
        c: [10, ["money"]],
        d: [10, []],
        react: [80_000, []],
        layout: [3_000, ["react"]],
        icon: [100, []],
        money: [100, []],
        editor: [5_000, []],
      }),
      pages,
      2_000,
    );
    expect(plan.get("react")).toBe("core");
    expect(plan.get("layout")).toBe("core");
    for (const entry of ["entry", "root", "a", "b", "c", "d"]) expect(plan.has(entry)).toBe(false);
    // icon has the same pages as editor (a, b): same chunk, no extra bytes anywhere.
    expect(plan.get("icon")).toBe(plan.get("editor"));
    expect(plan.get("editor")).not.toBe("core");
    // money (a, b, c): into core costs 100 B on page d; into editor's chunk 5.1 KB on page c.
    expect(plan.get("money")).toBe("core");
  });

  it("never makes chunks import each other in a circle (200 random module graphs)", () => {
    let seed = 42;
    const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
    const pageIds = ["a", "b", "c", "d", "e", "f"];
    const randomPages = new Map(pageIds.map((p) => [p, ["entry", "root", p]]));
    for (let run = 0; run < 200; run++) {
      const shared = Array.from({ length: 14 }, (_, i) => `m${i}`);
      const modules: Record<string, [number, string[]]> = {};
      // Shared modules import only later ones (a DAG, like esbuild's chunks).
      shared.forEach((id, i) => {
        modules[id] = [Math.floor(50 + random() * 3_000), shared.slice(i + 1).filter(() => random() < 0.15)];
      });
      const pick = () => shared.filter(() => random() < 0.25);
      modules.entry = [10, pick()];
      modules.root = [10, []];
      for (const p of pageIds) modules[p] = [10, pick()];
      const plan = planChunks(graph(modules), randomPages, 2_000);
      const chunkOf = (id: string) => plan.get(id) ?? id;
      const edges = new Map<string, Set<string>>();
      for (const [id, [, imports]] of Object.entries(modules)) {
        for (const dep of imports) {
          if (chunkOf(dep) === chunkOf(id)) continue;
          if (!edges.has(chunkOf(id))) edges.set(chunkOf(id), new Set());
          edges.get(chunkOf(id))!.add(chunkOf(dep));
        }
      }
      const state = new Map<string, "open" | "done">();
      const cyclic = (node: string): boolean => {
        if (state.get(node) === "open") return true;
        if (state.get(node) === "done") return false;
        state.set(node, "open");
        const found = [...(edges.get(node) ?? [])].some(cyclic);
        state.set(node, "done");
        return found;
      };
      expect([...edges.keys()].some(cyclic), `run ${run}`).toBe(false);
    }
  });
});
