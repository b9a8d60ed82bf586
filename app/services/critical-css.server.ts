/**
 * Critical CSS (issue 31): a stored page carries, in its <head>, the rules of the stylesheet that
 * can match its own markup, instead of a render-blocking request for the whole stylesheet. The
 * first paint then needs nothing but the document.
 *
 * The built stylesheet (public/build/_assets/app-*.css, esbuild's minified output) is indexed once
 * per process: every rule with, for each selector of its list, the classes that selector needs.
 * Classes inside functional pseudo-classes (:not(), :is(), :has()…) are not counted, so
 * a rule is kept whenever it might match; rules without a class (elements, :root, @font-face,
 * @keyframes) are always kept. For a page, the classes of its markup (every class="…") decide, in
 * well under a millisecond; the result is kept per set of classes. The cascade is unchanged: the
 * kept rules stay in their order and @media/@supports blocks, and the whole stylesheet, which the
 * page loads with its scripts, before React takes over (app/lib/whole-stylesheet.ts), repeats
 * every rule after them.
 *
 * Without scripts the page never needs more: its state changes only by loading a new document.
 * Classes that the page's inline scripts add before the app starts (page-keys.ts) are listed in
 * SCRIPT_CLASSES.
 */
import fs from "node:fs";
import path from "node:path";
import { CRITICAL_CSS_ID } from "~/lib/whole-stylesheet";

/** Classes put on elements by the inline scripts that run without the app (page-keys.ts). */
const SCRIPT_CLASSES = ["toast--aside"];

type Rule = { css: string; needs: string[][] | null; keyframes?: string };
export type Block = { prelude: string | null; rules: Rule[] };

// Where the critical CSS goes (CRITICAL_CSS_ID): root.tsx renders this element, empty, and fillCriticalCss fills it.
/** The empty element root.tsx renders (its attributes, e.g. data-href, are kept). */
const PLACEHOLDER_OPEN = `<style id="${CRITICAL_CSS_ID}"`;
const PLACEHOLDER_CLOSE = "></style>";

let index: Block[] | null | undefined;
const byClasses = new Map<string, string>();

/** The top-level pieces of a minified stylesheet: `prelude{body}` each (strings and parentheses respected). */
function pieces(css: string): { prelude: string; body: string }[] {
  const out: { prelude: string; body: string }[] = [];
  let depth = 0;
  let start = 0;
  let open = -1;
  let quote: string | null = null;
  for (let i = 0; i < css.length; i++) {
    const c = css[i];
    if (quote) {
      if (c === "\\") i++;
      else if (c === quote) quote = null;
      continue;
    }
    if (c === '"' || c === "'") quote = c;
    else if (c === "/" && css[i + 1] === "*") {
      const end = css.indexOf("*/", i + 2);
      i = end === -1 ? css.length : end + 1;
      if (depth === 0) start = i + 1;
    } else if (c === "{") {
      if (depth === 0) open = i;
      depth++;
    } else if (c === "}") {
      depth--;
      if (depth === 0) {
        out.push({ prelude: css.slice(start, open).trim(), body: css.slice(open + 1, i) });
        start = i + 1;
      }
    } else if (c === ";" && depth === 0) {
      // A top-level statement such as @charset or @import: kept as it is.
      out.push({ prelude: css.slice(start, i + 1).trim(), body: "" });
      start = i + 1;
    }
  }
  return out;
}

/** Splits a selector list at its top-level commas. */
function selectors(list: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < list.length; i++) {
    const c = list[i];
    if (c === "(" || c === "[") depth++;
    else if (c === ")" || c === "]") depth--;
    else if (c === "," && depth === 0) {
      out.push(list.slice(start, i));
      start = i + 1;
    }
  }
  out.push(list.slice(start));
  return out;
}

/** The classes an element must have somewhere in the page for this selector to match. */
export function classesNeeded(selector: string): string[] {
  let s = selector;
  // Drop functional pseudo-classes (:not(), :is(), :where(), :has(), :nth-child()…) with their
  // arguments, innermost first: their classes are alternatives, negations or conditions.
  for (let guard = 0; guard < 20 && /:[\w-]+\(/.test(s); guard++) {
    s = s.replace(/:[\w-]+\([^()]*\)/g, "");
  }
  s = s.replace(/\[[^\]]*\]/g, "");
  return [...s.matchAll(/\.(-?[A-Za-z_][\w-]*)/g)].map((m) => m[1]);
}

