/** /cursuri-online — online courses (SPEC §2 Course lists, §4 button text). */
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
  return json({ courses: await courseCards("online", user?.id ?? null) });
}

export default function OnlineCourses() {
  const { courses } = useLoaderData<typeof loader>();
  return (
    <main className="page">
      <div className="container">
        <header className="page-header">
          <p className="eyebrow">Cursuri online</p>
          <h1>Învață de acasă, în ritmul tău</h1>
          <p className="lead">
            Lecții video filmate în salon, explicate pas cu pas, cu fișe de lucru descărcabile. Le urmărești de pe
            telefon sau calculator și primești diploma de participare la final.
          </p>
        </header>
        {courses.length === 0 ? (
          <div className="empty-state">
            <p>Nu sunt cursuri online disponibile.</p>
            <Link to="/cursuri" className="button button--ghost">
              Vezi cursurile în sală
            </Link>
          </div>
        ) : (
          <div className="grid catalogue-grid">
            {courses.map((course) => (
              <CourseCard key={course.id} course={course} />
            ))}
          </div>
        )}
        <aside className="callout" aria-labelledby="callout-sala">
          <Icon name="award" size={28} />
          <div>
            <h2 id="callout-sala" className="callout__title">
              Vrei să lucrezi pe modele reale?
            </h2>
            <p>La cursurile din Constanța lucrezi sub îndrumarea formatoarei și pleci cu diplomă acreditată.</p>
          </div>
          <Link to="/cursuri" className="button button--dark" prefetch="intent">
            Cursuri în sală
          </Link>
        </aside>
      </div>
    </main>
  );
}

export const meta: MetaFunction = ({ matches }) =>
  seo({
    title: "Cursuri online de manichiură",
    description:
      "Cursuri video de manichiură și nail art, cu lecții pas cu pas, fișe de lucru și diplomă de participare. Acces nelimitat sau pe perioadă aleasă.",
    path: "/cursuri-online",
    publicUrl: publicUrlFrom(matches),
  });

export function ErrorBoundary() {
  return (
    <RouteErrorContent error={useRouteError()} message="Nu s-au putut prelua cursurile online" backTo="/" backLabel="Pagina principală" />
  );
}
