/**
 * The loader and the add-to-cart action of the two course detail pages (physical
 * `/cursuri/curs/:id`, online `/cursuri-online/curs/:id`), and the add-to-cart form parsers
 * (also used by the product page). Parsed here, on the server, so that zod stays out of the
 * browser bundle of these hydrate-on-interaction pages.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { readFormData } from "~/lib/form-input";
import { vatLabel } from "~/models/invoice-views.server";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import type { CourseKind } from "../../../db/schema";
import type { FormError } from "~/components/catalogue/BuyForm";
import { CHOICE_MESSAGES, courseHref } from "~/lib/course-actions";
import { choiceFromQuery, choiceQuery, type PhysicalChoice } from "~/lib/course-quote";
import { parseId } from "~/lib/ids";
import { SHORT_TOAST } from "~/lib/toast";
import { addOnlineCourseSchema, addPhysicalCourseSchema, addProductSchema } from "~/lib/validation/catalogue";
import { addCourseToCart, CART_MESSAGES } from "~/models/cart.server";
import { courseDetail } from "~/models/catalogue.server";
import { getPublishedCourse } from "~/models/course.server";
import { getUser, requireUser } from "~/models/session.server";
import { getConfig } from "~/config.server";
import { log } from "~/log.server";
import { redirectWithToast } from "~/services/toast.server";
import { rethrowIfUnavailable } from "~/services/unavailable.server";

const notFound = () => new Response("Cursul nu există.", { status: 404 });

export async function courseDetailLoader(kind: CourseKind, { request, params }: LoaderFunctionArgs) {
  const id = parseId(params.id);
  if (!id) throw notFound();
  const user = await getUser(request);
  const detail = await courseDetail(kind, id, user?.id ?? null);
  if (!detail) throw notFound();
  // The choice a guest posted before logging in (carried in the address), else the only option.
  const asked = choiceFromQuery(new URL(request.url).searchParams, {
    choiceIds: detail.choices.map((c) => c.id),
    accreditation: detail.offersAccreditation,
    advancePayment: detail.offersAdvance,
    // A session the page lists, with its period's option (the waitlist offer links to one).
    sessions: detail.sessions.map((s) => ({ id: s.id, priceOptionId: detail.choices.find((c) => c.days === s.days)?.id ?? null })),
  });
  const only = detail.choices.length === 1 ? detail.choices[0].id : null;
  const requested: PhysicalChoice | null = asked
    ? { ...asked, priceOptionId: asked.priceOptionId ?? only }
    : only !== null
      ? { priceOptionId: only, accreditation: false, advancePayment: false }
      : null;
  return { ...detail, requested, vat: await vatLabel(), waitlistOfferHours: getConfig().sessions.waitlistOfferHours };
}

/** A refused add: the message, and (physical page) the choice to show again. */
export interface AddCourseRefusal {
  error: FormError;
  submitted?: PhysicalChoice;
}

export async function addCourseAction(kind: CourseKind, { request, params }: ActionFunctionArgs) {
  // Auth first: a cross-site post is refused (403) before anything else is looked at. A guest
  // is sent to the login and back to this page with the choice posted (issue 20, item 5).
  const user = await requireUser(request, async () => {
    const courseId = parseId(params.id);
    if (!courseId) return null;
    const form = parseAddCourseForm(kind, await readFormData(request));
    const priceOptionId = form.ok ? form.priceOptionId : null;
    return courseHref(kind, courseId) + choiceQuery({ priceOptionId, accreditation: form.accreditation, advancePayment: form.advancePayment, sessionId: form.sessionId });
  });
  const id = parseId(params.id);
  if (!id) throw notFound();
  if (!(await getPublishedCourse(kind, id))) throw notFound();
  const failed = kind === "physical" ? CART_MESSAGES.physicalFailed : CART_MESSAGES.onlineFailed;
  const form = parseAddCourseForm(kind, await readFormData(request));
  const choice = { accreditation: form.accreditation, advancePayment: form.advancePayment, sessionId: form.sessionId };
  const refuse = (error: FormError, submitted: PhysicalChoice, status: number) =>
    data<AddCourseRefusal>(kind === "physical" ? { error, submitted } : { error }, { status });
  if (!form.ok) {
    const field = form.fieldError;
    return refuse({ alert: field ? CHOICE_MESSAGES[kind].alert : failed, field }, { priceOptionId: null, ...choice }, 400);
  }
  let result;
  try {
    result = await addCourseToCart(user.id, { courseId: id, priceOptionId: form.priceOptionId, ...(kind === "physical" ? choice : {}) });
  } catch (error) {
    rethrowIfUnavailable(error);
    log.error("catalogue: adding a course to the cart failed", { kind, courseId: id, error });
    result = { ok: false as const, status: 500, message: failed };
  }
  if (!result.ok) {
    // docs/product.md §8: each page shows its own failure text; specific reasons (already enrolled…) are kept.
    const message = result.status === 500 ? failed : result.message || failed;
    return refuse({ alert: message, field: null }, { priceOptionId: form.priceOptionId, ...choice }, result.status);
  }
  return redirectWithToast(courseHref(kind, id), { message: result.message, ...SHORT_TOAST });
}

// ─── Add-to-cart forms ──────────────────────────────────────────────────────────────────────

export type AddCourseForm =
  | { ok: true; priceOptionId: number; accreditation: boolean; advancePayment: boolean; sessionId: number | null }
  | { ok: false; fieldError: string | null; accreditation: boolean; advancePayment: boolean; sessionId: number | null };

export function parseAddCourseForm(kind: CourseKind, formData: FormData): AddCourseForm {
  const submission = parseWithZod(formData, {
    schema: kind === "physical" ? addPhysicalCourseSchema : addOnlineCourseSchema,
  });
  if (submission.status === "success") {
    const value = submission.value as { priceOptionId: number; accreditation?: boolean; advancePayment?: boolean; sessionId?: number };
    return {
      ok: true,
      priceOptionId: value.priceOptionId,
      accreditation: kind === "physical" && Boolean(value.accreditation),
      advancePayment: kind === "physical" && Boolean(value.advancePayment),
      sessionId: kind === "physical" ? (value.sessionId ?? null) : null,
    };
  }
  const rawSession = Number(formData.get("sessionId"));
  return {
    ok: false,
    fieldError: submission.error?.priceOptionId?.[0] ?? null,
    accreditation: formData.get("accreditation") === "on",
    advancePayment: formData.get("advancePayment") === "on",
    sessionId: kind === "physical" && Number.isInteger(rawSession) && rawSession > 0 ? rawSession : null,
  };
}

/** True for a well-formed product add-to-cart form. */
export function parseAddProductForm(formData: FormData): boolean {
  return parseWithZod(formData, { schema: addProductSchema }).status === "success";
}
