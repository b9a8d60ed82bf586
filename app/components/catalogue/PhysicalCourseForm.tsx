/**
 * Physical course purchase form (docs/product.md §2, §4, §9): a period (radio per distinct period, value
 * = that period's base option id), the accreditation (+650 RON) and the advance (500 RON now)
 * when the course offers them (amounts: the admin's settings, docs/product.md §9's by default), a live total with JavaScript, and the submit button. Without
 * JavaScript every option shows its amount and the rules are written out; the server answers a
 * missing period with docs/product.md's messages. The form wiring is shared with the online form (`BuyForm`).
 */
import { useState } from "react";
import { COURSE_ACTION_LABELS } from "~/lib/course-actions";
import { accreditationAllowed, type PhysicalChoice, periodLabel, physicalQuote } from "~/lib/course-quote";
import { formatMoney } from "~/lib/money";
import type { PriceOptionLike, PriceSettings } from "~/lib/pricing";
import { seatsLeftLabel } from "~/lib/sessions";
import { formatDateTime } from "~/lib/dates";
import type { SessionChoice } from "~/models/catalogue.server";
import { AddToCartButton, BuyForm, ChoiceCard, PriceChoiceGroup, type FormError } from "./BuyForm";

export function PhysicalCourseForm({
  periods,
  options,
  offersAccreditation,
  offersAdvance,
  settings,
  initial,
  inCart,
  error,
  sessions = [],
}: {
  periods: Array<{ id: number; days: number | null; amountBani: number }>;
  /** The coming sessions of every period (the chosen period's are shown with JavaScript). */
  sessions?: SessionChoice[];
  options: PriceOptionLike[];
  offersAccreditation: boolean;
  offersAdvance: boolean;
  settings: PriceSettings;
  initial: PhysicalChoice;
  inCart: boolean;
  error: FormError | null;
}) {
  const [choice, setChoice] = useState<PhysicalChoice>(initial);
  const period = periods.find((p) => p.id === choice.priceOptionId) ?? null;
  // A period with coming sessions needs one of them; a course without sessions is sold without.
  const periodSessions = period ? sessions.filter((s) => s.days === period.days) : [];
  const chosen = choice.priceOptionId !== null && (sessions.length === 0 || periodSessions.some((s) => s.id === choice.sessionId && s.available));
  // Accreditation only with the periods that allow it (course-quote.ts accreditationAllowed): the
  // others are sold without it, and the total says so while the box is ticked with one of them.
  const accreditable = (days: number | null) => accreditationAllowed(options, days);
  const accreditablePeriods = periods.filter((p) => accreditable(p.days));
  const onlySomePeriods = accreditablePeriods.length < periods.length;
  const accreditationRefused = Boolean(period && choice.accreditation && offersAccreditation && !accreditable(period.days));
  const adopt = (data: FormData) => {
    const picked = Number(data.get("priceOptionId"));
    const pickedSession = Number(data.get("sessionId"));
    setChoice({
      priceOptionId: periods.some((p) => p.id === picked) ? picked : initial.priceOptionId,
      accreditation: offersAccreditation && data.get("accreditation") === "on",
      advancePayment: offersAdvance && data.get("advancePayment") === "on",
      sessionId: sessions.some((s) => s.id === pickedSession) ? pickedSession : (initial.sessionId ?? null),
    });
  };

  return (
    <BuyForm error={error} chosen={chosen && !accreditationRefused} onEarlyInput={adopt}>
      <PriceChoiceGroup
        legend="Alege perioada"
        errorId="period-error"
        error={error}
        choices={periods.map((p) => ({ id: p.id, label: periodLabel(p.days), price: formatMoney(p.amountBani) }))}
        selected={choice.priceOptionId}
        onSelect={(priceOptionId) =>
          setChoice((c) => {
            const days = periods.find((p) => p.id === priceOptionId)?.days;
            const keep = sessions.some((s) => s.id === c.sessionId && s.days === days);
            return { ...c, priceOptionId, sessionId: keep ? c.sessionId : null };
          })
        }
      />

      {sessions.length > 0 ? (
        <SessionChoiceGroup
          sessions={sessions}
          periodDays={period ? period.days : undefined}
          severalPeriods={periods.length > 1}
          selected={choice.sessionId ?? null}
          onSelect={(sessionId) => setChoice((c) => ({ ...c, sessionId }))}
        />
      ) : null}

      {offersAccreditation || offersAdvance ? (
        <fieldset className="buy-form__group">
          <legend>Opțiuni</legend>
          <div className="radio-cards">
            {offersAccreditation ? (
              <ChoiceCard
                type="checkbox"
                name="accreditation"
                value="on"
                checked={choice.accreditation}
                onCheckedChange={(accreditation) => setChoice((c) => ({ ...c, accreditation }))}
                label="Diplomă acreditată"
                hint={
                  onlySomePeriods
                    ? `Certificat acreditat, recunoscut național; doar pentru ${accreditablePeriods.map((p) => periodLabel(p.days)).join(", ")}`
                    : "Certificat acreditat, recunoscut național"
                }
                price={`+${formatMoney(settings.accreditationSurchargeBani)}`}
              />
            ) : null}
            {offersAdvance ? (
              <ChoiceCard
                type="checkbox"
                name="advancePayment"
                value="on"
                checked={choice.advancePayment}
                onCheckedChange={(advancePayment) => setChoice((c) => ({ ...c, advancePayment }))}
                label="Plătesc acum doar avansul"
                hint="Restul îl achiți în prima zi"
                price={formatMoney(settings.advancePaymentBani)}
              />
            ) : null}
          </div>
        </fieldset>
      ) : null}

      <LiveTotal
        periods={periods}
        offersAccreditation={offersAccreditation}
        accreditable={accreditable}
        offersAdvance={offersAdvance}
        current={choice}
        quote={(variant) => physicalQuote(options, variant, settings)}
      />
      <ul className="buy-form__rules">
        <li>Prețul depinde de perioada aleasă.</li>
        {offersAccreditation ? (
          <li>
            Diploma acreditată adaugă {formatMoney(settings.accreditationSurchargeBani)} la preț
            {onlySomePeriods ? ` și se poate alege doar pentru ${accreditablePeriods.map((p) => periodLabel(p.days)).join(", ")}` : ""}.
          </li>
        ) : null}
        {offersAdvance ? (
          <li>Cu avans plătești acum {formatMoney(settings.advancePaymentBani)} în loc de total; restul, la începutul cursului.</li>
        ) : null}
      </ul>
      <AddToCartButton chosen={chosen && !accreditationRefused} label={inCart ? COURSE_ACTION_LABELS.physicalInCart : COURSE_ACTION_LABELS.add} />
    </BuyForm>
  );
}

