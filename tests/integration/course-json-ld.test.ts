/**
 * Issue 28: the physical course page's schema.org data. The page is rendered as the server
 * renders it (react-router's static handler runs the real root and course loaders, then the
 * route's component), its JSON-LD block is parsed, and each coming session must be a
 * CourseInstance with its start and end in Bucharest time with that day's offset (+02:00 in
 * winter, +03:00 in summer, also across the October change), its place and its capacity.
 * Cancelled sessions are left out (decision in app/lib/course-json-ld.ts), as are past ones.
 */
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import type { RouteObject } from "react-router-dom";
import { Outlet } from "react-router-dom";
import { StaticRouterProvider, createStaticHandler, createStaticRouter } from "react-router-dom/server";
import { describe, expect, it } from "vitest";
import { getConfig } from "~/config.server";
import { addCourseToCart } from "~/models/cart.server";
import { transitionOrder } from "~/models/order-status.server";
import { setSessionState } from "~/models/session-admin.server";
import * as root from "~/root";
import * as page from "~/routes/cursuri.curs.$id";
import { createCourse, createCourseSession, createUser, placeTransferOrder } from "../helpers/factories";
import { get } from "../helpers/http";

type Loader = (args: { request: Request; params: object; context: object }) => unknown;

/** The course page's HTML, rendered under the real root loader (the business data the page reads). */
async function renderCoursePage(id: number) {
  const unwrap = async (handler: Loader, args: { request: Request; params: object }) => {
    const result = (await handler({ ...args, context: {} })) as { type?: string; data?: unknown };
    return result?.type === "DataWithResponseInit" ? result.data : result;
  };
  const routes: RouteObject[] = [
    {
      id: "root",
      path: "/",
      loader: (args) => unwrap(root.loader as Loader, args) as never,
      Component: Outlet,
      children: [{ id: "course", path: "cursuri/curs/:id", loader: (args) => unwrap(page.loader as Loader, args) as never, Component: page.default }],
    },
  ];
  const handler = createStaticHandler(routes);
  const context = await handler.query(get(`/cursuri/curs/${id}`));
  if (context instanceof Response) throw new Error(`unexpected response ${context.status}`);
  expect(context.statusCode).toBe(200);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(createElement(StaticRouterProvider, { router, context, hydrate: false }));
}

function jsonLdOf(html: string) {
  const blocks = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/gs)];
  expect(blocks).toHaveLength(1);
  return JSON.parse(blocks[0][1]) as { "@type": string; hasCourseInstance: Array<Record<string, unknown>> | Record<string, unknown> };
}

describe("the physical course page's JSON-LD", () => {
  it("has one CourseInstance per coming session, dated in Bucharest time with the day's offset, with place and capacity", async () => {
    const { course, options } = await createCourse("physical", { title: "Curs de bază în sală" }, [{ days: 5, amountBani: 200000 }]);
    const winter = await createCourseSession(course.id, { days: 5, startsOn: "2099-01-12", capacity: 8 });
    const summer = await createCourseSession(course.id, { days: 5, startsOn: "2099-07-06", capacity: 4, startTime: "10:00", endTime: "18:00", place: "Sala Mare, Str. Mircea cel Bătrân 10, Constanța" });
    // Friday 23 to Tuesday 27 October 2099: summer time ends on Sunday the 25th.
    const acrossChange = await createCourseSession(course.id, { days: 5, startsOn: "2099-10-23", capacity: 6, startTime: "09:30", endTime: "16:30" });
    const cancelled = await createCourseSession(course.id, { days: 5, startsOn: "2099-03-02", capacity: 6 });
    expect(await setSessionState(cancelled.id, "cancelled")).toMatchObject({ ok: true });
    await createCourseSession(course.id, { days: 5, startsOn: "2020-05-04", capacity: 6 });
    // One place of the summer session is paid for.
    const buyer = await createUser();
    expect(await addCourseToCart(buyer.id, { courseId: course.id, priceOptionId: options[0].id, sessionId: summer.id })).toMatchObject({ ok: true });
    expect((await transitionOrder((await placeTransferOrder(buyer.id)).id, "paid", { source: "admin" })).ok).toBe(true);

    const data = jsonLdOf(await renderCoursePage(course.id));
    expect(data["@type"]).toBe("Course");
    const { brand, address } = getConfig().business;
    expect(data.hasCourseInstance).toEqual([
      expect.objectContaining({
        "@type": "CourseInstance",
        courseMode: "Onsite",
        startDate: "2099-01-12T09:00:00+02:00",
        endDate: "2099-01-16T17:00:00+02:00",
        location: { "@type": "Place", name: brand, address },
        maximumAttendeeCapacity: 8,
        remainingAttendeeCapacity: 8,
        eventStatus: "https://schema.org/EventScheduled",
      }),
      expect.objectContaining({
        startDate: "2099-07-06T10:00:00+03:00",
        endDate: "2099-07-10T18:00:00+03:00",
        location: { "@type": "Place", name: brand, address: "Sala Mare, Str. Mircea cel Bătrân 10, Constanța" },
        maximumAttendeeCapacity: 4,
        remainingAttendeeCapacity: 3,
      }),
      expect.objectContaining({ startDate: "2099-10-23T09:30:00+03:00", endDate: "2099-10-27T16:30:00+02:00", maximumAttendeeCapacity: 6 }),
    ]);
    // Every startDate names the same instant as the session's local start in Bucharest.
    for (const [instance, session] of (data.hasCourseInstance as Array<{ startDate: string }>).map((x, i) => [x, [winter, summer, acrossChange][i]] as const)) {
      const local = new Intl.DateTimeFormat("sv-SE", { timeZone: "Europe/Bucharest", dateStyle: "short", timeStyle: "short" }).format(new Date(instance.startDate));
      expect(local).toBe(`${session.startsOn} ${session.startTime}`);
    }
    expect(JSON.stringify(data)).not.toContain("2099-03-02");
    expect(JSON.stringify(data)).not.toContain("EventCancelled");
  });
});
