/**
 * /admin/sesiuni/:id — one session (issue 28): edit it, close or reopen the sale, cancel it; its
 * roster (name, phone, payment, diploma option) with the CSV export, a student added by hand and
 * a student moved to another session of the same course. Plain forms, one intent each.
 */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { SessionForm } from "~/components/admin/SessionForm";
import { formatDateTime, todayInBucharest } from "~/lib/dates";
import { parseForm, readFormData } from "~/lib/form-input";
import { parseId } from "~/lib/ids";
import { readIntent } from "~/lib/intent";
import { consecutive } from "~/lib/sessions";
import { SHORT_TOAST } from "~/lib/toast";
import { addStudentSchema, attendanceSchema, moveStudentSchema, sessionFormSchema, toSessionInput } from "~/lib/validation/admin-session";
import {
  addStudentByHand,
  getSessionForAdmin,
  listSessionsForAdmin,
  moveSeat,
  physicalCoursesWithPeriods,
  saveSession,
  SESSION_ADMIN_MESSAGES,
  setSessionState,
} from "~/models/session-admin.server";
import { markAttendance, sessionRoster } from "~/models/session-roster.server";
import { requireAdmin } from "~/models/session.server";
import { waitlistForAdmin } from "~/models/session-waitlist.server";
import { redirectWithToast } from "~/services/toast.server";

const INTENTS = ["save", "close", "open", "cancel", "add-student", "move", "attendance"] as const;

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const id = parseId(params.id);
  const session = id ? await getSessionForAdmin(id) : null;
  if (!session) throw new Response(SESSION_ADMIN_MESSAGES.notFound, { status: 404 });
  const [roster, courses, all, waitlist] = await Promise.all([sessionRoster(session.id), physicalCoursesWithPeriods(), listSessionsForAdmin(todayInBucharest()), waitlistForAdmin(session.id)]);
  const { row, ...view } = session;
  return data({
    session: view,
    defaults: {
      id: row.id,
      courseId: row.courseId,
      days: row.days,
      startsOn: row.startsOn,
      endsOn: row.endsOn,
      dateList: consecutive(row.dates) ? "" : row.dates.join(", "),
      startTime: row.startTime,
      endTime: row.endTime,
      place: row.place ?? "",
      capacity: row.capacity,
      notes: row.notes,
    },
    seatsTaken: row.seatsTaken,
    roster: roster.map((r) => ({ ...r, heldUntil: r.heldUntil ? formatDateTime(r.heldUntil) : null })),
    waitlist: waitlist.map((w) => ({ ...w, offerExpiresAt: w.offerExpiresAt ? formatDateTime(w.offerExpiresAt) : null, joinedAt: formatDateTime(w.joinedAt) })),
    courses,
    // Where a student can be moved: the other coming sessions of the same course.
    targets: all.filter((s) => s.courseId === row.courseId && s.id !== row.id && s.state !== "cancelled").map((s) => ({ id: s.id, label: `${s.when} (${s.capacity - s.seatsTaken} locuri libere)` })),
  });
}

type Errors = Record<string, string[] | null>;

