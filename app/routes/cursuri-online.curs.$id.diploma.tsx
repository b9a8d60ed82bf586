/**
 * /cursuri-online/curs/:id/diploma — the certificate screen (docs/product.md §2): the diploma of the
 * user's own finished course, its download link and its public verification address.
 */
import { data, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Breadcrumbs } from "~/components/Breadcrumbs";
import { errorBoundary } from "~/components/ErrorState";
import { DiplomaPreview } from "~/components/player/DiplomaPreview";
import { Icon } from "~/components/ui/Icon";
import { getConfig } from "~/config.server";
import { courseHref } from "~/lib/course-actions";
import { diplomaVerifyPath, formatDiplomaCode } from "~/lib/diploma";
import { parseId } from "~/lib/ids";
import { pageTitle } from "~/lib/meta";
import { diplomaPdfPath, PLAYER_MESSAGES, playerPath } from "~/lib/player";
import { certificateFor } from "~/models/diploma.server";
import { requireUser } from "~/models/session.server";
import { redirectWithToast } from "~/services/toast.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const courseId = parseId(params.id);
  if (!courseId) throw new Response("Diploma nu există.", { status: 404 });
  const result = await certificateFor(user.id, courseId);
  if (!result.ok) {
    if (result.reason === "no-enrollment") throw new Response("Diploma nu există.", { status: 404 });
    if (result.reason === "pending") {
      throw await redirectWithToast(courseHref("online", courseId), { message: PLAYER_MESSAGES.awaitingPayment, type: "info" });
    }
    if (result.reason === "closed") {
      throw await redirectWithToast(courseHref("online", courseId), { message: PLAYER_MESSAGES.noAccess, type: "error" });
    }
    throw await redirectWithToast(playerPath(courseId), { message: "Diploma este disponibilă după finalizarea cursului.", type: "info" });
  }
  const config = getConfig();
  const verifyPath = diplomaVerifyPath(result.diploma.code);
  return data(
    {
      courseId,
      diploma: {
        code: result.diploma.code,
        holderName: result.diploma.holderName,
        courseTitle: result.diploma.courseTitle,
        completedOn: result.diploma.completedOn,
      },
      brand: config.business.brand,
      trainer: config.business.trainer,
      verifyPath,
      verifyUrl: `${config.publicUrl}${verifyPath}`,
    },
    { headers: { "Cache-Control": "private, no-store" } });
}

export default function CertificateScreen() {
  const data = useLoaderData<typeof loader>();
  return (
    <main className="page container certificate">
      <Breadcrumbs
        items={[
          { label: "Cursurile mele", to: "/cont#cursuri-active" },
          { label: data.diploma.courseTitle, to: playerPath(data.courseId) },
          { label: PLAYER_MESSAGES.diploma },
        ]}
      />
      <header className="certificate__header">
        <p className="eyebrow">Certificat</p>
        <h1>{PLAYER_MESSAGES.diploma}</h1>
        <p className="lead">
          Felicitări, {data.diploma.holderName}! Ai finalizat cursul „{data.diploma.courseTitle}”.
        </p>
      </header>
      <div className="certificate__layout">
        <DiplomaPreview diploma={data.diploma} brand={data.brand} trainer={data.trainer} />
        <aside className="certificate__aside card card--pad">
          <a href={diplomaPdfPath(data.courseId)} className="button button--primary button--block" download>
            <Icon name="download" size={18} /> Descarcă diploma (PDF)
          </a>
          <dl className="certificate__facts">
            <div>
              <dt>Cod de verificare</dt>
              <dd className="transfer__mono">{formatDiplomaCode(data.diploma.code)}</dd>
            </div>
            <div>
              <dt>Verificare publică</dt>
              <dd>
                <Link to={data.verifyPath}>{data.verifyUrl}</Link>
              </dd>
            </div>
          </dl>
          <p className="certificate__note">
            Oricine are codul sau scanează codul QR de pe diplomă vede numele, cursul și data absolvirii — nimic altceva din contul tău.
          </p>
          <Link to={playerPath(data.courseId)} className="button button--light button--block">
            Înapoi la curs
          </Link>
        </aside>
      </div>
    </main>
  );
}

export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store", Vary: "Cookie" });

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  { title: pageTitle(matches, data ? `Diplomă – ${data.diploma.courseTitle}` : "Diplomă") },
  { name: "robots", content: "noindex, nofollow" },
];

export const ErrorBoundary = errorBoundary("diploma");
