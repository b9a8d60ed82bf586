/**
 * "Cursurile mele" (#cursuri-active): each enrolment with its payment status pill, progress,
 * date and, for a confirmed online course, a link to continue; a confirmed in-person course
 * shows when and where it takes place instead. docs/product.md §2 Account page, §4.
 */
import { Form, Link } from "@remix-run/react";
import { ACCOUNT_MESSAGES } from "~/lib/account-messages";
import { formatDate } from "~/lib/dates";
import { formatMoney } from "~/lib/money";
import { clampProgress, paymentStatusView } from "~/lib/enrollment-status";
import { certificatePath } from "~/lib/player";
import { ProgressBar } from "~/components/ui/ProgressBar";
import { AccountSection } from "./AccountSection";

export interface EnrollmentView {
  id: string;
  courseId: number;
  courseTitle: string;
  courseType: "physical" | "online";
  paymentStatus: string;
  progress: number;
  enrolledAt: string | null;
  balanceBani?: number;
  diplomaCode?: string | null;
  /** In-person course: when and where. */
  session?: { startsOn: string | null; place: string; when?: string; hours?: string; seatId?: string; cancelled?: boolean; canMove?: boolean } | null;
}

function coursePath(enrollment: EnrollmentView) {
  return enrollment.courseType === "online"
    ? `/cursuri-online/curs/${enrollment.courseId}`
    : `/cursuri/curs/${enrollment.courseId}`;
}

export function EnrollmentsSection({ enrollments }: { enrollments: EnrollmentView[] | null }) {
  return (
    <AccountSection id="cursuri-active" title="Cursurile mele">
      {enrollments === null ? (
        <div className="alert alert--error" role="alert">
          <p>{ACCOUNT_MESSAGES.enrollmentsFailed}</p>
        </div>
      ) : enrollments.length === 0 ? (
        <div className="account-empty">
          <p>Nu ești înscris încă la niciun curs.</p>
          <div className="row">
            <Link to="/cursuri" className="button button--primary button--small">
              Vezi cursurile
            </Link>
            <Link to="/cursuri-online" className="button button--light button--small">
              Cursuri online
            </Link>
          </div>
        </div>
      ) : (
        <ul className="enrollment-list">
          {enrollments.map((enrollment) => {
            const status = paymentStatusView(enrollment.paymentStatus);
            const progress = clampProgress(enrollment.progress);
            const canContinue = enrollment.paymentStatus === "confirmed" && enrollment.courseType === "online";
            return (
              <li key={enrollment.id} className="enrollment" data-testid="enrollment">
                <div className="enrollment__main">
                  <p className="enrollment__type">{enrollment.courseType === "online" ? "Curs online" : "Curs fizic"}</p>
                  <h3 className="enrollment__title">
                    <Link to={coursePath(enrollment)}>{enrollment.courseTitle}</Link>
                  </h3>
                  <p className="enrollment__date">Înscris pe {formatDate(enrollment.enrolledAt)}</p>
                  {enrollment.session && (enrollment.paymentStatus === "confirmed" || (enrollment.paymentStatus === "pending" && enrollment.session.when)) ? (
                    <dl className="enrollment__session" data-testid="enrollment-session">
                      <div>
                        <dt>Data:</dt>{" "}
                        <dd>
                          {enrollment.session.when
                            ? `${enrollment.session.when}, ${enrollment.session.hours}`
                            : enrollment.session.startsOn
                              ? formatDate(enrollment.session.startsOn)
                              : "îți comunicăm data în curând"}
                        </dd>
                      </div>
                      <div>
                        <dt>Locul:</dt> <dd>{enrollment.session.place}</dd>
                      </div>
                    </dl>
                  ) : null}
                  {enrollment.session?.cancelled ? (
                    <p className="alert alert--error enrollment__cancelled" data-testid="session-cancelled">
                      Sesiunea a fost anulată. Alege altă sesiune a cursului (mutare gratuită) sau scrie-ne pentru returnarea banilor.
                    </p>
                  ) : null}
                  {enrollment.session?.seatId && enrollment.paymentStatus !== "failed" && enrollment.paymentStatus !== "refunded" ? (
                    <p className="enrollment__session-links row">
                      {enrollment.session.cancelled ? null : (
                        <a href={`/cont/sesiuni/${enrollment.session.seatId}/calendar.ics`} download className="button button--light button--small">
                          Adaugă în calendar (.ics)
                        </a>
                      )}
                      {enrollment.session.canMove ? (
                        <Link to={`/cont/sesiuni/${enrollment.session.seatId}/mutare`} className="button button--light button--small">
                          Mută-mă la altă sesiune
                        </Link>
                      ) : null}
                    </p>
                  ) : null}
                  {enrollment.balanceBani ? (
                    <p className="enrollment__balance">Rest de plată la curs: {formatMoney(enrollment.balanceBani)}</p>
                  ) : null}
                </div>
                <div className="enrollment__meta">
                  <span className={`status status--${status.tone}`}>{status.label}</span>
                  <ProgressBar value={progress} label={`Progres: ${enrollment.courseTitle}`} />
                  {canContinue ? (
                    <Link to={`/cursuri-online/curs/${enrollment.courseId}/lectie`} className="button button--primary button--small">
                      {progress >= 100 ? "Vezi cursul" : "Continuă cursul"}
                    </Link>
                  ) : null}
                  {enrollment.courseType === "physical" && enrollment.diplomaCode ? (
                    <Link to={`/diploma/${enrollment.diplomaCode}`} className="button button--light button--small">
                      Diplomă
                    </Link>
                  ) : null}
                  {canContinue && progress >= 100 ? (
                    <Link to={certificatePath(enrollment.courseId)} className="button button--light button--small">
                      Diplomă
                    </Link>
                  ) : null}
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </AccountSection>
  );
}

/**
 * "Liste de așteptare" (#liste-asteptare) on /cont: the in-person sessions the user waits for, with
 * their place in line (or the place offered and until when), each with a plain "Renunță" form
 * (POST /sesiuni/:id/lista-asteptare, intent=leave, back to this section). Hidden when empty.
 * Kept in this module (not a file of its own) so the account page loads no extra script chunk.
 */
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
