/**
 * The checkout form of the cart (docs/product.md §5 Checkout): payment method (unless the cart is free),
 * the terms box and, with an online course, the two digital-content boxes. `checkoutSchema`
 * through `useZodForm` + `ui/Field`; the action parses the same schema. The billing address box
 * above it (and `children`, the delivery choice, between them) sits outside the <form> element
 * but belongs to it (`form` attribute): an address typed and not saved is used by the checkout
 * (its fields: street, city, county, sector, postalCode).
 */
import type { SubmissionResult } from "@conform-to/react";
import { FormProvider, getInputProps } from "@conform-to/react";
import type { ReactNode } from "react";
import { CartAddress } from "~/components/cart/CartAddress";
import { CheckboxField } from "~/components/ui/Field";
import { FormAlert } from "~/components/ui/FormAlert";
import { ValidatedForm } from "~/components/ui/ValidatedForm";
import { useZodForm, type FormConstraint } from "~/components/ui/useZodForm";
import { formatMoney } from "~/lib/money";
import { orderButtonLabel } from "~/lib/order-button";
import { DIGITAL_CONSENT_TEXT, EARLY_START_TEXT, WITHDRAWAL_WAIVER_TEXT } from "~/lib/checkout-texts";
import { formatDate } from "~/lib/dates";

const ADDRESS_FIELDS = ["street", "city", "county", "sector", "postalCode"] as const;

export function CheckoutForm({
  version,
  dueNowBani,
  shippingBani,
  hasOnline,
  earlyStart,
  hasProblems,
  cardAvailable,
  lastResult,
  formError,
  submitting,
  address,
  postal,
  addressComplete,
  editAddress,
  constraint,
  children,
}: {
  version: string;
  /** What the buyer pays now, delivery included (server-computed). */
  dueNowBani: number;
  /** The delivery cost when the cart ships something and a method is chosen; null otherwise. */
  shippingBani: number | null;
  hasOnline: boolean;
  /** In-person courses starting within the withdrawal period: the early-start request is asked for. */
  earlyStart: Array<{ title: string; sessionOn: string }>;
  hasProblems: boolean;
  cardAvailable: boolean;
  lastResult?: SubmissionResult<string[]>;
  formError?: string;
  submitting: boolean;
  address: string;
  /** The saved address's fields, the box's starting values. */
  postal: Record<"street" | "city" | "county" | "sector" | "postalCode", string>;
  addressComplete: boolean;
  editAddress: boolean;
  /** `formConstraint(checkoutSchema(…))` from the loader. */
  constraint?: FormConstraint;
  children?: ReactNode;
}) {
  const free = dueNowBani === 0;
  const { form, fields, formProps } = useZodForm({
    id: "checkout",
    schema: () => import("~/lib/validation/browser").then((m) => m.checkoutSchema({ requireDigitalConsent: hasOnline, requireEarlyStart: earlyStart.length > 0 })),
    constraint,
    lastResult,
    // The saved sector as the select's value ("" → none).
    defaultValue: { paymentMethod: "bank_transfer", cartVersion: version, ...postal, sector: (postal.sector || undefined) as "1" | undefined },
  });
  return (
    <>
    <FormProvider context={form.context}>
      <CartAddress
        address={address}
        complete={addressComplete}
        editing={editAddress || ADDRESS_FIELDS.some((name) => Boolean(lastResult?.error?.[name]))}
        fields={fields}
        formId={form.id}
      />
    </FormProvider>
    {children}
    <ValidatedForm form={form} formProps={formProps} action="/cart" className="form cart-checkout">
      <input {...getInputProps(fields.cartVersion, { type: "hidden" })} key={version} defaultValue={version} />
      {!free ? (
        <fieldset>
          <legend>Metoda de plată</legend>
          <div className="radio-cards">
            <label className="radio-card">
              <input {...getInputProps(fields.paymentMethod, { type: "radio", value: "bank_transfer" })} />
              <span className="radio-card__main">
                <strong>Transfer bancar</strong>
                <br />
                <span className="muted">Cursurile se activează după confirmarea plății.</span>
              </span>
            </label>
            {cardAvailable ? (
              <label className="radio-card">
                <input {...getInputProps(fields.paymentMethod, { type: "radio", value: "card" })} id={`${fields.paymentMethod.id}-card`} />
                <span className="radio-card__main">
                  <strong>Card bancar</strong>
                  <br />
                  <span className="muted">Plată securizată prin NETOPIA Payments.</span>
                </span>
              </label>
            ) : null}
          </div>
        </fieldset>
      ) : null}

      <CheckboxField
        meta={fields.acceptTerms}
        label={
          <>
            Am citit și accept <a href="/termeni" target="_blank" rel="noopener">Termenii și condițiile</a> și{" "}
            <a href="/inscriere" target="_blank" rel="noopener">Politica de înscriere</a>.
          </>
        }
      />
      {hasOnline ? (
        <>
          <CheckboxField meta={fields.digitalConsent} label={DIGITAL_CONSENT_TEXT} />
          <CheckboxField meta={fields.withdrawalWaiver} label={WITHDRAWAL_WAIVER_TEXT} />
        </>
      ) : null}

      {earlyStart.length > 0 ? (
        <CheckboxField
          meta={fields.earlyStart}
          label={EARLY_START_TEXT}
          hint={`Data de început cade în termenul de retragere de 14 zile: ${earlyStart.map((c) => `${c.title} (${formatDate(c.sessionOn)})`).join(", ")}.`}
        />
      ) : null}

      <FormAlert id={form.errorId} messages={[formError ?? form.errors?.[0]]} />

      <OrderRecap dueNowBani={dueNowBani} shippingBani={shippingBani} />
      <button type="submit" name="intent" value="checkout" className="button button--primary button--block" disabled={submitting || hasProblems}>
        {orderButtonLabel(dueNowBani)}
      </button>
    </ValidatedForm>
    </>
  );
}

/** What the order commits the buyer to, right above the button (OUG 34/2014 art. 7 alin. (2)). */
function OrderRecap({ dueNowBani, shippingBani }: { dueNowBani: number; shippingBani: number | null }) {
  return (
    <div className="checkout-recap" data-testid="checkout-recap">
      <p>
        Total de plată: <strong>{formatMoney(dueNowBani)}</strong>
        {shippingBani !== null ? <> (din care livrare: {shippingBani === 0 ? "gratuită" : formatMoney(shippingBani)})</> : null}
      </p>
      <p className="muted">
        Comanda este supusă <a href="/termeni">Termenilor și condițiilor</a>, <a href="/inscriere">Politicii de înscriere</a> și{" "}
        <a href="/retur">Politicii de retur</a> (dreptul de retragere și formularul-tip). Datele tale le prelucrăm conform{" "}
        <a href="/confidentialitate">Politicii de confidențialitate</a>.
      </p>
    </div>
  );
}
