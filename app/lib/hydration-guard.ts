/**
 * Keys, taps and changes made while React is still waiting to take over the page reach the page
 * but not React (app/entry.client.tsx), until Remix has decoded the page's data or the app's root
 * layout first renders in the browser (root.tsx calls `releaseHeldEvents()`): from then on
 * nothing in the page can make React wait.
 *
 * Why: React 18 hydrates the whole document at once when a discrete event reaches it before
 * hydration has finished. At the start the root cannot finish: Remix's `RemixBrowser` waits
 * (suspends) until the page's data, sent as a stream in the HTML, is decoded. A forced
 * hydration that meets that wait fails for good (React error #345, "Root did not complete"),
 * and the page stays as the server sent it, without scripts. The keyboard journey hit it: the
 * first Tab starts a course page's scripts (`hydrate: "on-interaction"`) and the next keys
 * arrived while they started. A visitor who keeps tapping on a slow phone would hit it too.
 *
 * What the visitor does meanwhile still happens: the browser's own action of each event (focus
 * moves, a box is ticked, text is typed, a form is posted as without JavaScript) is untouched;
 * only React's handlers do not run for it. The components already read what was ticked or typed
 * before they started (BuyerFields, the course price choice). Continuous events (scroll,
 * pointer moves) React only queues, and they pass.
 */
export const HELD_EVENTS = [
  "keydown",
  "keypress",
  "keyup",
  "beforeinput",
  "input",
  "change",
  "click",
  "auxclick",
  "dblclick",
  "contextmenu",
  "mousedown",
  "mouseup",
  "pointerdown",
  "pointerup",
  "pointercancel",
  "touchstart",
  "touchend",
  "touchcancel",
  "focusin",
  "focusout",
  "submit",
  "reset",
  "invalid",
  "copy",
  "cut",
  "paste",
  "compositionstart",
  "compositionupdate",
  "compositionend",
] as const;

let released = false;

/**
 * Called by the root layout when it renders in the browser. Its first render comes after
 * RemixBrowser's wait, and nothing below it suspends: a forced hydration can finish from here.
 */
export function releaseHeldEvents(): void {
  released = true;
}

/**
 * Whether RemixBrowser has its data: it stores the decoded state in `window.__remixContext.state`
 * and stops waiting. Read as well as the root's render so that the hold lasts no longer than the
 * wait itself (an event after it is handled by React as before: it hydrates at once, then runs
 * the handlers). If a Remix version stopped writing it, the root's render still lifts the hold.
 */
function dataDecoded(target: Window): boolean {
  return (target as Window & { __remixContext?: { state?: unknown } }).__remixContext?.state !== undefined;
}

/** Installs the hold on `target` (the window); it lifts itself at the first event after the release. */
export function holdDiscreteEventsUntilRendered(target: Window): void {
  const options = { capture: true } as const;
  const hold = (event: Event) => {
    if (!released && !dataDecoded(target)) {
      event.stopImmediatePropagation();
      return;
    }
    for (const name of HELD_EVENTS) target.removeEventListener(name, hold, options);
  };
  if (released) return;
  for (const name of HELD_EVENTS) target.addEventListener(name, hold, options);
}