export async function action({ request, params }: ActionFunctionArgs) {
  await requireAdmin(request);
  const id = parseId(params.id);
  if (!id) throw new Response(SESSION_ADMIN_MESSAGES.notFound, { status: 404 });
  const form = await readFormData(request);
  const here = `/admin/sesiuni/${id}`;
  const refuse = (errors: Errors, status: number, formId: string) => data({ formId, errors }, { status });
  const done = (result: Awaited<ReturnType<typeof saveSession>>, formId: string, field = "form") =>
    result.ok ? redirectWithToast(here, { ...SHORT_TOAST, message: result.message }) : refuse({ [result.field ?? field]: [result.message] }, result.status, formId);
  switch (readIntent(form, INTENTS)) {
    case "save": {
      const submission = parseForm(form, { schema: sessionFormSchema });
      if (submission.status !== "success") return refuse(submission.reply().error ?? {}, 400, "save");
      return done(await saveSession(id, toSessionInput(submission.value)), "save", "courseId");
    }
    case "close":
      return done(await setSessionState(id, "closed"), "state");
    case "open":
      return done(await setSessionState(id, "open"), "state");
    case "cancel":
      return done(await setSessionState(id, "cancelled"), "state");
    case "add-student": {
      const submission = parseForm(form, { schema: addStudentSchema });
      if (submission.status !== "success") return refuse(submission.reply().error ?? {}, 400, "add-student");
      return done(await addStudentByHand(id, submission.value.email), "add-student", "email");
    }
    case "move": {
      const submission = parseForm(form, { schema: moveStudentSchema });
      if (submission.status !== "success") return refuse(submission.reply().error ?? {}, 400, `move-${form.get("seatId")}`);
      return done(await moveSeat(submission.value.seatId, submission.value.toSessionId, { admin: true }), `move-${submission.value.seatId}`, "toSessionId");
    }
    case "attendance": {
      const submission = parseForm(form, { schema: attendanceSchema });
      if (submission.status !== "success") return refuse(submission.reply().error ?? {}, 400, `attendance-${form.get("seatId")}`);
      return done(await markAttendance(submission.value.seatId, submission.value.days), `attendance-${submission.value.seatId}`);
    }
    default:
      return refuse({ form: ["Acțiune necunoscută."] }, 400, "state");
  }
}

