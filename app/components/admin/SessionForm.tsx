/**
 * The admin's session form (issue 28): course and period, first day, last day or a list of days,
 * hours, place (empty: the academy's address), capacity and what to bring. A plain form: it
 * works the same with JavaScript off; the server answers with the field messages.
 */
import { Form } from "@remix-run/react";

export interface SessionFormDefaults {
  id?: number;
  courseId?: number;
  days?: number;
  startsOn?: string;
  endsOn?: string;
  dateList?: string;
  startTime?: string;
  endTime?: string;
  place?: string;
  capacity?: number;
  notes?: string;
}

export function SessionForm({
  courses,
  defaults,
  errors,
  busy,
  submitLabel,
}: {
  courses: Array<{ id: number; title: string; periods: number[] }>;
  defaults: SessionFormDefaults;
  errors: Record<string, string[] | null> | null;
  busy: boolean;
  submitLabel: string;
}) {
  const prefix = defaults.id ? `sesiune-${defaults.id}` : "sesiune-noua";
  const error = (name: string) => errors?.[name]?.[0];
  const field = (name: string, label: string, input: JSX.Element, hint?: string) => (
    <div className="field">
      <label htmlFor={`${prefix}-${name}`} className="field__label">
        {label}
      </label>
      {input}
      {hint ? <p className="field__hint">{hint}</p> : null}
      {error(name) ? (
        <p id={`${prefix}-${name}-error`} className="field__error" role="alert">
          {error(name)}
        </p>
      ) : null}
    </div>
  );
  const aria = (name: string) => ({
    id: `${prefix}-${name}`,
    name,
    "aria-invalid": error(name) ? true : undefined,
    "aria-describedby": error(name) ? `${prefix}-${name}-error` : undefined,
  });
  const periods = [...new Set(courses.flatMap((c) => c.periods))].sort((a, b) => a - b);
  return (
    <Form method="post" className="card card--pad form admin-session-form" noValidate>
      <input type="hidden" name="intent" value="save" />
      {defaults.id ? <input type="hidden" name="id" value={defaults.id} /> : null}
      <div className="admin-delivery__fields">
        {field(
          "courseId",
          "Curs",
          <select {...aria("courseId")} className="select" defaultValue={defaults.courseId ?? ""}>
            <option value="">Alege cursul</option>
            {courses.map((c) => (
              <option key={c.id} value={c.id}>
                {c.title} ({c.periods.map((d) => `${d} zile`).join(" / ") || "fără perioade"})
              </option>
            ))}
          </select>,
        )}
        {field(
          "days",
          "Perioada (zile)",
          <select {...aria("days")} className="select" defaultValue={defaults.days ?? ""}>
            <option value="">Alege perioada</option>
            {periods.map((d) => (
              <option key={d} value={d}>
                {d} zile
              </option>
            ))}
          </select>,
          "Trebuie să fie una dintre perioadele din prețurile cursului.",
        )}
        {field("startsOn", "Prima zi", <input {...aria("startsOn")} type="date" className="input" defaultValue={defaults.startsOn ?? ""} />)}
        {field("endsOn", "Ultima zi", <input {...aria("endsOn")} type="date" className="input" defaultValue={defaults.endsOn ?? ""} />, "Zile consecutive de la prima la ultima.")}
        {field(
          "dateList",
          "Sau lista zilelor",
          <input {...aria("dateList")} className="input" defaultValue={defaults.dateList ?? ""} placeholder="2027-06-05, 2027-06-06, 2027-06-12" />,
          "Pentru format de weekend: zilele despărțite prin virgulă (înlocuiește intervalul).",
        )}
        {field("startTime", "Ora de început", <input {...aria("startTime")} type="time" className="input" defaultValue={defaults.startTime ?? "09:00"} />)}
        {field("endTime", "Ora de sfârșit", <input {...aria("endTime")} type="time" className="input" defaultValue={defaults.endTime ?? "17:00"} />)}
        {field("capacity", "Locuri", <input {...aria("capacity")} type="number" min={1} max={500} inputMode="numeric" className="input" defaultValue={defaults.capacity ?? 10} />)}
        {field("place", "Locul", <input {...aria("place")} className="input" defaultValue={defaults.place ?? ""} />, "Gol = adresa academiei.")}
        {field("notes", "Ce aduce cursantul", <input {...aria("notes")} className="input" defaultValue={defaults.notes ?? ""} />)}
      </div>
      <button type="submit" className="button button--dark button--small" disabled={busy}>
        {submitLabel}
      </button>
    </Form>
  );
}
