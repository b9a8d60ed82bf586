/**
 * Physical course purchase form (SPEC §2, §4, §9): a period (radio per distinct period, value
 * = that period's base option id), the accreditation (+650 RON) and the advance (500 RON now)
 * when the course offers them, a live total with JavaScript, and the submit button. Without
 * JavaScript every option shows its amount and the rules are written out; the server answers a
 * missing period with SPEC's messages.
 */
import { Form, useNavigation } from "@remix-run/react";
import { useRef, useState } from "react";
import { useAdoptEarlyInput } from "~/components/useAdoptEarlyInput";
import { useHydrated } from "~/components/useHydrated";
import { COURSE_ACTION_LABELS } from "~/lib/course-actions";
import { type PhysicalChoice, periodLabel, physicalQuote } from "~/lib/course-quote";
import { formatMoney } from "~/lib/money";
import { ACCREDITATION_SURCHARGE_BANI, ADVANCE_PAYMENT_BANI, type PriceOptionLike } from "~/lib/pricing";

export interface FormError {
  alert: string;
  field: string | null;
}

export function PhysicalCourseForm({
  periods,
  options,
  offersAccreditation,
  offersAdvance,
  initial,
  inCart,
  error,
}: {
  periods: Array<{ id: number; days: number | null; amountBani: number }>;
  options: PriceOptionLike[];
  offersAccreditation: boolean;
  offersAdvance: boolean;
  initial: PhysicalChoice;
  inCart: boolean;
  error: FormError | null;
}) {
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const [choice, setChoice] = useState<PhysicalChoice>(initial);
  const formRef = useRef<HTMLFormElement>(null);
  useAdoptEarlyInput(formRef, (data) => {
    const chosen = Number(data.get("priceOptionId"));
    setChoice({
      priceOptionId: periods.some((p) => p.id === chosen) ? chosen : initial.priceOptionId,
      accreditation: offersAccreditation && data.get("accreditation") === "on",
      advancePayment: offersAdvance && data.get("advancePayment") === "on",
    });
  });
  const quote = physicalQuote(options, choice);
  const submitting = navigation.state === "submitting" && navigation.formData?.get("intent") === "add-to-cart";
  const fieldError = error?.field && choice.priceOptionId === null ? error.field : null;

  return (
    <Form ref={formRef} method="post" noValidate className="buy-form" preventScrollReset>
      <input type="hidden" name="intent" value="add-to-cart" />
      {error && (choice.priceOptionId === null || !error.field) ? (
        <div className="alert alert--error" role="alert">
          <p>{error.alert}</p>
        </div>
      ) : null}

      <fieldset
        className="buy-form__group"
        role="radiogroup"
        aria-required="true"
        aria-invalid={fieldError ? true : undefined}
        aria-describedby={fieldError ? "period-error" : undefined}
      >
        <legend>Alege perioada</legend>
        <div className="radio-cards">
          {periods.map((period) => (
            <label key={period.id} className="radio-card">
              <input
                type="radio"
                name="priceOptionId"
                value={period.id}
                checked={choice.priceOptionId === period.id}
                onChange={() => setChoice((c) => ({ ...c, priceOptionId: period.id }))}
              />
              <span className="radio-card__main">{periodLabel(period.days)}</span>
              <span className="radio-card__price">{formatMoney(period.amountBani)}</span>
            </label>
          ))}
        </div>
        {fieldError ? (
          <p id="period-error" className="field__error">
            {fieldError}
          </p>
        ) : null}
      </fieldset>

      {offersAccreditation || offersAdvance ? (
        <fieldset className="buy-form__group">
          <legend>Opțiuni</legend>
          <div className="radio-cards">
            {offersAccreditation ? (
              <label className="radio-card">
                <input
                  type="checkbox"
                  name="accreditation"
                  value="on"
                  checked={choice.accreditation}
                  onChange={(event) => {
                    const accreditation = event.currentTarget.checked;
                    setChoice((c) => ({ ...c, accreditation }));
                  }}
                />
                <span className="radio-card__main">
                  Diplomă acreditată
                  <span className="radio-card__hint">Certificat acreditat, recunoscut național</span>
                </span>
                <span className="radio-card__price">+{formatMoney(ACCREDITATION_SURCHARGE_BANI)}</span>
              </label>
            ) : null}
            {offersAdvance ? (
              <label className="radio-card">
                <input
                  type="checkbox"
                  name="advancePayment"
                  value="on"
                  checked={choice.advancePayment}
                  onChange={(event) => {
                    const advancePayment = event.currentTarget.checked;
                    setChoice((c) => ({ ...c, advancePayment }));
                  }}
                />
                <span className="radio-card__main">
                  Plătesc acum doar avansul
                  <span className="radio-card__hint">Restul îl achiți în prima zi</span>
                </span>
                <span className="radio-card__price">{formatMoney(ADVANCE_PAYMENT_BANI)}</span>
              </label>
            ) : null}
          </div>
        </fieldset>
      ) : null}

      {/* Live total: shown only with JavaScript (without it, it could not follow the choices). */}
      <noscript dangerouslySetInnerHTML={{ __html: "<style>.live-total{display:none}</style>" }} />
      <div className="live-total" aria-live="polite">
        {quote ? (
          <>
            <p className="live-total__row">
              <span>{quote.advanceOnly ? "Plătești acum (avans)" : "Total de plată"}</span>
              <strong data-testid="live-total">{formatMoney(quote.dueNowBani)}</strong>
            </p>
            {quote.advanceOnly ? (
              <p className="live-total__note">
                Restul de {formatMoney(quote.balanceBani)} se achită la curs (preț total {formatMoney(quote.fullBani)}).
              </p>
            ) : null}
          </>
        ) : (
          <p className="live-total__row live-total__row--empty">Alege o perioadă pentru a vedea totalul.</p>
        )}
      </div>

      <ul className="buy-form__rules">
        <li>Prețul depinde de perioada aleasă.</li>
        {offersAccreditation ? <li>Diploma acreditată adaugă {formatMoney(ACCREDITATION_SURCHARGE_BANI)} la preț.</li> : null}
        {offersAdvance ? (
          <li>Cu avans plătești acum {formatMoney(ADVANCE_PAYMENT_BANI)} în loc de total; restul, la începutul cursului.</li>
        ) : null}
      </ul>

      <button
        type="submit"
        className="button button--primary button--block"
        disabled={(hydrated && choice.priceOptionId === null) || submitting}
        aria-busy={submitting || undefined}
      >
        {inCart ? COURSE_ACTION_LABELS.physicalInCart : COURSE_ACTION_LABELS.add}
      </button>
    </Form>
  );
}
