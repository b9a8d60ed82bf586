/**
 * Background housekeeping in the app process: `task` runs first after `firstDelayMs`, then every
 * `intervalMs`, never twice at once; a failure is logged as a warning and retried at the next
 * tick. The timers do not keep the process alive; the returned function stops them (shutdown).
 */
import { log } from "~/log.server";
import { recordJobRun, recordJobSuccess } from "./metrics.server";

export function every(name: string, intervalMs: number, firstDelayMs: number, task: () => Promise<void>): () => void {
  let running = false;
  const run = () => {
    if (running) return;
    running = true;
    const ended = recordJobRun(name);
    task()
      .then(() => recordJobSuccess(name))
      .catch((error: unknown) => log.warn(`${name} failed`, { error: String(error) }))
      .finally(() => {
        ended();
        running = false;
      });
  };
  const first = setTimeout(run, firstDelayMs);
  first.unref();
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
