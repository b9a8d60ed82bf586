import { getDatabaseHandle } from "../../db/client";

const TIMEOUT_MS = 2000;

/** True when the database answers a trivial query within two seconds. */
export async function checkDatabase(): Promise<boolean> {
  const handle = getDatabaseHandle();
  if (!handle) return false;
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      handle.ping(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error("timeout")), TIMEOUT_MS);
      }),
    ]);
    return true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