export default function AdminSession() {
  const { session, defaults, seatsTaken, roster, courses, targets, waitlist } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const errorsOf = (formId: string) => (actionData?.formId === formId ? actionData.errors : null);
  const stateError = errorsOf("state")?.form?.[0];
  return (
    <section aria-labelledby="sesiune-titlu" className="admin-session">
      <p>
        <Link to="/admin/sesiuni">← Toate sesiunile</Link>
      </p>
      <h2 id="sesiune-titlu">
        {session.courseTitle}: {session.when}
      </h2>
      <p className="muted">
        {session.days} zile · {session.startTime}–{session.endTime} · {session.place} · Ocupate {seatsTaken} din {session.capacity} · {session.stateLabel}
      </p>
      {stateError ? (
        <p className="field__error" role="alert">
          {stateError}
        </p>
      ) : null}
      {session.state !== "cancelled" ? (
        <div className="admin-session__actions">
          {session.state === "closed" ? (
            <Form method="post">
              <button type="submit" name="intent" value="open" className="button button--small">
                Redeschide vânzarea
              </button>
            </Form>
          ) : (
            <Form method="post">
              <button type="submit" name="intent" value="close" className="button button--small">
                Închide vânzarea
              </button>
            </Form>
          )}
          <Form method="post">
            <button type="submit" name="intent" value="cancel" className="button button--small button--danger">
              Anulează sesiunea
            </button>
          </Form>
        </div>
      ) : null}

      <h3 id="lista">Lista cursanților ({roster.length})</h3>
      <p>
        <a href={`/admin/sesiuni/${session.id}/lista.csv`} download>
          Descarcă lista (CSV)
        </a>
      </p>
      {roster.length === 0 ? (
        <p className="muted">Niciun cursant încă.</p>
      ) : (
        <div className="table-scroll">
          <table className="table admin-roster" data-testid="roster">
            <thead>
              <tr>
                <th scope="col">Nume</th>
                <th scope="col">Telefon</th>
                <th scope="col">Plată</th>
                <th scope="col">Diplomă</th>
                <th scope="col">Prezență</th>
                <th scope="col">Mută</th>
              </tr>
            </thead>
            <tbody>
              {roster.map((r) => {
                const moveErrors = errorsOf(`move-${r.seatId}`);
                return (
                  <tr key={r.seatId}>
                    <td>
                      {r.name}
                      <br />
                      <span className="muted">{r.email}</span>
                    </td>
                    <td>{r.phone || "–"}</td>
                    <td>
                      {r.payment}
                      {r.heldUntil ? <span className="muted"> (până la {r.heldUntil})</span> : null}
                    </td>
                    <td>
                      {r.diploma}
                      {r.diplomaIssued ? <span className="muted"> · diplomă emisă</span> : null}
                    </td>
                    <td>
                      {r.waitlistOffer ? (
                        <span className="muted">–</span>
                      ) : (
                        <Form method="post" className="admin-roster__attendance">
                          <input type="hidden" name="intent" value="attendance" />
                          <input type="hidden" name="seatId" value={r.seatId} />
                          <fieldset>
                            <legend className="visually-hidden">Zilele în care {r.name} a fost prezent</legend>
                            {session.dates.map((d) => (
                              <label key={d} className="admin-roster__day">
                                <input type="checkbox" name="days" value={d} defaultChecked={r.attendance.includes(d)} /> {d.slice(8, 10)}/{d.slice(5, 7)}
                              </label>
                            ))}
                          </fieldset>
                          <button type="submit" className="button button--small" disabled={busy}>
                            Salvează prezența
                          </button>
                        </Form>
                      )}
                    </td>
                    <td>
                      {targets.length ? (
                        <Form method="post" className="admin-roster__move">
                          <input type="hidden" name="intent" value="move" />
                          <input type="hidden" name="seatId" value={r.seatId} />
                          <label className="visually-hidden" htmlFor={`muta-${r.seatId}`}>
                            Mută pe {r.name} în sesiunea
                          </label>
                          <select id={`muta-${r.seatId}`} name="toSessionId" className="select" defaultValue="">
                            <option value="">Alege sesiunea</option>
                            {targets.map((t) => (
                              <option key={t.id} value={t.id}>
                                {t.label}
                              </option>
                            ))}
                          </select>
                          <button type="submit" className="button button--small" disabled={busy}>
                            Mută
                          </button>
                          {moveErrors ? (
                            <p className="field__error" role="alert">
                              {Object.values(moveErrors).flat()[0]}
                            </p>
                          ) : null}
                        </Form>
                      ) : (
                        <span className="muted">Nicio altă sesiune</span>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}

      <h3 id="asteptare">Lista de așteptare ({waitlist.length})</h3>
      {waitlist.length === 0 ? (
        <p className="muted">Nimeni nu așteaptă un loc.</p>
      ) : (
        <ol className="admin-waitlist" data-testid="waitlist">
          {waitlist.map((w) => (
            <li key={w.id}>
              {w.name} <span className="muted">({w.email}{w.phone ? `, ${w.phone}` : ""}) – </span>
              {w.status === "offered" ? `loc oferit, păstrat până la ${w.offerExpiresAt}` : `așteaptă din ${w.joinedAt}`}
            </li>
          ))}
        </ol>
      )}

      <h3>Adaugă un cursant manual</h3>
      <Form method="post" className="card card--pad form" noValidate>
        <input type="hidden" name="intent" value="add-student" />
        <div className="field">
          <label htmlFor="cursant-email" className="field__label">
            E-mailul contului cursantului
          </label>
          <input id="cursant-email" name="email" type="email" className="input" aria-describedby={errorsOf("add-student") ? "cursant-email-error" : undefined} />
          {errorsOf("add-student") ? (
            <p id="cursant-email-error" className="field__error" role="alert">
              {Object.values(errorsOf("add-student") ?? {}).flat()[0]}
            </p>
          ) : null}
          <p className="field__hint">Locul se ocupă fără plată prin site și apare ca „Adăugat manual (neplătit)”.</p>
        </div>
        <button type="submit" className="button button--dark button--small" disabled={busy}>
          Adaugă cursantul
        </button>
      </Form>

      <h3>Modifică sesiunea</h3>
      <SessionForm courses={courses} defaults={defaults} errors={errorsOf("save")} busy={busy} submitLabel="Salvează sesiunea" />
    </section>
  );
}
