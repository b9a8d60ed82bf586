/**
 * What a visitor can do with a course (docs/product.md §4 "Course list button text" and "Course detail
 * actions"). Pure: the list and detail pages and the tests share these rules.
 */

/** An enrolment's payment status as stored, or null when the user has none (or is a guest). */
export type EnrollmentStatus = "pending" | "confirmed" | "failed" | "refunded" | null;
export type CourseKindLike = "physical" | "online";

/**
 * The detail page's action area, in docs/product.md priority order:
 * confirmed enrolment → continue; pending → waiting for payment; already in the cart →
 * update (physical) or "already in cart" (online); otherwise add to cart.
 * A failed or refunded enrolment does not block buying again.
 */
export type CourseAction = "continue" | "awaiting-payment" | "in-cart" | "add";

export function courseActionState(input: { enrollmentStatus: EnrollmentStatus; inCart: boolean }): CourseAction {
  if (input.enrollmentStatus === "confirmed") return "continue";
  if (input.enrollmentStatus === "pending") return "awaiting-payment";
  if (input.inCart) return "in-cart";
  return "add";
}

/** Card button on the course lists. */
export type CourseListButton = "details" | "continue" | "awaiting-payment";

export function courseListButton(enrollmentStatus: EnrollmentStatus): CourseListButton {
  if (enrollmentStatus === "confirmed") return "continue";
  if (enrollmentStatus === "pending") return "awaiting-payment";
  return "details";
}

export const COURSE_BUTTON_LABELS = {
  details: "Vezi mai multe informații",
  continue: "Continua de unde ai rămas",
  "awaiting-payment": "Se așteaptă procesarea plății",
} as const satisfies Record<CourseListButton, string>;

export const COURSE_ACTION_LABELS = {
  add: "Adaugă în coș",
  physicalInCart: "Curs deja în coș – Actualizează",
  onlineInCart: "Curs deja în coș",
  awaitingPayment: "Se așteaptă confirmarea plății",
  continue: "Continua de unde ai rămas",
  goToCart: "Vezi coșul",
} as const;

/** docs/product.md §5: the messages when the form is sent without a choice. */
export const CHOICE_MESSAGES = {
  physical: { alert: "Te rugăm să alegi mai întâi o perioadă", field: "Trebuie să alegi o perioadă" },
  online: { alert: "Vă rugăm să selectați un preț.", field: "Trebuie să selectezi un preț" },
} as const;

/** Where a confirmed student continues: the lesson player (online) or the account's courses. */
export function continueHref(kind: CourseKindLike, courseId: number): string {
  return kind === "online" ? `/cursuri-online/curs/${courseId}/lectie` : "/cont#cursuri-active";
}

/** The public detail page of a course. */
export function courseHref(kind: CourseKindLike, courseId: number): string {
  return kind === "online" ? `/cursuri-online/curs/${courseId}` : `/cursuri/curs/${courseId}`;
}

/** Where a list card's button leads, by enrolment state. */
export function courseListHref(kind: CourseKindLike, courseId: number, button: CourseListButton): string {
  if (button === "continue") return continueHref(kind, courseId);
  if (button === "awaiting-payment") return "/cont#cursuri-active";
  return courseHref(kind, courseId);
}
