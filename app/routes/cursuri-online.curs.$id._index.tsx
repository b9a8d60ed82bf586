/**
 * /cursuri-online/curs/:id — online course detail (SPEC §2 Course detail, §4 actions, §5, §9).
 * An index route so that the lesson player (/cursuri-online/curs/:id/lectie) is not nested in it.
 */
import { type ActionFunctionArgs, json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData, useRouteError } from "@remix-run/react";
import { Breadcrumbs } from "~/components/Breadcrumbs";
import { AwaitingPaymentAction, ContinueAction } from "~/components/catalogue/ActionStates";
import { CatalogueImage } from "~/components/catalogue/CatalogueImage";
import { ChapterList } from "~/components/catalogue/CourseContent";
import { CourseDetailLayout, DiscountNotice } from "~/components/catalogue/CourseDetailLayout";
import { OnlineCourseForm } from "~/components/catalogue/OnlineCourseForm";
import type { FormError } from "~/components/catalogue/PhysicalCourseForm";
import { Price } from "~/components/catalogue/Price";
import { RouteErrorContent } from "~/components/ErrorState";
import { JsonLd } from "~/components/JsonLd";
import { Icon } from "~/components/ui/Icon";
import { CHOICE_MESSAGES, courseHref } from "~/lib/course-actions";
import { accessLabel } from "~/lib/course-quote";
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
  const detail = await courseDetail("online", id, user?.id ?? null);
  if (!detail) throw notFound();
  return json(detail);
}

export async function action({ request, params }: ActionFunctionArgs) {
  // Auth first: a cross-site post is refused (403) before anything else is looked at.
  const user = await requireUser(request);
  const id = parseId(params.id);
  if (!id) throw notFound();
  if (!(await getPublishedCourse("online", id))) throw notFound();
  const form = parseAddCourseForm("online", await request.formData());
  if (!form.ok) {
    const field = form.fieldError;
    return json(
      { error: { alert: field ? CHOICE_MESSAGES.online.alert : CART_MESSAGES.onlineFailed, field } satisfies FormError },
      { status: 400 },
    );
  }
  let result;
  try {
    result = await addCourseToCart(user.id, { courseId: id, priceOptionId: form.priceOptionId });
  } catch (error) {
    console.error(error);
    result = { ok: false as const, status: 500, message: CART_MESSAGES.onlineFailed };
  }
  if (!result.ok) {
    // SPEC §8: the online page shows its own failure text; specific reasons (already enrolled…) are kept.
    const message = result.status === 500 ? CART_MESSAGES.onlineFailed : result.message || CART_MESSAGES.onlineFailed;
    return json({ error: { alert: message, field: null } satisfies FormError }, { status: result.status });
  }
  return redirectWithToast(courseHref("online", id), { message: result.message, ...SHORT_TOAST });
}

export default function OnlineCourse() {
  const { course, action: state, choices, saved } = useLoaderData<typeof loader>();
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
      media={<CatalogueImage image={course.image} alt={course.title} sizes={DETAIL_SIZES} priority />}
      aside={
        <div className="card buy-card">
          <h2 id="inscriere-titlu" className="buy-card__title">
            Începe cursul
          </h2>
          <p className="buy-card__price">
            <Price bani={course.fromPriceBani} from={choices.length > 1} oldBani={course.price2Bani} />
          </p>
          {state === "continue" ? (
            <ContinueAction kind="online" courseId={course.id} />
          ) : state === "awaiting-payment" ? (
            <AwaitingPaymentAction />
          ) : choices.length === 0 ? (
            <p className="alert alert--info">Cursul va fi disponibil în curând.</p>
          ) : (
            <OnlineCourseForm
              key={`${course.id}-${saved?.priceOptionId ?? "nou"}`}
              options={choices}
              initialOptionId={saved?.priceOptionId ?? null}
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
            name: accessLabel(choice.days),
            price: schemaPrice(choice.amountBani),
            priceCurrency: "RON",
            category: choice.amountBani === 0 ? "Free" : "Paid",
            availability: "https://schema.org/InStock",
            url,
          })),
          hasCourseInstance: { "@type": "CourseInstance", courseMode: "Online" },
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
    title: `${course.title} – curs online`,
    description: summarize(course.thirdTitle || course.secondTitle || course.title),
    path: courseHref("online", Number(params.id)),
    publicUrl,
    image: course.image?.src,
  });
};

export function ErrorBoundary() {
  return (
    <RouteErrorContent
      error={useRouteError()}
      message="Eroare la incarcarea cursului online."
      backTo="/cursuri-online"
      backLabel="Toate cursurile online"
    />
  );
}
