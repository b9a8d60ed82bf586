/**
 * Issue 20, item 7: a confirmed in-person course says when and where it takes place — in the
 * account's list of courses and in the payment-confirmation e-mail (the outbox row). The place is
 * the academy's address (the business address from the configuration).
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "../../db/client";
import { mailOutbox } from "../../db/schema";
import { getConfig } from "~/config.server";
import { addCourseToCart } from "~/models/cart.server";
import { getCart } from "~/models/cart-view.server";
import { listEnrollmentsForUser } from "~/models/enrollment.server";
import { placeOrder } from "~/models/order-checkout.server";
import { transitionOrder } from "~/models/order-status.server";
import { createCourse, createUser } from "../helpers/factories";

const checkout = (cartVersion: string) =>
  ({ paymentMethod: "bank_transfer", acceptTerms: true, digitalConsent: true, withdrawalWaiver: true, cartVersion }) as const;

async function buyAndConfirm() {
  const user = await createUser();
  const dated = await createCourse("physical", { title: "Curs de bază în sală", nextSessionOn: "2027-03-15" }, [{ days: 5, amountBani: 200000 }]);
  const undated = await createCourse("physical", { title: "Curs de pedichiură în sală", nextSessionOn: null }, [{ days: 2, amountBani: 90000 }]);
  const online = await createCourse("online", { title: "Curs online de ojă" }, [{ days: 90, amountBani: 24900 }]);
  for (const course of [dated, undated, online]) {
    expect(await addCourseToCart(user.id, { courseId: course.course.id, priceOptionId: course.options[0].id })).toMatchObject({ ok: true });
  }
  const cart = await getCart(user.id);
  const placed = await placeOrder(user.id, checkout(cart.version), { cardAvailable: false });
  if (!placed.ok) throw new Error(placed.message);
  return { user, placed, dated, undated, online };
}

describe("an in-person course's date and place", () => {
  it("are in the payment-confirmation e-mail, not in the order-placed one", async () => {
    const { user, placed } = await buyAndConfirm();
    const place = getConfig().business.address;
    const [placedMail] = await getDb().select().from(mailOutbox).where(eq(mailOutbox.subject, `Comanda ${placed.order.reference} a fost înregistrată`));
    expect(placedMail.textBody).not.toContain("Când și unde te așteptăm");

    expect(await transitionOrder(placed.order.id, "paid", { source: "admin" })).toMatchObject({ ok: true, changed: true });
    const [mail] = await getDb().select().from(mailOutbox).where(eq(mailOutbox.subject, `Plata a fost confirmată – ${placed.order.reference}`));
    expect(mail.toAddress).toBe(user.email);
    expect(mail.textBody).toContain(
      [
        "Când și unde te așteptăm:",
        `- Curs de bază în sală: începe pe 15/03/2027; locul: ${place}`,
        `- Curs de pedichiură în sală: data de început ți-o comunicăm în curând; locul: ${place}`,
      ].join("\n"),
    );
    expect(mail.textBody).not.toMatch(/Curs online de ojă: (începe|data)/);
    expect(mail.htmlBody).toContain("începe pe 15/03/2027");
    expect(mail.htmlBody).toContain("Când și unde te așteptăm");
  });

  it("are in the account's list of courses for the in-person enrolments", async () => {
    const { user, placed, dated, undated, online } = await buyAndConfirm();
    await transitionOrder(placed.order.id, "paid", { source: "admin" });
    const list = await listEnrollmentsForUser(user.id);
    const byCourse = new Map(list.map((e) => [e.courseId, e]));
    const place = getConfig().business.address;
    expect(byCourse.get(dated.course.id)).toMatchObject({ paymentStatus: "confirmed", session: { startsOn: "2027-03-15", place } });
    expect(byCourse.get(undated.course.id)).toMatchObject({ session: { startsOn: null, place } });
    expect(byCourse.get(online.course.id)!.session).toBeNull();
  });
});
