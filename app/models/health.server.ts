import { getDatabaseHandle } from "../../db/client";

const TIMEOUT_MS = 800;

/** True when the database answers a trivial query within 0.8 s (/healthz must answer within 1 s). */
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
