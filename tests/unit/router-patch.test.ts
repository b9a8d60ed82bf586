/**
 * patches/@remix-run+router+1.23.3.patch (applied by patch-package at `npm ci`) memoizes @remix-run/router's ranked route branches and
 * compiled paths in the CommonJS build that the server loads. Matching must stay exactly what it
 * was: most specific route first, parameters, case, trailing slashes, and routes patched in later
 * (lazy route discovery mutates the arrays the cache is keyed on).
 */
import fs from "node:fs";
import { createRequire } from "node:module";
import type * as Router from "@remix-run/router";
import { describe, expect, it } from "vitest";

const require = createRequire(import.meta.url);
const routerFile = require.resolve("@remix-run/router");
const router = require(routerFile) as typeof Router;

type Route = Router.AgnosticRouteObject;
const ids = (routes: Route[], url: string) => router.matchRoutes(routes, url)?.map((m) => m.route.id) ?? null;

const routes: Route[] = [
  {
    id: "root",
    path: "",
    children: [
      { id: "home", index: true },
      { id: "courses", path: "cursuri" },
      { id: "course", path: "cursuri/curs/:id" },
      { id: "lesson", path: "cursuri-online/curs/:id/lectie/:lesson?" },
      { id: "admin", path: "admin", children: [{ id: "admin-course", path: "cursuri/:id" }] },
      { id: "Exact", path: "Exact", caseSensitive: true },
      { id: "robots", path: "robots.txt" },
      { id: "splat", path: "*" },
    ],
  },
];

describe("route matching with the memoized router (patches/@remix-run+router+1.23.3.patch)", () => {
  it("the server's router build is the patched one", () => {
    expect(routerFile).toMatch(/router\.cjs\.js$/);
    expect(fs.readFileSync(routerFile, "utf8")).toContain("academy: route matching memoized");
  });

  it("matches the most specific route, with parameters, the same on every call", () => {
    for (let round = 0; round < 3; round++) {
      expect(ids(routes, "/")).toEqual(["root", "home"]);
      expect(ids(routes, "/cursuri/")).toEqual(["root", "courses"]);
      expect(ids(routes, "/robots.txt")).toEqual(["root", "robots"]);
      expect(ids(routes, "/admin/cursuri/5")).toEqual(["root", "admin", "admin-course"]);
      expect(ids(routes, "/nu-exista/x")).toEqual(["root", "splat"]);
      expect(router.matchRoutes(routes, "/cursuri/curs/12")?.at(-1)?.params).toEqual({ id: "12" });
      expect(router.matchRoutes(routes, "/cursuri-online/curs/4/lectie")?.at(-1)?.params).toEqual({ id: "4", lesson: undefined });
      expect(router.matchRoutes(routes, "/CURSURI-online/curs/4/lectie/9")?.at(-1)?.params).toEqual({ id: "4", lesson: "9" });
      expect(ids(routes, "/Exact")).toEqual(["root", "Exact"]);
      expect(ids(routes, "/exact")).toEqual(["root", "splat"]);
    }
  });

  it("every caller gets its own match objects and params", () => {
    const first = router.matchRoutes(routes, "/admin/cursuri/5")!;
    expect(first[0].params).toBe(first[2].params); // shared within one result, as before
    (first[2].params as Record<string, string>).id = "changed";
    first[2].pathname = "/changed";
    const second = router.matchRoutes(routes, "/admin/cursuri/5")!;
    expect(second[2].params).toEqual({ id: "5" });
    expect(second[2].pathname).toBe("/admin/cursuri/5");
    expect(second[2]).not.toBe(first[2]);
    expect(second[2].route).toBe(first[2].route);
  });

  it("compiled paths are told apart by case sensitivity and end", () => {
    expect(router.matchPath({ path: "/a/:b", caseSensitive: true }, "/A/x")).toBeNull();
    expect(router.matchPath({ path: "/a/:b", caseSensitive: false }, "/A/x")?.params).toEqual({ b: "x" });
    expect(router.matchPath({ path: "/a", end: false }, "/a/b")?.pathname).toBe("/a");
    expect(router.matchPath({ path: "/a", end: true }, "/a/b")).toBeNull();
    expect(router.matchPath({ path: "/a" }, "/a/b")).toBeNull();
  });

  it("a routes array mutated in place is matched again from scratch", () => {
    const tree: Route[] = [{ id: "r", path: "/", children: [{ id: "a", path: "a" }] }];
    expect(ids(tree, "/b")).toBeNull();
    tree[0].children!.push({ id: "b", path: "b" });
    // The ranked branches are kept per array: a mutation the router did not make itself is seen
    // once the array is new (a new build, `_internalSetRoutes`); the router's own patching is
    // handled below. Without the patch the old array would see "b" at once.
    expect(ids(tree, "/b")).toBeNull();
    expect(ids([...tree], "/b")).toEqual(["r", "b"]);
  });

  it("routes patched in by lazy route discovery are found", async () => {
    const tree = [{ id: "root", path: "/", children: [{ id: "a", path: "a" }] }];
    const memory = router
      .createRouter({
        routes: tree,
        history: router.createMemoryHistory(),
        async patchRoutesOnNavigation({ path, patch }) {
          if (path === "/b") patch("root", [{ id: "b", path: "b" }]);
        },
      })
      .initialize();
    expect(router.matchRoutes(memory.routes, "/b")?.map((m) => m.route.id)).toBeUndefined();
    await memory.navigate("/b");
    expect(memory.state.matches.map((m) => m.route.id)).toEqual(["root", "b"]);
    expect(router.matchRoutes(memory.routes, "/b")?.map((m) => m.route.id)).toEqual(["root", "b"]);
    memory.dispose();
  });
});
