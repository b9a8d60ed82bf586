/**
 * /cursuri/curs/:id — physical course detail (SPEC §2 Course detail, §4 actions, §5, §9).
 * Unknown, unpublished or online ids answer the Romanian not-found page (404).
 */
import { type ActionFunctionArgs, json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData, useRouteError } from "@remix-run/react";
import { Breadcrumbs } from "~/components/Breadcrumbs";
import { AwaitingPaymentAction, ContinueAction } from "~/components/catalogue/ActionStates";
import { CatalogueImage } from "~/components/catalogue/CatalogueImage";
import { ChapterList, DayList } from "~/components/catalogue/CourseContent";
import { CourseDetailLayout, DiscountNotice } from "~/components/catalogue/CourseDetailLayout";
import { PhysicalCourseForm, type FormError } from "~/components/catalogue/PhysicalCourseForm";
import { Price } from "~/components/catalogue/Price";
import { RouteErrorContent } from "~/components/ErrorState";
import { JsonLd } from "~/components/JsonLd";
import { Icon } from "~/components/ui/Icon";
import { CHOICE_MESSAGES, courseHref } from "~/lib/course-actions";
import { periodLabel, type PhysicalChoice } from "~/lib/course-quote";
import { formatDate } from "~/lib/dates";
import { parseId } from "~/lib/ids";
import { DETAIL_SIZES } from "~/lib/images";
import { absoluteUrl, errorSeo, publicUrlFrom, schemaPrice, seo, summarize } from "~/lib/seo";
import { SHORT_TOAST } from "~/lib/toast";
import { useRootData } from "~/root";
import { addCourseToCart, CART_MESSAGES } from "~/models/cart.server";
import { courseDetail, parseAddCourseForm } from "~/models/catalogue.server";
import { getPublishedCourse } from "~/models/course.server";
import { getUser, requireUser } from "~/models/session.server";
import { redirectWithToast } from "~/services/toast.server";
import { HYDRATE_ON_INTERACTION } from "~/lib/route-handle";

/** Shown as HTML first; the scripts start at the first interaction (see route-handle.ts). */
export const handle = HYDRATE_ON_INTERACTION;

const notFound = () => new Response("Cursul nu există.", { status: 404 });

export async function loader({ request, params }: LoaderFunctionArgs) {
  const id = parseId(params.id);
  if (!id) throw notFound();
  const user = await getUser(request);
  const detail = await courseDetail("physical", id, user?.id ?? null);
  if (!detail) throw notFound();
  return json(detail);
}

export async function action({ request, params }: ActionFunctionArgs) {
  // Auth first: a cross-site post is refused (403) before anything else is looked at.
  const user = await requireUser(request);
  const id = parseId(params.id);
  if (!id) throw notFound();
  if (!(await getPublishedCourse("physical", id))) throw notFound();
  const form = parseAddCourseForm("physical", await request.formData());
  if (!form.ok) {
    const field = form.fieldError;
    return json(
      {
        error: { alert: field ? CHOICE_MESSAGES.physical.alert : CART_MESSAGES.physicalFailed, field } satisfies FormError,
        submitted: {
          priceOptionId: null,
          accreditation: form.accreditation,
          advancePayment: form.advancePayment,
        } satisfies PhysicalChoice,
      },
      { status: 400 },
    );
  }
  const { priceOptionId, accreditation, advancePayment } = form;
  let result;
  try {
    result = await addCourseToCart(user.id, { courseId: id, priceOptionId, accreditation, advancePayment });
  } catch (error) {
    console.error(error);
    result = { ok: false as const, status: 500, message: CART_MESSAGES.physicalFailed };
  }
  if (!result.ok) {
    return json(
      {
        error: { alert: result.message || CART_MESSAGES.physicalFailed, field: null } satisfies FormError,
        submitted: { priceOptionId, accreditation, advancePayment } satisfies PhysicalChoice,
      },
      { status: result.status },
    );
  }
  return redirectWithToast(courseHref("physical", id), { message: result.message, ...SHORT_TOAST });
}

