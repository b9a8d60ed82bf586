/** /cursuri — physical courses (SPEC §2 Course lists, §4 button text). */
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useRouteError } from "@remix-run/react";
import { CourseCard } from "~/components/catalogue/CourseCard";
import { RouteErrorContent } from "~/components/ErrorState";
import { Icon } from "~/components/ui/Icon";
import { publicUrlFrom, seo } from "~/lib/seo";
import { courseCards } from "~/models/catalogue.server";
import { getUser } from "~/models/session.server";
import { STATIC_PAGE } from "~/lib/route-handle";

/** Pure content: no JavaScript on a first load (see route-handle.ts). */
export const handle = STATIC_PAGE;

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getUser(request);
  return json({ courses: await courseCards("physical", user?.id ?? null) });
}

export default function PhysicalCourses() {
  const { courses } = useLoaderData<typeof loader>();
  return (
    <main className="page">
      <div className="container">
        <header className="page-header">
          <p className="eyebrow">Cursuri în sală · Constanța</p>
          <h1>Cursuri de manichiură și pedichiură</h1>
          <p className="lead">
            Grupe mici, de cel mult 4 cursante, lucru pe modele reale și materiale incluse. Alege cursul potrivit
            nivelului tău, de la primii pași până la tehnici avansate.
          </p>
        </header>
        {courses.length === 0 ? (
          <div className="empty-state">
            <p>Nu sunt cursuri disponibile.</p>
            <Link to="/cursuri-online" className="button button--ghost">
              Vezi cursurile online
            </Link>
          </div>
        ) : (
          <div className="grid catalogue-grid">
            {courses.map((course) => (
              <CourseCard key={course.id} course={course} />
            ))}
          </div>
        )}
        <aside className="callout" aria-labelledby="callout-online">
          <Icon name="play" size={28} />
          <div>
            <h2 id="callout-online" className="callout__title">
              Nu poți ajunge în Constanța?
            </h2>
            <p>Învață de acasă, în ritmul tău, cu lecțiile video ale cursurilor online.</p>
          </div>
          <Link to="/cursuri-online" className="button button--dark" prefetch="intent">
            Cursuri online
          </Link>
        </aside>
      </div>
    </main>
  );
}

export const meta: MetaFunction = ({ matches }) =>
  seo({
    title: "Cursuri de manichiură în Constanța",
    description:
      "Cursuri de manichiură, construcție cu gel și pedichiură în Constanța, în grupe mici, cu diplomă acreditată și posibilitate de plată în avans.",
    path: "/cursuri",
    publicUrl: publicUrlFrom(matches),
  });

export function ErrorBoundary() {
  return <RouteErrorContent error={useRouteError()} message="Nu s-au putut prelua cursurile" backTo="/" backLabel="Pagina principală" />;
}
