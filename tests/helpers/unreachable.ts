/**
 * Runs `fn` while the process database fails some (or all) query builders, as when the
 * database server is unreachable: to test the "Eroare la …" paths of actions.
 */
import { getDatabaseHandle, setDatabaseHandle } from "../../db/client";

export async function withFailingDatabase<T>(fn: () => Promise<T>, methods?: string[]): Promise<T> {
  const original = getDatabaseHandle();
  if (!original) throw new Error("no database");
  const db = new Proxy(original.db, {
    get(target, property, receiver) {
      if (!methods || methods.includes(String(property))) {
        return () => {
          throw new Error("connection refused");
        };
      }
      const value = Reflect.get(target, property, receiver);
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
