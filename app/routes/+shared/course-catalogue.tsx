/**
 * The two course lists (`/cursuri`, `/cursuri-online`; docs/product.md §2 Course lists, §4 button text):
 * one loader and one page; each route module gives its own texts.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import type { CourseKind } from "../../../db/schema";
import { CourseCard } from "~/components/catalogue/CourseCard";
import { Icon, type IconName } from "~/components/ui/Icon";
import { courseCards } from "~/models/catalogue.server";
import { getUser } from "~/models/session.server";

export async function courseCatalogueLoader(kind: CourseKind, { request }: LoaderFunctionArgs) {
  const user = await getUser(request);
  return { courses: await courseCards(kind, user?.id ?? null) };
}

export interface CatalogueTexts {
  eyebrow: string;
  title: string;
  lead: ReactNode;
  empty: string;
  /** The other list: the empty state's link and the callout. */
  other: { to: string; emptyLink: string; calloutId: string; icon: IconName; title: string; text: string; button: string };
}

export function CourseCataloguePage({ texts }: { texts: CatalogueTexts }) {
  const { courses } = useLoaderData<typeof courseCatalogueLoader>();
  const { other } = texts;
  // The first card that shows a picture holds the page's largest paint on a phone.
  const priorityId = courses.find((course) => course.image)?.id;
  return (
    <main className="page">
      <div className="container">
        <header className="page-header">
          <p className="eyebrow">{texts.eyebrow}</p>
          <h1>{texts.title}</h1>
          <p className="lead">{texts.lead}</p>
        </header>
        {courses.length === 0 ? (
          <div className="empty-state">
            <p>{texts.empty}</p>
            <Link to={other.to} className="button button--ghost">
              {other.emptyLink}
            </Link>
          </div>
        ) : (
          <div className="grid catalogue-grid">
            {courses.map((course) => (
              <CourseCard key={course.id} course={course} priority={course.id === priorityId} />
            ))}
          </div>
        )}
        <aside className="callout" aria-labelledby={other.calloutId}>
          <Icon name={other.icon} size={28} />
          <div>
            <h2 id={other.calloutId} className="callout__title">
              {other.title}
            </h2>
            <p>{other.text}</p>
          </div>
          <Link to={other.to} className="button button--dark" prefetch="intent">
            {other.button}
          </Link>
        </aside>
      </div>
    </main>
  );
}
