/**
 * One-line logs: `level message key=value …`. Never pass secrets, tokens or passwords here.
 * A foundation module (beside config.server.ts): every layer may log, so it imports nothing of
 * the app but test-support.
 */
import { underTest } from "./test-support.server";
const LEVELS = { debug: 10, info: 20, warn: 30, error: 40 } as const;
type Level = keyof typeof LEVELS;

function threshold(): number {
  const configured = (process.env.LOG_LEVEL ?? (underTest ? "warn" : "info")) as Level;
  return LEVELS[configured] ?? LEVELS.info;
}

function format(fields?: Record<string, unknown>): string {
  if (!fields) return "";
  return Object.entries(fields)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => {
      const text =
        value instanceof Error ? errorText(value) : typeof value === "string" ? value : JSON.stringify(value);
      return ` ${key}=${/\s/.test(text ?? "") ? JSON.stringify(text) : text}`;
    })
    .join("");
}

/**
 * An error's message without query parameters: drizzle's "Failed query: …\nparams: …" would
 * otherwise put hashes, tokens or personal data into the log. The driver's reason is kept.
 */
function errorText(error: Error): string {
  const message = error.message.split("\nparams:")[0];
  const cause = error.cause instanceof Error ? error.cause.message : undefined;
  return cause && cause !== message ? `${message} (${cause})` : message;
}

/** Where an error was thrown: its first stack frames on one line (never the message's params). */
export function stackOf(error: unknown, frames = 6): string | undefined {
  if (!(error instanceof Error) || !error.stack) return undefined;
  const at = error.stack.split("\n").filter((line) => /^\s+at /.test(line)).slice(0, frames);
  return at.length ? at.map((line) => line.trim().replace(/^at /, "")).join(" < ") : undefined;
}

/** Told of every error logged: its message and the error's text (app/models/system-errors.server.ts). */
type ErrorListener = (message: string, detail: { error?: string; method?: string; path?: string }) => void;
const errorListeners = new Set<ErrorListener>();

/** Calls `listener` for every `log.error` (whatever LOG_LEVEL says); returns the unsubscribe. */
export function onErrorLogged(listener: ErrorListener): () => void {
  errorListeners.add(listener);
  return () => errorListeners.delete(listener);
}

function tellListeners(message: string, fields?: Record<string, unknown>) {
  const error = fields?.error;
  const detail = {
    error: error instanceof Error ? errorText(error) : error === undefined ? undefined : String(error),
    method: typeof fields?.method === "string" ? fields.method : undefined,
    path: typeof fields?.path === "string" ? fields.path : undefined,
  };
  for (const listener of errorListeners) {
    try {
      listener(message, detail);
    } catch {
      // A listener never breaks logging.
    }
  }
}

function write(level: Level, message: string, fields?: Record<string, unknown>) {
  if (level === "error" && errorListeners.size) tellListeners(message, fields);
  if (LEVELS[level] < threshold()) return;
  const line = `${level} ${message}${format(fields)}`;
  if (level === "error" || level === "warn") console.error(line);
  else console.log(line);
}

export const log = {
  debug: (message: string, fields?: Record<string, unknown>) => write("debug", message, fields),
  info: (message: string, fields?: Record<string, unknown>) => write("info", message, fields),
  warn: (message: string, fields?: Record<string, unknown>) => write("warn", message, fields),
  error: (message: string, fields?: Record<string, unknown>) => write("error", message, fields),
};
