/**
 * /cont/sesiuni/:seatId/mutare — the student moves their place to another session of the same
 * course and period (README "In-person sessions"): free and unlimited from a session the academy
 * cancelled, otherwise once, at least 7 days before the start. The place is taken in the new
 * session through the seat counter (never beyond its capacity) and freed in the old one (which
 * goes to its waitlist), in one transaction (session-admin.server moveSeat). A plain form.
 */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { errorBoundary } from "~/components/ErrorState";
import { todayInBucharest } from "~/lib/dates";
import { parseForm, readFormData } from "~/lib/form-input";
import { privateHeaders } from "~/lib/http";
import { privatePageMeta } from "~/lib/meta";
import { seatsLeftLabel } from "~/lib/sessions";
import { SHORT_TOAST } from "~/lib/toast";
import { studentMoveSchema } from "~/lib/validation/admin-session";
import { studentMayMove } from "~/models/enrollment.server";
import { moveSeat, studentMoveOptions } from "~/models/session-admin.server";
import { requireUser } from "~/models/session.server";
import { redirectWithToast } from "~/services/toast.server";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function load(request: Request, seatId: string | undefined) {
  const user = await requireUser(request);
  const today = todayInBucharest();
  const options = seatId && UUID.test(seatId) ? await studentMoveOptions(seatId, user.id, today) : null;
  if (!options) throw new Response("Locul nu există.", { status: 404 });
  return { user, today, options };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { today, options } = await load(request, params.seatId);
  const allowed = studentMayMove({ state: options.cancelled ? "cancelled" : "open", startsOn: options.current.startsOn }, options.movedBefore, today);
  return { ...options, allowed };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { user, today, options } = await load(request, params.seatId);
  const submission = parseForm(await readFormData(request), { schema: studentMoveSchema });
  if (submission.status !== "success") return data({ error: "Alege sesiunea la care vrei să te muți." }, { status: 400 });
  const result = await moveSeat(options.seatId, submission.value.toSessionId, { userId: user.id, today });
  if (!result.ok) return data({ error: result.message }, { status: result.status });
  return redirectWithToast("/cont#cursuri-active", { ...SHORT_TOAST, message: "Te-am mutat în sesiunea aleasă. Găsești noile date în contul tău." });
}

export default function MoveSession() {
  const { courseTitle, current, cancelled, targets, allowed } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  return (
    <main className="page container account">
      <p>
        <Link to="/cont#cursuri-active">← Contul meu</Link>
      </p>
      <h1>Mută-te la altă sesiune</h1>
      <p>
        <strong>{courseTitle}</strong>: acum ești înscris la sesiunea <strong>{current.when}</strong>, {current.startTime}–{current.endTime}, {current.place}
        {cancelled ? " (anulată)" : ""}.
      </p>
      <p className="field__hint">
        {cancelled
          ? "Sesiunea a fost anulată de academie: te poți muta gratuit la oricare sesiune de mai jos."
          : "Poți cere o singură mutare gratuită, cel târziu cu 7 zile înainte de începutul sesiunii."}
      </p>
      {!allowed ? (
        <p className="alert alert--info">Mutarea nu mai este posibilă din cont. Scrie-ne și găsim împreună o soluție.</p>
      ) : targets.length === 0 ? (
        <p className="alert alert--info">Nu există acum altă sesiune cu locuri libere pentru acest curs. Revino mai târziu sau scrie-ne.</p>
      ) : (
        <Form method="post" className="card card--pad form">
          <fieldset className="buy-form__group session-choices">
            <legend>Alege sesiunea nouă</legend>
            {actionData?.error ? (
              <p className="field__error" role="alert">
                {actionData.error}
              </p>
            ) : null}
            <div className="radio-cards">
              {targets.map((t) => (
                <label key={t.id} className="radio-card" data-testid={`move-target-${t.id}`}>
                  <input type="radio" name="toSessionId" value={t.id} required />
                  <span className="radio-card__main">
                    <strong>{t.when}</strong>
                    <span className="radio-card__hint">
                      {t.startTime}–{t.endTime}, {t.place}
                    </span>
                  </span>
                  <span className="radio-card__price session-seats">{seatsLeftLabel(t.seatsLeft)}</span>
                </label>
              ))}
            </div>
          </fieldset>
          <button type="submit" className="button button--primary" disabled={busy}>
            Mută-mă în sesiunea aleasă
          </button>
        </Form>
      )}
    </main>
  );
}

export const meta: MetaFunction = ({ matches }) => privatePageMeta(matches, "Mută-te la altă sesiune");
export const headers = privateHeaders;
export const ErrorBoundary = errorBoundary("account");
