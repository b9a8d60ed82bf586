/**
 * The waitlists of a course's full sessions (issue 28): a form per full session to join its list
 * (a guest is sent to the login first), or the visitor's place in line with a form to leave it.
 * Plain POST forms to /sesiuni/:id/lista-asteptare (`reloadDocument`: a native submission with or
 * without JavaScript, the resource route answering with a redirect and its toast).
 */
import { Form } from "@remix-run/react";
import { periodLabel } from "~/lib/course-quote";
import type { SessionChoice } from "~/models/catalogue.server";

export function SessionWaitlist({ sessions, severalPeriods, offerHours }: { sessions: SessionChoice[]; severalPeriods: boolean; offerHours: number }) {
  const full = sessions.filter((s) => !s.available && (s.state === "full" || s.state === "open"));
  const offered = sessions.filter((s) => s.waitlist?.status === "offered");
  if (full.length === 0 && offered.length === 0) return null;
  return (
    <section className="session-waitlist" aria-labelledby="lista-asteptare">
      <h3 id="lista-asteptare" className="buy-form__label">
        Lista de așteptare
      </h3>
      {full.length ? <p className="field__hint">O sesiune completă? Intră pe lista de așteptare: când se eliberează un loc, primul de pe listă primește un e-mail, iar locul îi este păstrat {offerHours} de ore.</p> : null}
      <ul className="session-waitlist__list">
        {[...offered, ...full].map((s) => (
          <li key={s.id} className="session-waitlist__item" data-testid={`waitlist-${s.id}`}>
            <span>
              {severalPeriods ? `${periodLabel(s.days)}: ` : ""}
              <strong>{s.when}</strong>
              {s.waitlist?.status === "waiting" ? <span className="session-waitlist__standing"> – ești pe listă (locul {s.waitlist.position})</span> : null}
              {s.waitlist?.status === "offered" ? <span className="session-waitlist__standing"> – un loc este păstrat pentru tine: alege sesiunea mai sus și adaugă cursul în coș</span> : null}
            </span>
            <Form method="post" action={`/sesiuni/${s.id}/lista-asteptare`} reloadDocument>
              {s.waitlist ? (
                <button type="submit" name="intent" value="leave" className="button button--small button--ghost">
                  {s.waitlist.status === "offered" ? "Renunță la loc" : "Ieși de pe listă"}
                </button>
              ) : (
                <button type="submit" name="intent" value="join" className="button button--small">
                  Intră pe lista de așteptare
                </button>
              )}
            </Form>
          </li>
        ))}
      </ul>
    </section>
  );
}
