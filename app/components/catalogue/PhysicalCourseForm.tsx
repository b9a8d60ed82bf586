/**
 * Physical course purchase form (SPEC §2, §4, §9): a period (radio per distinct period, value
 * = that period's base option id), the accreditation (+650 RON) and the advance (500 RON now)
 * when the course offers them (amounts: the admin's settings, SPEC §9's by default), a live total with JavaScript, and the submit button. Without
 * JavaScript every option shows its amount and the rules are written out; the server answers a
 * missing period with SPEC's messages. The form wiring is shared with the online form (`BuyForm`).
 */
import { useState } from "react";
import { COURSE_ACTION_LABELS } from "~/lib/course-actions";
import { type PhysicalChoice, periodLabel, physicalQuote } from "~/lib/course-quote";
import { formatMoney } from "~/lib/money";
import type { PriceOptionLike, PriceSettings } from "~/lib/pricing";
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
}: {
  periods: Array<{ id: number; days: number | null; amountBani: number }>;
  options: PriceOptionLike[];
  offersAccreditation: boolean;
  offersAdvance: boolean;
  settings: PriceSettings;
  initial: PhysicalChoice;
  inCart: boolean;
  error: FormError | null;
}) {
  const [choice, setChoice] = useState<PhysicalChoice>(initial);
  const chosen = choice.priceOptionId !== null;
  const adopt = (data: FormData) => {
    const picked = Number(data.get("priceOptionId"));
    setChoice({
      priceOptionId: periods.some((p) => p.id === picked) ? picked : initial.priceOptionId,
      accreditation: offersAccreditation && data.get("accreditation") === "on",
      advancePayment: offersAdvance && data.get("advancePayment") === "on",
    });
  };

  return (
    <BuyForm error={error} chosen={chosen} onEarlyInput={adopt}>
      <PriceChoiceGroup
        legend="Alege perioada"
        errorId="period-error"
        error={error}
        choices={periods.map((p) => ({ id: p.id, label: periodLabel(p.days), price: formatMoney(p.amountBani) }))}
        selected={choice.priceOptionId}
        onSelect={(priceOptionId) => setChoice((c) => ({ ...c, priceOptionId }))}
      />

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
                hint="Certificat acreditat, recunoscut național"
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

      <LiveTotal quote={physicalQuote(options, choice, settings)} />
      <ul className="buy-form__rules">
        <li>Prețul depinde de perioada aleasă.</li>
        {offersAccreditation ? <li>Diploma acreditată adaugă {formatMoney(settings.accreditationSurchargeBani)} la preț.</li> : null}
        {offersAdvance ? (
          <li>Cu avans plătești acum {formatMoney(settings.advancePaymentBani)} în loc de total; restul, la începutul cursului.</li>
        ) : null}
      </ul>
      <AddToCartButton chosen={chosen} label={inCart ? COURSE_ACTION_LABELS.physicalInCart : COURSE_ACTION_LABELS.add} />
    </BuyForm>
  );
}

/** Live total: shown only with JavaScript (without it, it could not follow the choices). */
function LiveTotal({ quote }: { quote: ReturnType<typeof physicalQuote> }) {
  return (
    <>
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
    </>
  );
}
