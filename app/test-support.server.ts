/**
 * The one door between the test suites and the app's process state. App modules hand their test
 * seams to this module (what a test may replace or forget), and read `underTest`; no app module
 * exports a function for tests, and only tests call the functions under "For tests".
 *
 * Seams today: the configuration and the SMTP transport are forgotten when a test changes the
 * environment (`resetEnvironment`), the file storage can be pointed at another backend
 * (`useStorageBackend`), the rate-limit clock can be faked (`useRateLimitClock`).
 *
 * Imports nothing, so every layer may use it.
 */

/** Running under Vitest: bad configuration throws instead of ending the process, the log is quieter
 * by default, and no background workers start (the tests drive them). */
export const underTest = Boolean(process.env.VITEST);

const resets: Array<() => void> = [];
let storageSeam: ((backend: unknown) => void) | undefined;
let clockSeam: ((clock: (() => Date) | null) => void) | undefined;

/** App side: how to forget state derived from the environment (called by `resetEnvironment`). */
export function registerEnvironmentReset(reset: () => void) {
  resets.push(reset);
}

/** App side (services/storage.server.ts): how to replace the storage backend. */
export function registerStorageSeam(replace: (backend: unknown) => void) {
  storageSeam = replace;
}

/** App side (services/rate-limit.server.ts): how to replace the rate-limit clock. */
export function registerClockSeam(replace: (clock: (() => Date) | null) => void) {
  clockSeam = replace;
}

// ─── For tests ──────────────────────────────────────────────────────────────────────────────

/** The environment changed: the configuration is parsed again and the SMTP transport reopened. */
export function resetEnvironment() {
  for (const reset of resets) reset();
}

/** Another storage backend (e.g. S3 against a loopback server); `undefined` → the configured one. */
export function useStorageBackend(backend: unknown) {
  if (!storageSeam) throw new Error("services/storage.server.ts is not loaded");
  storageSeam(backend);
}

/** A fake clock for the rate limits; `null` → the real one. */
export function useRateLimitClock(clock: (() => Date) | null) {
  if (!clockSeam) throw new Error("services/rate-limit.server.ts is not loaded");
  clockSeam(clock);
}
