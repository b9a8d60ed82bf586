/**
 * /diploma/:code — public verification of a diploma (the address printed on it and in its QR
 * code). Shows the holder, the course and the completion date, nothing else about the student;
 * an unknown code answers 404 "Diplomă inexistentă".
 */
import { data, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { DiplomaPreview } from "~/components/player/DiplomaPreview";
import { Icon } from "~/components/ui/Icon";
import { getConfig } from "~/config.server";
import { formatDate } from "~/lib/dates";
import { formatDiplomaCode } from "~/lib/diploma";
import { pageTitle } from "~/lib/meta";
import { PLAYER_MESSAGES } from "~/lib/player";
import { findDiplomaByCode } from "~/models/diploma.server";
import { errorBoundary } from "~/components/ErrorState";
import { STATIC_PAGE } from "~/lib/route-handle";

export async function loader({ params }: LoaderFunctionArgs) {
  const diploma = await findDiplomaByCode(params.code);
  if (!diploma) throw new Response(PLAYER_MESSAGES.notFoundDiploma, { status: 404 });
  return data(
    {
      diploma: { code: diploma.code, holderName: diploma.holderName, courseTitle: diploma.courseTitle, completedOn: diploma.completedOn },
      brand: getConfig().business.brand,
    },
    { headers: { "Cache-Control": "public, max-age=300" } });
}

export default function VerifyDiploma() {
  const { diploma, brand } = useLoaderData<typeof loader>();
  return (
    <main className="page container verify">
      <header className="verify__header">
        <span className="verify__badge" aria-hidden="true">
          <Icon name="check" size={30} />
        </span>
        <p className="eyebrow">Verificare diplomă</p>
        <h1>Diplomă validă</h1>
        <p className="lead">
          Diploma cu codul <strong>{formatDiplomaCode(diploma.code)}</strong> a fost emisă de {brand}.
        </p>
      </header>
      <dl className="verify__facts card card--pad">
        <div>
          <dt>Titular</dt>
          <dd data-testid="verify-holder">{diploma.holderName}</dd>
        </div>
        <div>
          <dt>Curs</dt>
          <dd data-testid="verify-course">{diploma.courseTitle}</dd>
        </div>
        <div>
          <dt>Data absolvirii</dt>
          <dd data-testid="verify-date">{formatDate(diploma.completedOn)}</dd>
        </div>
      </dl>
      <DiplomaPreview diploma={diploma} brand={brand} />
    </main>
  );
}

export const headers: HeadersFunction = ({ loaderHeaders }) => ({
  "Cache-Control": loaderHeaders.get("Cache-Control") ?? "no-store",
});

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  { title: pageTitle(matches, data ? `Diplomă ${formatDiplomaCode(data.diploma.code)}` : PLAYER_MESSAGES.notFoundDiploma) },
  { name: "robots", content: "noindex, nofollow" },
];

export const ErrorBoundary = errorBoundary("diplomaCheck");
/** Read from a QR code on a phone: nothing on it needs the app's scripts. */
export const handle = STATIC_PAGE;
