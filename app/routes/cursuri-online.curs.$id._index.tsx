/**
 * /cursuri-online/curs/:id — online course detail (docs/product.md §2 Course detail, §4 actions, §5, §9).
 * An index route so that the lesson player (/cursuri-online/curs/:id/lectie) is not nested in it.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Breadcrumbs } from "~/components/Breadcrumbs";
import { AwaitingPaymentAction, ContinueAction } from "~/components/catalogue/ActionStates";
import { CatalogueImage } from "~/components/catalogue/CatalogueImage";
import { ChapterList } from "~/components/catalogue/CourseContent";
import { CourseDetailLayout, DiscountNotice } from "~/components/catalogue/CourseDetailLayout";
import { OnlineCourseForm } from "~/components/catalogue/OnlineCourseForm";
import { Price } from "~/components/catalogue/Price";
import { errorBoundary } from "~/components/ErrorState";
import { JsonLd } from "~/components/JsonLd";
import { Icon } from "~/components/ui/Icon";
import { courseHref } from "~/lib/course-actions";
import { courseJsonLd } from "~/lib/course-json-ld";
import { accessLabel } from "~/lib/course-quote";
import { COURSE_DETAIL_SIZES } from "~/lib/images";
import { absoluteUrl, errorSeo, publicUrlFrom, seo, summarize } from "~/lib/seo";
import { useRootData } from "~/root";
import { HYDRATE_ON_INTERACTION } from "~/lib/route-handle";
import { addCourseAction, courseDetailLoader } from "~/routes/+shared/course-detail.server";

/** Shown as HTML first; the scripts start at the first interaction (see route-handle.ts). */
export const handle = HYDRATE_ON_INTERACTION;

export const loader = (args: LoaderFunctionArgs) => courseDetailLoader("online", args);
export const action = (args: ActionFunctionArgs) => addCourseAction("online", args);

export default function OnlineCourse() {
  const { course, action: state, choices, saved, requested, vat } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const root = useRootData();
  const business = root?.business;
  const publicUrl = root?.publicUrl ?? "";
  const url = absoluteUrl(publicUrl, courseHref("online", course.id));
  const chapters = course.content.chapters;
  const withDiploma = choices.some((c) => c.accreditation);

  return (
    <CourseDetailLayout
      breadcrumbs={
        <Breadcrumbs items={[{ label: "Acasă", to: "/" }, { label: "Cursuri online", to: "/cursuri-online" }, { label: course.title }]} />
      }
      header={
        <>
          <p className="eyebrow">Curs online</p>
          <h1>{course.title}</h1>
          {course.secondTitle ? <p className="lead">{course.secondTitle}</p> : null}
          <ul className="meta-list">
            <li>
              <Icon name="play" size={20} /> Lecții video, urmărite în ritmul tău
            </li>
            {chapters.length ? (
              <li>
                <Icon name="check" size={20} /> {chapters.length === 1 ? "1 capitol" : `${chapters.length} capitole`}
              </li>
            ) : null}
            {withDiploma ? (
              <li>
                <Icon name="award" size={20} /> Diplomă de participare la final
              </li>
            ) : null}
          </ul>
        </>
      }
      media={<CatalogueImage image={course.image} alt={course.title} sizes={COURSE_DETAIL_SIZES} priority />}
      aside={
        <div className="card buy-card">
          <h2 id="inscriere-titlu" className="buy-card__title">
            Începe cursul
          </h2>
          <p className="buy-card__price">
            <Price bani={course.fromPriceBani} from={choices.length > 1} oldBani={course.price2Bani} lowestBani={course.lowest30Bani} vatIncluded={vat.vatIncluded} />
          </p>
          {state === "continue" ? (
            <ContinueAction kind="online" courseId={course.id} />
          ) : state === "awaiting-payment" ? (
            <AwaitingPaymentAction />
          ) : choices.length === 0 ? (
            <p className="alert alert--info">Cursul va fi disponibil în curând.</p>
          ) : (
            <OnlineCourseForm
              key={`${course.id}-${saved?.priceOptionId ?? requested?.priceOptionId ?? "nou"}`}
              options={choices}
              initialOptionId={saved?.priceOptionId ?? requested?.priceOptionId ?? null}
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
      {chapters.length ? (
        <section className="course-section" aria-labelledby="tematica">
          <h2 id="tematica">Capitolele cursului</h2>
          <ChapterList chapters={chapters} />
        </section>
      ) : null}
      <section className="course-section" aria-labelledby="cum-functioneaza">
        <h2 id="cum-functioneaza">Cum funcționează</h2>
        <ol className="steps">
          <li>Alegi varianta potrivită și finalizezi comanda.</li>
          <li>După confirmarea plății, cursul apare în contul tău.</li>
          <li>Urmărești lecțiile în ordine, de pe telefon sau calculator; fiecare capitol se deblochează după cel anterior.</li>
          {withDiploma ? <li>La final descarci diploma de participare.</li> : null}
        </ol>
      </section>
      <JsonLd data={courseJsonLd({ course, choices, business, publicUrl, url }, accessLabel, { "@type": "CourseInstance", courseMode: "Online" })} />
    </CourseDetailLayout>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches, params }) => {
  const publicUrl = publicUrlFrom(matches);
  if (!data) return errorSeo(publicUrl, true);
  const { course } = data;
  return seo({
    title: `${course.title} – curs online`,
    description: summarize(course.thirdTitle || course.secondTitle || course.title),
    path: courseHref("online", Number(params.id)),
    publicUrl,
    image: course.image?.src,
  });
};

export const ErrorBoundary = errorBoundary("onlineCourse");