export default function PhysicalCourse() {
  const { course, action: state, choices, options, offersAccreditation, offersAdvance, saved } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const root = useRootData();
  const business = root?.business;
  const publicUrl = root?.publicUrl ?? "";
  const url = absoluteUrl(publicUrl, courseHref("physical", course.id));
  const initial: PhysicalChoice = actionData?.submitted ?? saved ?? { priceOptionId: null, accreditation: false, advancePayment: false };

  return (
    <CourseDetailLayout
      breadcrumbs={<Breadcrumbs items={[{ label: "Acasă", to: "/" }, { label: "Cursuri", to: "/cursuri" }, { label: course.title }]} />}
      header={
        <>
          <p className="eyebrow">{course.category || "Curs în sală"}</p>
          <h1>{course.title}</h1>
          {course.secondTitle ? <p className="lead">{course.secondTitle}</p> : null}
          <ul className="meta-list">
            {course.durationDays ? (
              <li>
                <Icon name="clock" size={20} /> Durată: {periodLabel(course.durationDays)}
              </li>
            ) : null}
            {course.nextSessionOn ? (
              <li>
                <Icon name="calendar" size={20} /> Următoarea grupă: <strong>{formatDate(course.nextSessionOn)}</strong>
              </li>
            ) : null}
            <li>
              <Icon name="pin" size={20} /> În sala academiei din Constanța
            </li>
          </ul>
        </>
      }
      media={<CatalogueImage image={course.image} alt={course.title} sizes={DETAIL_SIZES} priority />}
      aside={
        <div className="card buy-card">
          <h2 id="inscriere-titlu" className="buy-card__title">
            Înscrie-te la curs
          </h2>
          <p className="buy-card__price">
            <Price bani={course.fromPriceBani} from={choices.length > 1 || offersAccreditation} oldBani={course.price2Bani} />
          </p>
          {state === "continue" ? (
            <ContinueAction kind="physical" courseId={course.id} />
          ) : state === "awaiting-payment" ? (
            <AwaitingPaymentAction />
          ) : choices.length === 0 ? (
            <p className="alert alert--info">Înscrierile pentru acest curs se deschid în curând.</p>
          ) : (
            <PhysicalCourseForm
              key={`${course.id}-${saved?.priceOptionId ?? "nou"}-${saved?.accreditation}-${saved?.advancePayment}`}
              periods={choices}
              options={options}
              offersAccreditation={offersAccreditation}
              offersAdvance={offersAdvance}
              initial={initial}
              inCart={state === "in-cart"}
              error={actionData?.error ?? null}
            />
          )}
          {business ? <DiscountNotice email={business.email} /> : null}
        </div>
      }
    >
      {course.thirdTitle ? (
        <section className="course-section" aria-labelledby="descriere">
          <h2 id="descriere">Descriere</h2>
          <p className="course-section__text">{course.thirdTitle}</p>
        </section>
      ) : null}
      {course.content.chapters.length ? (
        <section className="course-section" aria-labelledby="tematica">
          <h2 id="tematica">Ce vei învăța</h2>
          <ChapterList chapters={course.content.chapters} />
        </section>
      ) : null}
      {course.content.days.length ? (
        <section className="course-section" aria-labelledby="program">
          <h2 id="program">Programul pe zile</h2>
          <DayList days={course.content.days} />
        </section>
      ) : null}
      <JsonLd
        data={{
          "@context": "https://schema.org",
          "@type": "Course",
          name: course.title,
          description: summarize(course.thirdTitle || course.secondTitle || course.title, 300),
          url,
          ...(course.image ? { image: absoluteUrl(publicUrl, course.image.src) } : {}),
          inLanguage: "ro",
          provider: { "@type": "Organization", name: business?.brand ?? "", url: publicUrl },
          offers: choices.map((choice) => ({
            "@type": "Offer",
            name: periodLabel(choice.days),
            price: schemaPrice(choice.amountBani),
            priceCurrency: "RON",
            category: choice.amountBani === 0 ? "Free" : "Paid",
            availability: "https://schema.org/InStock",
            url,
          })),
          hasCourseInstance: {
            "@type": "CourseInstance",
            courseMode: "Onsite",
            ...(course.nextSessionOn ? { startDate: course.nextSessionOn } : {}),
            ...(course.durationDays ? { courseWorkload: `P${course.durationDays}D` } : {}),
            ...(business ? { location: { "@type": "Place", name: business.brand, address: business.address } } : {}),
          },
        }}
      />
    </CourseDetailLayout>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches, params }) => {
  const publicUrl = publicUrlFrom(matches);
  if (!data) return errorSeo(publicUrl, true);
  const { course } = data;
  return seo({
    title: `${course.title} – curs în Constanța`,
    description: summarize(course.thirdTitle || course.secondTitle || course.title),
    path: courseHref("physical", Number(params.id)),
    publicUrl,
    image: course.image?.src,
  });
};

export function ErrorBoundary() {
  return (
    <RouteErrorContent
      error={useRouteError()}
      message="Cursul nu a putut fi incarcat cu succes."
      backTo="/cursuri"
      backLabel="Toate cursurile"
    />
  );
}