function ruleOf(prelude: string, body: string): Rule {
  const css = body === "" && prelude.endsWith(";") ? prelude : `${prelude}{${body}}`;
  const keyframes = /^@keyframes\s+(\S+)/.exec(prelude)?.[1];
  if (keyframes) return { css, needs: null, keyframes };
  if (prelude.startsWith("@")) return { css, needs: null };
  const needs = selectors(prelude).map(classesNeeded);
  return { css, needs: needs.some((n) => n.length === 0) ? null : needs };
}

/** The index of a stylesheet's text: top-level rules, and @media/@supports blocks of rules. */
export function indexStylesheet(css: string): Block[] {
  const blocks: Block[] = [];
  for (const { prelude, body } of pieces(css)) {
    if (/^@(media|supports|layer|container)\b/.test(prelude)) {
      blocks.push({ prelude, rules: pieces(body).map((p) => ruleOf(p.prelude, p.body)) });
    } else {
      const last = blocks.at(-1);
      const rule = ruleOf(prelude, body);
      if (last && last.prelude === null) last.rules.push(rule);
      else blocks.push({ prelude: null, rules: [rule] });
    }
  }
  return blocks;
}

/**
 * The rules of an indexed stylesheet that may match a page with these classes, in their order;
 * an @keyframes only when a kept rule names it.
 */
export function criticalRules(blocks: Block[], classes: Set<string>): string {
  const matches = (rule: Rule) => rule.needs === null || rule.needs.some((needs) => needs.every((c) => classes.has(c)));
  const used = blocks.flatMap((b) => b.rules.filter((r) => !r.keyframes && matches(r)).map((r) => r.css)).join("");
  const keep = (rule: Rule) => (rule.keyframes ? new RegExp(`[\\s:,]${rule.keyframes}[\\s;,}!]`).test(used) : matches(rule));
  let out = "";
  for (const block of blocks) {
    const kept = block.rules.filter(keep).map((r) => r.css).join("");
    if (!kept) continue;
    out += block.prelude === null ? kept : `${block.prelude}{${kept}}`;
  }
  return out;
}

/** Every class named in a class="…" attribute of the markup. */
export function classesOf(html: string): Set<string> {
  const classes = new Set(SCRIPT_CLASSES);
  for (const match of html.matchAll(/\sclass="([^"]*)"/g)) {
    for (const name of match[1].split(/\s+/)) if (name) classes.add(name);
  }
  return classes;
}

/** The built stylesheet's index, or null when its file cannot be read (a source-module test run). */
function builtIndex(href: string): Block[] | null {
  if (index !== undefined) return index;
  try {
    if (!href.startsWith("/build/")) throw new Error("not a built stylesheet");
    index = indexStylesheet(fs.readFileSync(path.join(process.cwd(), "public", href), "utf8"));
  } catch {
    index = null;
  }
  return index;
}

/** Whether pages can carry their critical CSS (the built stylesheet is readable). */
export function criticalCssAvailable(href: string): boolean {
  return builtIndex(href) !== null;
}

/** The page with its critical CSS in the placeholder root.tsx rendered (unchanged without one). */
export function fillCriticalCss(html: string, href: string): string {
  const blocks = builtIndex(href);
  return blocks ? withCriticalCss(html, blocks) : html;
}

/** The page with the rules of `blocks` its classes may use in the placeholder (unchanged without one). */
export function withCriticalCss(html: string, blocks: Block[]): string {
  const start = html.indexOf(PLACEHOLDER_OPEN);
  const at = start === -1 ? -1 : html.indexOf(PLACEHOLDER_CLOSE, start);
  if (at === -1) return html;
  const classes = classesOf(html);
  const key = [...classes].sort().join(" ");
  let css = byClasses.get(key);
  if (css === undefined) {
    css = criticalRules(blocks, classes);
    if (byClasses.size >= 500) byClasses.clear();
    byClasses.set(key, css);
  }
  // "</style" cannot occur in the built stylesheet's rules; guard anyway.
  const safe = css.replace(/<\/style/gi, "<\\/style");
  return `${html.slice(0, at + 1)}${safe}${html.slice(at + 1)}`;
}