/** The most periods a course shows whose totals CSS can pick (app.css "buy form" has a rule per place). */
export const MAX_PRICED_PERIODS = 12;

/**
 * The total, right at every moment with or without the scripts: every combination of period,
 * accreditation and advance is in the HTML, and CSS shows the one the form's own inputs select
 * (app.css "buy form": the period by its place in the group, the ticks by their state). So the
 * first tap changes the amount in the same frame, before any script has run. `data-current`
 * marks the one React computed, for browsers without `:has()`.
 */
function LiveTotal({
  periods,
  offersAccreditation,
  accreditable,
  offersAdvance,
  current,
  quote,
}: {
  periods: Array<{ id: number; days: number | null }>;
  offersAccreditation: boolean;
  /** Whether a period of these days may be taken with the accreditation. */
  accreditable: (days: number | null) => boolean;
  offersAdvance: boolean;
  current: PhysicalChoice;
  quote: (choice: PhysicalChoice) => ReturnType<typeof physicalQuote>;
}) {
  const flags = (offered: boolean) => (offered ? [false, true] : [false]);
  const variants: Array<{ key: string; place: number | null; choice: PhysicalChoice; refused?: string }> = [
    { key: "none", place: null, choice: { priceOptionId: null, accreditation: false, advancePayment: false } },
  ];
  periods.slice(0, MAX_PRICED_PERIODS).forEach((period, index) => {
    for (const accreditation of flags(offersAccreditation)) {
      for (const advancePayment of flags(offersAdvance)) {
        // The box ticked with a period that cannot be accredited: no amount, the reason instead.
        const refused = accreditation && !accreditable(period.days) ? `Diploma acreditată nu este disponibilă pentru ${periodLabel(period.days)}.` : undefined;
        variants.push({ key: `${period.id}-${accreditation}-${advancePayment}`, place: index + 1, choice: { priceOptionId: period.id, accreditation, advancePayment }, refused });
      }
    }
  });
  const isCurrent = (choice: PhysicalChoice) =>
    choice.priceOptionId === current.priceOptionId &&
    (choice.priceOptionId === null || (choice.accreditation === (offersAccreditation && current.accreditation) && choice.advancePayment === (offersAdvance && current.advancePayment)));
  return (
    <div className="live-total" aria-live="polite">
      {variants.map(({ key, place, choice, refused }) => {
        const total = refused ? null : quote(choice);
        return (
          <div
            key={key}
            className="live-total__variant"
            data-period={place ?? "none"}
            data-accreditation={place === null ? undefined : String(choice.accreditation)}
            data-advance={place === null ? undefined : String(choice.advancePayment)}
            data-current={isCurrent(choice) ? "" : undefined}
          >
            {total ? (
              <>
                <p className="live-total__row">
                  <span>{total.advanceOnly ? "Plătești acum (avans)" : "Total de plată"}</span>
                  <strong data-testid="live-total">{formatMoney(total.dueNowBani)}</strong>
                </p>
                {total.advanceOnly ? (
                  <p className="live-total__note">
                    Restul de {formatMoney(total.balanceBani)} se achită la curs (preț total {formatMoney(total.fullBani)}).
                  </p>
                ) : null}
              </>
            ) : (
              <p className="live-total__row live-total__row--empty">{refused ?? "Alege o perioadă pentru a vedea totalul."}</p>
            )}
          </div>
        );
      })}
    </div>
  );
}

