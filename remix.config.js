/**
 * The test-only fixture endpoint (app/routes/api.test-hooks.$op.ts) is compiled only into a test
 * build: `ACADEMY_TEST_BUILD=1` (scripts/e2e.mjs, bench.mjs and test-faults.mjs set it). A
 * production build (`npm run build`, `npm start`) leaves it out; scripts/build.mjs checks the
 * built manifest for it, and a server started with TEST_HOOKS_TOKEN under NODE_ENV=production
 * without ACADEMY_TEST_BUILD=1 refuses to start (app/config.server.ts).
 */
export const TEST_HOOK_ROUTE_FILES = "**/api.test-hooks.*";

/** The route files Remix skips, for a production build or (`testBuild`) a test build. */
export function ignoredRouteFiles({ testBuild }) {
  return ["**/.*", "**/*.test.{ts,tsx}", "**/+shared/**", ...(testBuild ? [] : [TEST_HOOK_ROUTE_FILES])];
}

/** @type {import('@remix-run/dev').AppConfig} */
export default {
  ignoredRouteFiles: ignoredRouteFiles({ testBuild: process.env.ACADEMY_TEST_BUILD === "1" }),
  serverModuleFormat: "esm",
  serverPlatform: "node",
  // The server bundle keeps node_modules external (default for node); native and WASM
  // packages (PGlite, argon2) must not be bundled.
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
    v3_singleFetch: true,
  },
};
