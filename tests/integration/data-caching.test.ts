/**
 * Personal data is never cacheable (issue 14, finding 6), for documents and single-fetch `.data`
 * requests alike: through the whole request handler, a signed-in visitor's account, cart,
 * payment result, admin and player responses are `private, no-store` and vary on the cookie,
 * while a guest's public page keeps its shared caching.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../../db/client";
import { enrollments } from "../../db/schema";
import { addCourseToCart } from "~/models/cart.server";
import { getCart } from "~/models/cart-view.server";
import { placeOrder } from "~/models/order-checkout.server";
import { cookieFor, createCourse, createUser } from "../helpers/factories";
import { BASE } from "../helpers/http";
import { remixHandler } from "../helpers/remix-app";

const PUBLIC = "public, max-age=0, s-maxage=60, stale-while-revalidate=300";

let handle: (request: Request) => Promise<Response>;
beforeAll(async () => {
  handle = await remixHandler();
});

function get(path: string, cookie?: string) {
  return handle(new Request(`${BASE}${path}`, { headers: cookie ? { Cookie: cookie } : {} }));
}

function expectPrivate(response: Response, what: string) {
  expect(response.headers.get("Cache-Control"), what).toBe("private, no-store");
  expect(response.headers.get("Vary") ?? "", what).toMatch(/(^|,\s*)Cookie(\s*,|$)/i);
  // The security headers travel on data responses too.
  expect(response.headers.get("X-Content-Type-Options"), what).toBe("nosniff");
}

describe("personal responses are private, no-store with Vary: Cookie", () => {
  it("account, cart, payment result, admin and player, as document and as .data", async () => {
    const user = await createUser();
    const cookie = await cookieFor(user.id);
    const admin = await createUser({ role: "admin" });
    const adminCookie = await cookieFor(admin.id);
    const { course } = await createCourse("online");
    await getDb()
      .insert(enrollments)
      .values({ userId: user.id, courseId: course.id, courseType: "online", optionSnapshot: { days: null, accreditation: false, advancePayment: false, amountBani: 0, fullAmountBani: 0 }, paymentStatus: "confirmed", confirmedAt: new Date() });
    const buyer = await createUser();
    const buyerCookie = await cookieFor(buyer.id);
    const free = await createCourse("online", {}, [{ days: 90, amountBani: 0 }]);
    await addCourseToCart(buyer.id, { courseId: free.course.id, priceOptionId: free.options[0].id });
    const placed = await placeOrder(
      buyer.id,
      { paymentMethod: "card", acceptTerms: true, digitalConsent: true, withdrawalWaiver: true, cartVersion: (await getCart(buyer.id)).version },
      { cardAvailable: false },
    );
    if (!placed.ok) throw new Error(placed.message);

    const pages: Array<[string, string]> = [
      ["/cont", cookie],
      ["/cart", cookie],
      [`/plata/rezultat?orderId=${placed.order.id}`, buyerCookie],
      ["/admin/comenzi", adminCookie],
      ["/admin/cursuri", adminCookie],
      [`/cursuri-online/curs/${course.id}/lectie`, cookie],
    ];
    for (const [page, who] of pages) {
      const [pathname, search = ""] = page.split("?");
      const dataUrl = `${pathname}.data${search ? `?${search}` : ""}`;
      const document = await get(page, who);
      expect(document.status, page).toBe(200);
      expectPrivate(document, page);
      const data = await get(dataUrl, who);
      expect(data.status, dataUrl).toBe(200);
      expect(data.headers.get("Content-Type"), dataUrl).toBe("text/x-script");
      expectPrivate(data, dataUrl);
      // A client-side navigation asks only for the leaf's data: still private.
      const leafId = `routes/${pathname.slice(1).replace(/\//g, ".")}`;
      const leafOnly = await get(`${dataUrl}${search ? "&" : "?"}_routes=${encodeURIComponent(leafId)}`, who);
      expect(leafOnly.status, `${dataUrl} leaf`).toBeLessThan(500);
      expectPrivate(leafOnly, `${dataUrl} leaf only`);
    }
  });

  it("a public page read by a signed-in visitor is private too, and a redirect to the login page", async () => {
    const user = await createUser();
    const cookie = await cookieFor(user.id);
    for (const url of ["/cursuri", "/cursuri.data", "/cursuri.data?_routes=routes%2Fcursuri._index"]) {
      expectPrivate(await get(url, cookie), url);
    }
    // A guest sent to the login page from /cont.data: a single-fetch redirect, not stored.
    const redirect = await get("/cont.data");
    expect(redirect.status).toBe(202);
    expectPrivate(redirect, "/cont.data as guest");
  });
});

describe("public pages keep their shared caching for guests", () => {
  it("document and .data", async () => {
    for (const url of ["/cursuri", "/cursuri.data", "/_root.data"]) {
      const response = await get(url);
      expect(response.status, url).toBe(200);
      expect(response.headers.get("Cache-Control"), url).toBe(PUBLIC);
      expect(response.headers.get("Vary"), url).toBe("Cookie");
    }
  });
});