/**
 * The coming sessions: a radio per session with its days, hours, place and places left; a full
 * one shows "Complet" and cannot be chosen. Without JavaScript every period's sessions are listed
 * (each names its period, and the server refuses a session of another period); with it, only the
 * chosen period's.
 */
function SessionChoiceGroup({
  sessions,
  periodDays,
  severalPeriods,
  selected,
  onSelect,
}: {
  sessions: SessionChoice[];
  /** The chosen period's days; undefined before a period is chosen (every session is listed). */
  periodDays: number | null | undefined;
  severalPeriods: boolean;
  selected: number | null;
  onSelect: (id: number) => void;
}) {
  const shown = periodDays === undefined ? sessions : sessions.filter((s) => s.days === periodDays);
  return (
    <fieldset className="buy-form__group session-choices">
      <legend>Alege sesiunea</legend>
      {shown.length === 0 ? <p className="field__hint">Nu există sesiuni programate pentru perioada aleasă.</p> : null}
      <div className="radio-cards">
        {shown.map((s) => (
          <label key={s.id} className={`radio-card${s.available ? "" : " radio-card--disabled"}`} data-testid={`session-${s.id}`}>
            <input
              type="radio"
              name="sessionId"
              value={s.id}
              checked={selected === s.id}
              disabled={!s.available}
              onChange={() => onSelect(s.id)}
            />
            <span className="radio-card__main">
              {severalPeriods ? `${periodLabel(s.days)}: ` : ""}
              <strong>{s.when}</strong>
              <span className="radio-card__hint">
                {s.hours}, {s.place}
              </span>
              {s.waitlist?.status === "offered" ? (
                <span className="radio-card__hint session-offer">Din lista de așteptare: locul este păstrat pentru tine{s.waitlist.until ? ` până la ${formatDateTime(s.waitlist.until)}` : ""}.</span>
              ) : null}
            </span>
            <span className={`radio-card__price session-seats${s.available ? "" : " session-seats--full"}`}>
              {s.state === "full" || s.seatsLeft === 0 ? "Complet" : seatsLeftLabel(s.seatsLeft)}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
