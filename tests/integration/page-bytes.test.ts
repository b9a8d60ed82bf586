/**
 * Issue 26 item 4: every server-rendered page is valid UTF-8 without a NUL byte. React 18.3.1's
 * streaming renderer pads its 2 KB buffer with NULs when a multi-byte character does not fit at
 * its end (react-stream.server.ts); the catalogue here is full of short Romanian texts of varying
 * lengths, so that characters such as ă, ș, ț and „ ” land on that edge on every page that lists
 * them. Every page route (each module in app/routes with a default export) is rendered through the
 * whole Remix handler, as a guest, a student and an admin.
 */
import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { addCourseToCart, addProductToCart } from "~/models/cart.server";
import { choosePickup, cookieFor, createCourse, createProduct, createUser, placeTransferOrder } from "../helpers/factories";
import { BASE } from "../helpers/http";
import { remixHandler } from "../helpers/remix-app";

const text = (i: number, length: number) =>
  `${"x".repeat(i % 4)}Curs de unghii ${i} – „Școala de manichiură”: ședințe practice, țesături, învățăcei, mâine și poimâine. `.repeat(8).slice(0, length);

let handle: (request: Request) => Promise<Response>;
let urls: Record<string, { url: string; as: "guest" | "student" | "admin" }>;
let cookies: { student: string; admin: string };

beforeAll(async () => {
  handle = await remixHandler();
  const physical = [];
  const online = [];
  const items = [];
  for (let i = 0; i < 10; i++) {
    physical.push(await createCourse("physical", { title: text(i, 60 + i * 7), secondTitle: text(i + 1, 120 + i * 3), thirdTitle: text(i, 300 + i * 13) }, [{ days: 5, amountBani: 200000 + i }]));
    online.push(await createCourse("online", { title: text(i + 1, 50 + i * 5), secondTitle: text(i + 3, 100 + i * 5), thirdTitle: text(i + 2, 280 + i * 11) }, [{ days: null, amountBani: 34900 + i }]));
    items.push(await createProduct({ title: text(i + 3, 40 + i * 9), description: text(i, 250 + i * 17) }));
  }
  const student = await createUser({ name: "Ștefania Țurcanu-Bălășescu", address: "Str. Mircea cel Bătrân 10, Constanța, județul Constanța" });
  const admin = await createUser({ role: "admin", name: "Ana Mărgărit" });
  await addCourseToCart(student.id, { courseId: online[0].course.id, priceOptionId: online[0].options[0].id });
  await addProductToCart(student.id, items[0].id, 2);
  await choosePickup(student.id);
  const order = await placeTransferOrder(student.id);
  for (const item of items.slice(1, 6)) await addProductToCart(student.id, item.id);
  await addCourseToCart(student.id, { courseId: physical[1].course.id, priceOptionId: physical[1].options[0].id });
  cookies = { student: await cookieFor(student.id), admin: await cookieFor(admin.id) };
  const p = physical[0].course.id;
  const o = online[0].course.id;
  const d = items[0].id;
  urls = {
    "$.tsx": { url: "/nu-exista-aceasta-pagina", as: "guest" },
    "_index.tsx": { url: "/", as: "guest" },
    "about-me.tsx": { url: "/about-me", as: "guest" },
    "admin.tsx": { url: "/admin", as: "admin" },
    "admin._index.tsx": { url: "/admin", as: "admin" },
    "admin.comenzi._index.tsx": { url: "/admin/comenzi", as: "admin" },
    "admin.comenzi.$id.tsx": { url: `/admin/comenzi/${order.id}`, as: "admin" },
    "admin.cursuri-online._index.tsx": { url: "/admin/cursuri-online", as: "admin" },
    "admin.cursuri-online.$id._index.tsx": { url: `/admin/cursuri-online/${o}`, as: "admin" },
    "admin.cursuri-online.$id.sterge.tsx": { url: `/admin/cursuri-online/${o}/sterge`, as: "admin" },
    "admin.cursuri._index.tsx": { url: "/admin/cursuri", as: "admin" },
    "admin.cursuri.$id._index.tsx": { url: `/admin/cursuri/${p}`, as: "admin" },
    "admin.cursuri.$id.sterge.tsx": { url: `/admin/cursuri/${p}/sterge`, as: "admin" },
    "admin.facturi._index.tsx": { url: "/admin/facturi", as: "admin" },
    "admin.livrare.tsx": { url: "/admin/livrare", as: "admin" },
    "admin.produse._index.tsx": { url: "/admin/produse", as: "admin" },
    "admin.produse.$id._index.tsx": { url: `/admin/produse/${d}`, as: "admin" },
    "admin.produse.$id.sterge.tsx": { url: `/admin/produse/${d}/sterge`, as: "admin" },
    "admin.setari-cursuri.tsx": { url: "/admin/setari-cursuri", as: "admin" },
    "admin.setari-facturare.tsx": { url: "/admin/setari-facturare", as: "admin" },
    "admin.sesiuni._index.tsx": { url: "/admin/sesiuni", as: "admin" },
    "admin.sistem.tsx": { url: "/admin/sistem", as: "admin" },
    "admin.sesiuni.$id.tsx": { url: "/admin/sesiuni/999999", as: "admin" },
    "admin.anaf.callback.tsx": { url: "/admin/anaf/callback?error=access_denied", as: "admin" },
    "autentificare.tsx": { url: "/autentificare", as: "guest" },
    "cart.tsx": { url: "/cart", as: "student" },
    "confidentialitate.tsx": { url: "/confidentialitate", as: "guest" },
    "cont.tsx": { url: "/cont", as: "student" },
    "cont_.sterge.tsx": { url: "/cont/sterge", as: "student" },
    "cont_.sesiuni.$seatId.mutare.tsx": { url: "/cont/sesiuni/00000000-0000-4000-8000-000000000000/mutare", as: "student" },
    "contact.tsx": { url: "/contact", as: "guest" },
    "cookie.tsx": { url: "/cookie", as: "guest" },
    "cursuri-online._index.tsx": { url: "/cursuri-online", as: "guest" },
    "cursuri-online.curs.$id._index.tsx": { url: `/cursuri-online/curs/${o}`, as: "student" },
    "cursuri-online.curs.$id.diploma.tsx": { url: `/cursuri-online/curs/${o}/diploma`, as: "student" },
    "cursuri-online.curs.$id.lectie.tsx": { url: `/cursuri-online/curs/${o}/lectie`, as: "student" },
    "cursuri._index.tsx": { url: "/cursuri", as: "guest" },
    "cursuri.curs.$id.tsx": { url: `/cursuri/curs/${p}`, as: "guest" },
    "diploma.$code.tsx": { url: "/diploma/ABCDEFGHJK", as: "guest" },
    "forgot-password.tsx": { url: "/forgot-password", as: "guest" },
    "inscriere.tsx": { url: "/inscriere", as: "guest" },
    "plata.tsx": { url: `/plata?order=${order.id}`, as: "student" },
    "plata_.rezultat.tsx": { url: `/plata/rezultat?orderId=${order.id}`, as: "student" },
    "produse._index.tsx": { url: "/produse", as: "guest" },
    "produse.produs.$id.tsx": { url: `/produse/produs/${d}`, as: "guest" },
    "register.tsx": { url: "/register", as: "guest" },
    "reset.$token.tsx": { url: "/reset/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", as: "guest" },
    "retur.tsx": { url: "/retur", as: "guest" },
    "servicii.tsx": { url: "/servicii", as: "guest" },
    "shop.tsx": { url: "/shop", as: "guest" },
    "simulator.netopia.tsx": { url: "/simulator/netopia", as: "guest" },
    "simulator.anaf._index.tsx": { url: "/simulator/anaf", as: "guest" },
    "simulator.anaf.oauth.authorize.tsx": { url: "/simulator/anaf/oauth/authorize?response_type=code&client_id=x&redirect_uri=x", as: "guest" },
    "termeni.tsx": { url: "/termeni", as: "guest" },
  };
}, 120_000);

