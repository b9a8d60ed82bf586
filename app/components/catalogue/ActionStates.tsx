import { Link } from "@remix-run/react";
import { formatDate } from "~/lib/dates";
import { COURSE_ACTION_LABELS, continueHref, type CourseKindLike } from "~/lib/course-actions";

/**
 * Confirmed enrolment: the way back into the course. An in-person course says when and where
 * (`session`: the next session's date, if set, and the academy's address).
 */
export function ContinueAction({
  kind,
  courseId,
  session,
}: {
  kind: CourseKindLike;
  courseId: number;
  session?: { startsOn: string | null; place: string } | null;
}) {
  return (
    <div className="buy-state">
      <p className="status status--confirmed">Înscriere confirmată</p>
      <p className="buy-state__text">
        {kind === "online"
          ? "Ai acces la toate lecțiile cursului."
          : session
            ? `Locul tău în grupă este confirmat${session.startsOn ? `: începe pe ${formatDate(session.startsOn)}` : ""}, la ${session.place}.`
            : "Locul tău în grupă este confirmat. Detaliile le găsești în contul tău."}
      </p>
      <Link to={continueHref(kind, courseId)} className="button button--primary button--block">
        {COURSE_ACTION_LABELS.continue}
      </Link>
    </div>
  );
}

/** Pending enrolment: nothing to buy, the payment is being confirmed. */
export function AwaitingPaymentAction() {
  return (
    <div className="buy-state">
      <p className="status status--pending">În așteptare</p>
      <p className="buy-state__text">
        Comanda ta pentru acest curs a fost înregistrată. Vei primi acces imediat ce confirmăm plata.
      </p>
      <button type="button" className="button button--light button--block" disabled>
        {COURSE_ACTION_LABELS.awaitingPayment}
      </button>
      <p className="buy-state__link">
        <Link to="/cont#cursuri-active">Vezi statusul în contul tău</Link>
      </p>
    </div>
  );
}
