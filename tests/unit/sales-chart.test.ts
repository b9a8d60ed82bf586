/** The dashboard's sales chart: bar geometry (pure) and the server-rendered SVG and table. */
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { SalesChart } from "~/components/admin/SalesChart";
import { monthInBucharest, monthName, monthsEndingWith, shiftMonth } from "~/lib/dates";
import { CHART_SIZE, niceScale, salesChartLayout } from "~/lib/sales-chart";

describe("calendar months in Bucharest", () => {
  it("takes the month of the Bucharest date, not the UTC one", () => {
    // 31 Dec 2025 23:30 UTC is already 1 Jan 2026 in Bucharest (UTC+2).
    expect(monthInBucharest(new Date("2025-12-31T23:30:00Z"))).toBe("2026-01");
    expect(monthInBucharest(new Date("2026-03-31T20:59:00Z"))).toBe("2026-03");
    expect(monthInBucharest(new Date("2026-03-31T21:00:00Z"))).toBe("2026-04");
  });

  it("moves across years and lists the months ending with one", () => {
    expect(shiftMonth("2026-01", -1)).toBe("2025-12");
    expect(shiftMonth("2026-11", 2)).toBe("2027-01");
    expect(shiftMonth("2026-03", -15)).toBe("2024-12");
    expect(monthsEndingWith("2026-02", 4)).toEqual(["2025-11", "2025-12", "2026-01", "2026-02"]);
    expect(monthsEndingWith("2026-11", 12)).toHaveLength(12);
    expect(monthName("2026-11")).toBe("noiembrie 2026");
  });
});

describe("salesChartLayout", () => {
  it("rounds the scale up to a readable amount", () => {
    expect(niceScale(0)).toBe(10_000);
    expect(niceScale(34_900)).toBe(50_000); // 349 RON → 500 RON
    expect(niceScale(100_000)).toBe(100_000);
    expect(niceScale(180_000)).toBe(200_000);
    expect(niceScale(210_000)).toBe(250_000);
    expect(niceScale(260_000)).toBe(500_000);
  });

  it("draws bars proportional to the totals, on one baseline", () => {
    const layout = salesChartLayout([
      { month: "2026-09", totalBani: 0 },
      { month: "2026-10", totalBani: 50_000 },
      { month: "2026-11", totalBani: 100_000 },
      { month: "2026-12", totalBani: -20_000 },
    ]);
    const full = CHART_SIZE.height - CHART_SIZE.padBottom - CHART_SIZE.padTop;
    expect(layout.scaleBani).toBe(100_000);
    expect(layout.bars.map((b) => b.height)).toEqual([0, full / 2, full, 0]);
    for (const bar of layout.bars) expect(bar.y + bar.height).toBe(layout.baseline);
    expect(layout.bars.map((b) => b.short)).toEqual(["sept.", "oct.", "nov.", "dec."]);
    // Left to right, inside the drawing.
    const xs = layout.bars.map((b) => b.x);
    expect([...xs].sort((a, b) => a - b)).toEqual(xs);
    expect(xs[xs.length - 1] + layout.bars[3].width).toBeLessThanOrEqual(CHART_SIZE.width);
  });
});

describe("SalesChart", () => {
  const months = monthsEndingWith("2026-11", 12).map((month, i) => ({ month, totalBani: i === 10 ? 123_456 : i * 1000 }));
  const html = renderToStaticMarkup(createElement(SalesChart, { months }));

  it("is one labelled image with a bar per month, no script", () => {
    expect(html).toMatch(/<svg[^>]*role="img"/);
    expect(html).toMatch(/aria-label="Vânzări lunare, decembrie 2025 – noiembrie 2026; cea mai bună lună: octombrie 2026, 1\.234,56 RON\./);
    expect(html).toContain("<title>");
    expect(html.match(/<rect /g)).toHaveLength(12);
    expect(html).not.toContain("<script");
  });

  it("gives every month's figure in a table", () => {
    const rows = [...html.matchAll(/<tr data-month="([\d-]+)"><th scope="row">([^<]+)<\/th><td>([^<]+)<\/td><\/tr>/g)].map((m) => [m[1], m[2], m[3]]);
    expect(rows).toHaveLength(12);
    expect(rows[0]).toEqual(["2025-12", "decembrie 2025", "0,00 RON"]);
    expect(rows[10]).toEqual(["2026-10", "octombrie 2026", "1.234,56 RON"]);
    expect(rows[11]).toEqual(["2026-11", "noiembrie 2026", "110,00 RON"]);
  });
});
