/**
 * /admin/sesiuni — the in-person sessions of the coming months (issue 28), month by month, with
 * their occupancy and state, and the form to add one.
 */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { SessionForm } from "~/components/admin/SessionForm";
import { monthName, todayInBucharest } from "~/lib/dates";
import { parseForm, readFormData } from "~/lib/form-input";
import { SHORT_TOAST } from "~/lib/toast";
import { sessionFormSchema, toSessionInput } from "~/lib/validation/admin-session";
import { listSessionsForAdmin, physicalCoursesWithPeriods, saveSession } from "~/models/session-admin.server";
import { requireAdmin } from "~/models/session.server";
import { redirectWithToast } from "~/services/toast.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const [sessions, courses] = await Promise.all([listSessionsForAdmin(todayInBucharest()), physicalCoursesWithPeriods()]);
  return data({ sessions, courses });
}

export async function action({ request }: ActionFunctionArgs) {
  await requireAdmin(request);
  const submission = parseForm(await readFormData(request), { schema: sessionFormSchema });
  if (submission.status !== "success") return data({ errors: submission.reply().error ?? {} }, { status: 400 });
  const saved = await saveSession(null, toSessionInput(submission.value));
  if (!saved.ok) return data({ errors: { [saved.field ?? "courseId"]: [saved.message] } }, { status: saved.status });
  return redirectWithToast(`/admin/sesiuni/${saved.id}`, { ...SHORT_TOAST, message: saved.message });
}

export default function AdminSessions() {
  const { sessions, courses } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const months = new Map<string, typeof sessions>();
  for (const s of sessions) months.set(s.startsOn.slice(0, 7), [...(months.get(s.startsOn.slice(0, 7)) ?? []), s]);
  return (
    <section aria-labelledby="sesiuni-titlu" className="admin-sessions">
      <h2 id="sesiuni-titlu">Sesiuni ale cursurilor fizice</h2>
      {sessions.length === 0 ? <p className="muted">Nu există sesiuni programate.</p> : null}
      {[...months].map(([month, list]) => (
        <div key={month} className="admin-sessions__month">
          <h3>{monthName(month)}</h3>
          <ul className="admin-sessions__list">
            {list.map((s) => (
              <li key={s.id} className="card card--pad admin-sessions__item" data-testid="admin-session">
                <p>
                  <Link to={`/admin/sesiuni/${s.id}`}>
                    <strong>{s.when}</strong> – {s.courseTitle}
                  </Link>
                </p>
                <p className="muted">
                  {s.days} zile · {s.startTime}–{s.endTime} · {s.place}
                </p>
                <p>
                  Ocupate: <strong>{s.seatsTaken}</strong> din {s.capacity} ·{" "}
                  <span className={`status status--${s.state === "open" ? "confirmed" : s.state === "full" ? "pending" : "failed"}`}>{s.stateLabel}</span>
                </p>
              </li>
            ))}
          </ul>
        </div>
      ))}
      <h3>Adaugă o sesiune</h3>
      <SessionForm courses={courses} defaults={{}} errors={actionData?.errors ?? null} busy={busy} submitLabel="Adaugă sesiunea" />
    </section>
  );
}
