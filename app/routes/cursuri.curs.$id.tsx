/**
 * /cursuri/curs/:id — physical course detail (docs/product.md §2 Course detail, §4 actions, §5, §9).
 * Unknown, unpublished or online ids answer the Romanian not-found page (404).
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Breadcrumbs } from "~/components/Breadcrumbs";
import { AwaitingPaymentAction, ContinueAction } from "~/components/catalogue/ActionStates";
import { CatalogueImage } from "~/components/catalogue/CatalogueImage";
import { ChapterList, DayList } from "~/components/catalogue/CourseContent";
import { CourseDetailLayout, DiscountNotice } from "~/components/catalogue/CourseDetailLayout";
import { PhysicalCourseForm } from "~/components/catalogue/PhysicalCourseForm";
import { SessionWaitlist } from "~/components/catalogue/SessionWaitlist";
import { Price } from "~/components/catalogue/Price";
import { errorBoundary } from "~/components/ErrorState";
import { JsonLd } from "~/components/JsonLd";
import { Icon } from "~/components/ui/Icon";
import { courseHref } from "~/lib/course-actions";
import { periodLabel, type PhysicalChoice } from "~/lib/course-quote";
import { formatDate } from "~/lib/dates";
import { seatsLeftLabel } from "~/lib/sessions";
import { COURSE_DETAIL_SIZES } from "~/lib/images";
import { physicalCourseJsonLd } from "~/lib/course-json-ld";
import { absoluteUrl, errorSeo, publicUrlFrom, seo, summarize } from "~/lib/seo";
import { useRootData } from "~/root";
import { HYDRATE_ON_INTERACTION } from "~/lib/route-handle";
import { addCourseAction, courseDetailLoader } from "~/routes/+shared/course-detail.server";

/** Shown as HTML first; the scripts start at the first interaction (see route-handle.ts). */
export const handle = HYDRATE_ON_INTERACTION;

export const loader = (args: LoaderFunctionArgs) => courseDetailLoader("physical", args);
export const action = (args: ActionFunctionArgs) => addCourseAction("physical", args);

export default function PhysicalCourse() {
  const { course, action: state, choices, options, offersAccreditation, offersAdvance, priceSettings, saved, requested, vat, sessions, waitlistOfferHours } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const root = useRootData();
  const business = root?.business;
  const publicUrl = root?.publicUrl ?? "";
  const url = absoluteUrl(publicUrl, courseHref("physical", course.id));
  // The next session a buyer can still choose, else the course's announced date.
  const nextSession = sessions.find((s) => s.available) ?? null;
  const nextOn = nextSession?.startsOn ?? (sessions.length === 0 ? course.nextSessionOn : null);
  // The choice asked for in the address (a guest back from the login) wins over the cart's.
  const initial: PhysicalChoice = actionData?.submitted ?? (requested?.priceOptionId ? requested : null) ?? saved ?? requested ?? {
    priceOptionId: null,
    accreditation: false,
    advancePayment: false,
  };

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
            {nextOn ? (
              <li>
                <Icon name="calendar" size={20} /> Următoarea grupă: <strong>{nextSession ? nextSession.when : formatDate(nextOn)}</strong>
                {nextSession ? ` (${seatsLeftLabel(nextSession.seatsLeft)})` : null}
              </li>
            ) : null}
            <li>
              <Icon name="pin" size={20} /> În sala academiei din Constanța
            </li>
          </ul>
        </>
      }
      media={<CatalogueImage image={course.image} alt={course.title} sizes={COURSE_DETAIL_SIZES} priority />}
      aside={
        <div className="card buy-card">
          <h2 id="inscriere-titlu" className="buy-card__title">
            Înscrie-te la curs
          </h2>
          <p className="buy-card__price">
            <Price bani={course.fromPriceBani} from={choices.length > 1 || offersAccreditation} oldBani={course.price2Bani} lowestBani={course.lowest30Bani} vatIncluded={vat.vatIncluded} />
          </p>
          {state === "continue" ? (
            <ContinueAction kind="physical" courseId={course.id} session={business ? { startsOn: course.nextSessionOn, place: business.address } : null} />
          ) : state === "awaiting-payment" ? (
            <AwaitingPaymentAction />
          ) : choices.length === 0 ? (
            <p className="alert alert--info">Înscrierile pentru acest curs se deschid în curând.</p>
          ) : (
            <PhysicalCourseForm
              key={`${course.id}-${saved?.priceOptionId ?? "nou"}-${saved?.accreditation}-${saved?.advancePayment}-${saved?.sessionId ?? ""}-${requested?.priceOptionId ?? ""}`}
              periods={choices}
              options={options}
              offersAccreditation={offersAccreditation}
              offersAdvance={offersAdvance}
              settings={priceSettings}
              initial={initial}
              inCart={state === "in-cart"}
              error={actionData?.error ?? null}
              sessions={sessions}
            />
          )}
          {state !== "continue" && state !== "awaiting-payment" ? (
            <SessionWaitlist sessions={sessions} severalPeriods={choices.length > 1} offerHours={waitlistOfferHours} />
          ) : null}
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
      <JsonLd data={physicalCourseJsonLd({ course, choices, sessions, business, publicUrl, url })} />
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

export const ErrorBoundary = errorBoundary("course");