describe("every server-rendered page", () => {
  it("has an address in this test", () => {
    const dir = path.resolve("app/routes");
    const pages = fs.readdirSync(dir).filter((name) => /\.tsx?$/.test(name) && /^export default/m.test(fs.readFileSync(path.join(dir, name), "utf8")));
    expect(pages.filter((name) => !urls[name])).toEqual([]);
  });

  it("is valid UTF-8 without NUL bytes, with the Romanian texts whole", async () => {
    const decoder = new TextDecoder("utf-8", { fatal: true });
    const problems: string[] = [];
    const statuses: Record<string, number> = {};
    let htmlPages = 0;
    for (const [file, { url, as }] of Object.entries(urls)) {
      const headers: Record<string, string> = as === "guest" ? {} : { Cookie: cookies[as] };
      const response = await handle(new Request(`${BASE}${url}`, { headers }));
      statuses[file] = response.status;
      const bytes = Buffer.from(await response.arrayBuffer());
      if (!(response.headers.get("Content-Type") ?? "").startsWith("text/html")) continue;
      htmlPages++;
      const nul = bytes.indexOf(0);
      if (nul !== -1) problems.push(`${url}: NUL at byte ${nul} ("${bytes.subarray(Math.max(0, nul - 20), nul + 4).toString("utf8")}")`);
      try {
        decoder.decode(bytes);
      } catch {
        problems.push(`${url}: invalid UTF-8`);
      }
    }
    expect(problems).toEqual([]);
    expect(Object.entries(statuses).filter(([, status]) => status >= 500)).toEqual([]);
    // The pages that list the catalogue (and so cross React's 2 KB edge on Romanian text) rendered.
    for (const file of ["_index.tsx", "cursuri._index.tsx", "cursuri-online._index.tsx", "produse._index.tsx", "cart.tsx", "cont.tsx", "admin.comenzi.$id.tsx", "admin.produse._index.tsx"]) {
      expect(statuses[file], file).toBe(200);
    }
    expect(htmlPages).toBeGreaterThan(35);
  }, 240_000);
});
