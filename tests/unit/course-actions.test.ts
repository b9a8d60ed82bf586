import { describe, expect, it } from "vitest";
import {
  COURSE_ACTION_LABELS,
  COURSE_BUTTON_LABELS,
  continueHref,
  courseActionState,
  courseHref,
  courseListButton,
  courseListHref,
  CHOICE_MESSAGES,
} from "~/lib/course-actions";

describe("course detail action area (docs/product.md §4, in priority order)", () => {
  it("a confirmed enrolment wins over everything, even a cart line", () => {
    expect(courseActionState({ enrollmentStatus: "confirmed", inCart: true })).toBe("continue");
    expect(courseActionState({ enrollmentStatus: "confirmed", inCart: false })).toBe("continue");
  });

  it("a pending enrolment waits for the payment, even with a cart line", () => {
    expect(courseActionState({ enrollmentStatus: "pending", inCart: true })).toBe("awaiting-payment");
    expect(courseActionState({ enrollmentStatus: "pending", inCart: false })).toBe("awaiting-payment");
  });

  it("then a course already in the cart, otherwise add to cart", () => {
    expect(courseActionState({ enrollmentStatus: null, inCart: true })).toBe("in-cart");
    expect(courseActionState({ enrollmentStatus: null, inCart: false })).toBe("add");
  });

  it("a failed or refunded enrolment does not stop buying again", () => {
    expect(courseActionState({ enrollmentStatus: "failed", inCart: false })).toBe("add");
    expect(courseActionState({ enrollmentStatus: "refunded", inCart: true })).toBe("in-cart");
  });

  it("uses docs/product.md's labels", () => {
    expect(COURSE_ACTION_LABELS.physicalInCart).toBe("Curs deja în coș – Actualizează");
    expect(COURSE_ACTION_LABELS.add).toBe("Adaugă în coș");
    expect(CHOICE_MESSAGES.physical).toEqual({ alert: "Te rugăm să alegi mai întâi o perioadă", field: "Trebuie să alegi o perioadă" });
    expect(CHOICE_MESSAGES.online).toEqual({ alert: "Vă rugăm să selectați un preț.", field: "Trebuie să selectezi un preț" });
  });
});

describe("course list button (docs/product.md §4)", () => {
  it("has the text of the enrolment state", () => {
    expect(COURSE_BUTTON_LABELS[courseListButton(null)]).toBe("Vezi mai multe informații");
    expect(COURSE_BUTTON_LABELS[courseListButton("confirmed")]).toBe("Continua de unde ai rămas");
    expect(COURSE_BUTTON_LABELS[courseListButton("pending")]).toBe("Se așteaptă procesarea plății");
    expect(COURSE_BUTTON_LABELS[courseListButton("failed")]).toBe("Vezi mai multe informații");
  });

  it("leads to the detail page, the lesson player or the account", () => {
    expect(courseHref("physical", 3)).toBe("/cursuri/curs/3");
    expect(courseHref("online", 4)).toBe("/cursuri-online/curs/4");
    expect(courseListHref("online", 4, "details")).toBe("/cursuri-online/curs/4");
    expect(courseListHref("online", 4, "continue")).toBe("/cursuri-online/curs/4/lectie");
    expect(continueHref("physical", 1)).toBe("/cont#cursuri-active");
    expect(courseListHref("physical", 1, "awaiting-payment")).toBe("/cont#cursuri-active");
  });
});
