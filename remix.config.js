/** @type {import('@remix-run/dev').AppConfig} */
export default {
  ignoredRouteFiles: ["**/.*", "**/*.test.{ts,tsx}", "**/+shared/**"],
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
