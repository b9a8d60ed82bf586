/**
 * Critical CSS (issue 31, critical-css.server.ts): which rules of the stylesheet a page carries.
 * A rule is kept whenever one of its selectors may match the page's classes; the kept rules keep
 * their order and their @media blocks. The browser-side check (every element of the public pages
 * computes the same style with and without the whole stylesheet) is tests/e2e/critical-css.spec.ts.
 */
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { classesNeeded, classesOf, criticalRules, indexStylesheet, withCriticalCss } from "~/services/critical-css.server";

const source = fs.readFileSync("app/styles/app.css", "utf8");

describe("critical CSS", () => {
  it("counts a selector's classes, not those of alternatives, negations or conditions", () => {
    expect(classesNeeded(".site-header .nav__link:hover")).toEqual(["site-header", "nav__link"]);
    expect(classesNeeded("h1")).toEqual([]);
    expect(classesNeeded('.input[data-valid="true"]:focus')).toEqual(["input"]);
    expect(classesNeeded("html:has(.site-header :focus-visible, .breadcrumbs :focus-visible) .toast")).toEqual(["toast"]);
    expect(
      classesNeeded('.buy-form:not(:has([role="radiogroup"] .radio-card:nth-child(1) > input:checked)) .live-total__variant[data-period="1"]'),
    ).toEqual(["buy-form", "live-total__variant"]);
    expect(classesNeeded(".a:is(.b, .c) .d")).toEqual(["a", "d"]);
  });

  it("keeps the rules a page's classes may use, in order, inside their @media and @supports", () => {
    const css = `:root{--x:1}/* c { } */.a{color:red}.b .c{color:blue;animation:k 1s}@media (min-width: 10px){.a{margin:0}.z{margin:1px}}@supports selector(:has(*)){.c:has(.d){display:none}}@keyframes k{to{opacity:0}}.z,.a{content:"}"}`;
    const blocks = indexStylesheet(css);
    expect(criticalRules(blocks, new Set(["a"]))).toBe(`:root{--x:1}.a{color:red}@media (min-width: 10px){.a{margin:0}}.z,.a{content:"}"}`);
    expect(criticalRules(blocks, new Set(["b", "c"]))).toBe(`:root{--x:1}.b .c{color:blue;animation:k 1s}@supports selector(:has(*)){.c:has(.d){display:none}}@keyframes k{to{opacity:0}}`);
  });

  it("keeps every rule of the real stylesheet for a page with every class, and few for a bare page", () => {
    const blocks = indexStylesheet(source);
    const every = new Set([...source.matchAll(/\.(-?[A-Za-z_][\w-]*)/g)].map((m) => m[1]));
    const all = criticalRules(blocks, every);
    const rules = (css: string) => indexStylesheet(css).reduce((n, b) => n + b.rules.length, 0);
    expect(rules(all)).toBe(rules(source));
    expect(criticalRules(blocks, new Set()).length).toBeLessThan(4000);
  });

  it("reads the classes of the markup and fills the placeholder once", () => {
    const html = `<html><head><style id="critical-css"></style></head><body><p class=" a  b">x</p><div class="c"></div></body></html>`;
    expect([...classesOf(html)]).toEqual(expect.arrayContaining(["a", "b", "c"]));
    const blocks = indexStylesheet(".a{color:red}.d{color:blue}.c .b{margin:0}");
    expect(withCriticalCss(html, blocks)).toBe(
      `<html><head><style id="critical-css">.a{color:red}.c .b{margin:0}</style></head><body><p class=" a  b">x</p><div class="c"></div></body></html>`,
    );
    expect(withCriticalCss("<html><head></head></html>", blocks)).toBe("<html><head></head></html>");
  });
  it("keeps the placeholder's attributes (the whole sheet's address)", () => {
    const html = `<head><style id="critical-css" data-href="/build/app.css"></style></head><body><p class="a">x</p></body>`;
    expect(withCriticalCss(html, indexStylesheet(".a{color:red}.z{color:blue}"))).toBe(
      `<head><style id="critical-css" data-href="/build/app.css">.a{color:red}</style></head><body><p class="a">x</p></body>`,
    );
  });
});
