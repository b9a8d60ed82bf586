/**
 * The inline starters of `hydrate: "on-interaction"` and `"after-paint"` pages (route-handle.ts).
 * Server only: root.tsx renders them into the HTML; in the browser the app is already running
 * and renders its scripts directly, so the strings need not travel in the page's JavaScript too.
 */
import { CRITICAL_CSS_ID } from "~/lib/whole-stylesheet";

/**
 * The inline script that starts a `hydrate: "on-interaction"` or `"after-paint"` page: on the
 * first interaction (and, after paint, once the page has loaded and a frame is painted) it puts the scripts
 * held in `<template id="app-scripts">` where the template stands (cloned, so they run; with
 * this script's CSP nonce), hands them the single-fetch data chunks that arrived meanwhile,
 * then removes the template and itself, leaving the DOM exactly as React rendered it on the
 * server so hydration matches. An after-paint page is marked `<html data-start="after-paint">`;
 * `<html data-hydrated>` says React has taken over (tests tap before and during that too:
 * cart-first-tap.spec.ts, first-tap.spec.ts).
 *
 * Inside (no comments in the string: it is sent in the HTML of every such page):
 * - single fetch sends the page's data in inline scripts that run as the page arrives
 *   (`window.__remixContext.streamController.enqueue`); the app's stream does not exist yet, so
 *   the chunks are held and handed to it once its scripts have run;
 * - the whole stylesheet (named by the critical CSS) is added with the scripts, so it downloads
 *   alongside them; React waits for it (whole-stylesheet.ts, entry.client.tsx). Nothing else adds
 *   it before this runs (the app's scripts start here), so there is no link to look for first;
 * - after paint: once the page's own files (font, images) are in and its first paint is on
 *   screen, after the next frame. With the critical CSS inline, `load` can come before the first
 *   frame is shown: the paint timing entry (where the browser has one) waits for it, so the
 *   scripts never compete with the first paint on a slow link.
 */
export function startScriptsLater(afterPaint: boolean): string {
  return `(function () {
  var template = document.getElementById("app-scripts");
  var self = document.currentScript;
  if (!template || !self) return;
  var nonce = self.nonce;
  var started = false;
  var held = [];
  var closed = false;
  window.__remixContext = {
    streamController: {
      enqueue: function (chunk) { held.push(chunk); },
      close: function () { closed = true; },
    },
  };
  var events = ["pointerdown", "pointermove", "touchstart", "keydown", "focusin", "scroll", "wheel"];
  var options = { capture: true, passive: true };
  function start() {
    if (started) return;
    started = true;
    events.forEach(function (name) { window.removeEventListener(name, start, options); });
    var critical = document.getElementById("${CRITICAL_CSS_ID}");
    var href = critical && critical.getAttribute("data-href");
    if (href) {
      var link = document.createElement("link");
      link.rel = "stylesheet";
      link.href = href;
      document.head.appendChild(link);
    }
    var scripts = document.importNode(template.content, true);
    scripts.querySelectorAll("script").forEach(function (script) { script.nonce = nonce; });
    template.parentNode.insertBefore(scripts, template);
    var controller = window.__remixContext.streamController;
    held.forEach(function (chunk) { controller.enqueue(chunk); });
    if (closed) controller.close();
    template.remove();
    self.remove();
  }
  events.forEach(function (name) { window.addEventListener(name, start, options); });${
    afterPaint
      ? `
  document.documentElement.dataset.start = "after-paint";
  function afterFrame() { requestAnimationFrame(function () { setTimeout(start, 0); }); }
  function afterPaint() {
    try {
      if (performance.getEntriesByName("first-contentful-paint").length) return afterFrame();
      new PerformanceObserver(function (list, observer) {
        if (!list.getEntriesByName("first-contentful-paint").length) return;
        observer.disconnect();
        afterFrame();
      }).observe({ type: "paint", buffered: true });
    } catch (error) { afterFrame(); }
  }
  if (document.readyState === "complete") afterPaint();
  else window.addEventListener("load", afterPaint, { once: true });`
      : ""
  }
})();`;
}

export const START_ON_INTERACTION = startScriptsLater(false);
export const START_AFTER_PAINT = startScriptsLater(true);
