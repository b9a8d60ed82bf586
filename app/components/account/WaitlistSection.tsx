/**
 * "Liste de așteptare" (#liste-asteptare) on /cont: the in-person sessions the user waits for, with
 * their place in line (or the place offered and until when), each with a plain "Renunță" form
 * (POST /sesiuni/:id/lista-asteptare, intent=leave, back to this section). Hidden when empty.
 */
import { Form, Link } from "@remix-run/react";
import { AccountSection } from "./AccountSection";

export interface WaitlistEntryView {
  sessionId: number;
  courseId: number;
  courseTitle: string;
  when: string;
  hours: string;
  status: "waiting" | "offered";
  position: number | null;
  offerExpiresAt: string | null;
}

export function WaitlistSection({ entries }: { entries: WaitlistEntryView[] }) {
  if (entries.length === 0) return null;
  return (
    <AccountSection id="liste-asteptare" title="Liste de așteptare">
      <ul className="enrollment-list">
        {entries.map((entry) => (
          <li key={entry.sessionId} className="enrollment" data-testid="waitlist-entry">
            <p>
              <strong>{entry.courseTitle}</strong>: sesiunea {entry.when}, {entry.hours}
            </p>
            {entry.status === "offered" ? (
              <p>
                Ți s-a eliberat un loc, păstrat pentru tine până la {entry.offerExpiresAt}.{" "}
                <Link to={`/cursuri/curs/${entry.courseId}?sessionId=${entry.sessionId}`}>Cumpără locul</Link>
              </p>
            ) : (
              <p>Ești pe locul {entry.position} în lista de așteptare. Îți scriem când se eliberează un loc.</p>
            )}
            <Form method="post" action={`/sesiuni/${entry.sessionId}/lista-asteptare`}>
              <input type="hidden" name="returnTo" value="/cont#liste-asteptare" />
              <button type="submit" name="intent" value="leave" className="button button--light button--small">
                Renunță
              </button>
            </Form>
          </li>
        ))}
      </ul>
    </AccountSection>
  );
}
