/**
 * axe-core run in the page as it is, with JavaScript on or off. The page's own scripts may be
 * disabled (the no-js project): Playwright's `evaluate` still runs in the page, so axe's source
 * is evaluated there and `axe.run` called, instead of @axe-core/playwright's builder. With
 * scripts disabled the page's timers never fire, and axe schedules its steps with them: for the
 * audit, setTimeout and requestAnimationFrame run their callback as a microtask instead (no
 * script of the page runs there, so nothing else sees them), and the stylesheet preload, whose
 * only use is a timeout-guarded fetch, is off.
 */
import fs from "node:fs";
import { createRequire } from "node:module";
import { expect, type Page } from "@playwright/test";
import type { AxeResults } from "axe-core";

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

export interface Violation {
  id: string;
  impact: string | null | undefined;
  nodes: string[];
}

/** axe's violations on the page now, limited to `tags` (every rule when omitted). */
export async function axeViolations(page: Page, tags?: string[]): Promise<Violation[]> {
  // A <noscript> parses its content as markup only where scripting is disabled.
  const scriptsOff = await page.evaluate(() => {
    const probe = document.createElement("noscript");
    probe.innerHTML = "<b></b>";
    return probe.children.length === 1;
  });
  // axe reads colours as they are painted now. A button half-way through its colour transition
  // (the checkout's button, enabled again as the transfer dialog opens) or an overlay fading in
  // measures as a contrast failure no reader sees past the fade. Wait until no animation or
  // transition is in progress; those still waiting out a delay (a toast's exit) and endless ones
  // do not count.
  await expect
    .poll(
      () =>
        page.evaluate(
          () =>
            document.getAnimations().filter((animation) => {
              const timing = animation.effect?.getComputedTiming();
              if (animation.playState !== "running" || !timing) return false;
              const time = Number(timing.localTime ?? 0);
              const start = timing.delay ?? 0;
              const end = start + Number(timing.activeDuration);
              return Number.isFinite(end) && time >= start && time < end;
            }).length,
        ),
      { message: "animations and transitions in progress before axe runs", timeout: 5_000 },
    )
    .toBe(0);
  const loaded = await page.evaluate(() => typeof (window as unknown as { axe?: unknown }).axe === "object");
  if (!loaded) await page.evaluate(axeSource);
  if (scriptsOff) {
    await page.evaluate(() => {
      let next = 1;
      const cancelled = new Set<number>();
      const soon = (callback: (...args: unknown[]) => void, _ms?: number, ...args: unknown[]) => {
        const id = next++;
        void Promise.resolve().then(() => {
          if (!cancelled.has(id)) callback(...args);
        });
        return id;
      };
      Object.assign(window, {
        setTimeout: soon,
        clearTimeout: (id: number) => cancelled.add(id),
        requestAnimationFrame: (callback: (time: number) => void) => soon(() => callback(performance.now())),
      });
    });
  }
  const results = await page.evaluate(
    ({ only, preload }) =>
      (window as unknown as { axe: { run: (context: Document, options: object) => Promise<AxeResults> } }).axe.run(document, {
        preload,
        ...(only ? { runOnly: { type: "tag", values: only } } : {}),
      }),
    { only: tags ?? null, preload: !scriptsOff },
  );
  return results.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => n.target.join(" ")).slice(0, 5) }));
}
