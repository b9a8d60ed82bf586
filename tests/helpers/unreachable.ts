/**
 * Runs `fn` while the process database fails some (or all) query builders, as when the
 * database server is unreachable: to test the "Eroare la …" paths of actions.
 */
import { getDatabaseHandle, setDatabaseHandle } from "../../db/client";

/** An error as postgres.js reports a refused connection (isDatabaseUnavailable says yes). */
export function outageError(): Error {
  return Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
}

/**
 * `methods` fail (all when unset); `when` narrows it to calls whose arguments match (e.g. an
 * insert into one table); `error` is what they throw (a generic "connection refused" by default).
 */
export async function withFailingDatabase<T>(
  fn: () => Promise<T>,
  methods?: string[],
  options: { when?: (args: unknown[]) => boolean; error?: () => Error } = {},
): Promise<T> {
  const original = getDatabaseHandle();
  if (!original) throw new Error("no database");
  const db = new Proxy(original.db, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      if (!methods || methods.includes(String(property))) {
        return (...args: unknown[]) => {
          if (options.when && !options.when(args)) return (value as (...a: unknown[]) => unknown).apply(target, args);
          throw options.error?.() ?? new Error("connection refused");
        };
      }
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  setDatabaseHandle({ ...original, db });
  try {
    return await fn();
  } finally {
    setDatabaseHandle(original);
  }
}
