/**
 * The test fixture endpoint (app/routes/api.test-hooks.$op.ts: creating an admin, logging in as
 * anyone) is not part of a production build. remix.config.js leaves it out unless
 * ACADEMY_TEST_BUILD=1; here the route tree Remix compiles is computed both ways, and the build
 * manifest in public/build, when the last build there was a production build (`npm run build`,
 * `npm start`; .ci/run runs this file again after its `npm start` smoke test), is read for it.
 */
import fs from "node:fs";
import path from "node:path";
import { UNSAFE_flatRoutes as flatRoutes } from "@remix-run/dev";
import { describe, expect, it } from "vitest";
import { ignoredRouteFiles } from "../../remix.config.js";
import { isTestBuild, testHookRoutes } from "../../scripts/build.mjs";
import { readManifest } from "../../scripts/bundle-report.mjs";

const root = path.resolve(import.meta.dirname, "../..");
const routeIds = (testBuild: boolean) => Object.keys(flatRoutes(path.join(root, "app"), ignoredRouteFiles({ testBuild })));
const built = fs.existsSync(path.join(root, "public", "build")) && fs.existsSync(path.join(root, "build", "index.js"));
/** .ci/run sets it after its smoke test built the production site: then this check may not skip. */
const required = process.env.CHECK_PRODUCTION_BUILD === "1";

describe("test hooks and the production build", () => {
  it("a production build compiles no test hook route; a test build does", () => {
    const production = routeIds(false);
    expect(production).toContain("routes/cont");
    expect(production.filter((id) => id.includes("test-hooks"))).toEqual([]);
    expect(routeIds(true)).toContain("routes/api.test-hooks.$op");
  });

  it.skipIf(!required && (!built || isTestBuild(root)))("the production build's manifest has no test hook route", () => {
    expect(isTestBuild(root), "build/ holds a test build (ACADEMY_TEST_BUILD=1)").toBe(false);
    const manifest = readManifest();
    expect(Object.keys(manifest.routes)).toContain("routes/cont");
    expect(testHookRoutes(manifest)).toEqual([]);
    expect(fs.readFileSync(path.join(root, "build", "index.js"), "utf8")).not.toContain("test-hooks");
  });
});
