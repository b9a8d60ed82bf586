/**
 * The cart's delivery step (issue 16), shown only when the cart holds products: the method
 * (pickup / courier / easybox), the courier's address with "same as billing", the locker's name.
 * Its own form (intent "save-delivery") and schema; the server saves the choice and computes
 * the fee. Without JavaScript every group is shown and the server uses the one the method needs.
 */
import type { SubmissionResult } from "@conform-to/react";
import { getInputProps } from "@conform-to/react";
import { CheckboxField, Field, FieldErrors, SelectField } from "~/components/ui/Field";
import { FormAlert } from "~/components/ui/FormAlert";
import { ValidatedForm } from "~/components/ui/ValidatedForm";
import { useHydrated } from "~/components/ui/useHydrated";
import { useZodForm, type FormConstraint } from "~/components/ui/useZodForm";
import { formatDeliveryAddress, formatEstimatedDays, ROMANIAN_COUNTIES, shippingCost, type DeliveryKind } from "~/lib/delivery";
import { formatPrice } from "~/lib/money";

export interface DeliveryMethodView {
  id: number;
  name: string;
  kind: DeliveryKind;
  description: string;
  feeBani: number;
  freeAboveBani: number | null;
  estimatedDays: number | null;
}

export interface SavedDeliveryView {
  methodId: number;
  sameAsBilling: boolean;
  address: { name: string; phone: string; street: string; city: string; county: string; postalCode: string } | null;
}

const COUNTY_OPTIONS = ROMANIAN_COUNTIES.map((c) => ({ value: c, label: c }));

export function DeliveryFields({
  methods,
  saved,
  productsBani,
  lastResult,
  message,
  pickupAddress,
  constraint,
}: {
  methods: DeliveryMethodView[];
  saved: SavedDeliveryView | null;
  productsBani: number;
  lastResult?: SubmissionResult<string[]> | null;
  message?: string | null;
  /** The academy's address and hours, shown with the pickup method. */
  pickupAddress: string;
  /** `formConstraint(deliveryFormSchema(…))` from the loader. */
  constraint?: FormConstraint;
}) {
  const hydrated = useHydrated();
  const kinds = Object.fromEntries(methods.map((m) => [m.id, m.kind])) as Record<number, DeliveryKind>;
  const savedMethod = methods.find((m) => m.id === saved?.methodId);
  const { form, fields, formProps, invalidSubmit } = useZodForm({
    id: "delivery",
    schema: () => import("~/lib/validation/browser").then((m) => m.deliveryFormSchema(kinds)),
    constraint,
    lastResult,
    defaultValue: {
      deliveryMethodId: saved ? String(saved.methodId) : undefined,
      sameAsBilling: saved?.sameAsBilling ?? false,
      recipientName: savedMethod?.kind === "courier" && !saved?.sameAsBilling ? (saved?.address?.name ?? "") : "",
      recipientPhone: savedMethod?.kind !== "pickup" && !saved?.sameAsBilling ? (saved?.address?.phone ?? "") : "",
      street: savedMethod?.kind === "courier" && !saved?.sameAsBilling ? (saved?.address?.street ?? "") : "",
      city: saved?.address?.city ?? "",
      county: saved?.address?.county ?? "",
      postalCode: saved?.address?.postalCode ?? "",
      locker: savedMethod?.kind === "locker" ? (saved?.address?.street ?? "") : "",
    },
  });
  // conform follows the inputs: the chosen method and the "same as billing" box, live.
  const chosenKind = kinds[Number(fields.deliveryMethodId.value)];
  const same = fields.sameAsBilling.value === "on";
  // With JavaScript only the chosen method's fields are shown; without it, all of them.
  const show = (kind: DeliveryKind) => !hydrated || chosenKind === kind;

  return (
    <section id="livrare" className="cart-delivery" aria-labelledby="livrare-titlu">
      <h3 id="livrare-titlu">Livrare</h3>
      {savedMethod ? (
        <p className="cart-delivery__saved" data-testid="delivery-saved">
          Aleasă: <strong>{savedMethod.name}</strong>
          {saved?.address && savedMethod.kind !== "pickup" ? <> · {formatDeliveryAddress(saved.address)}</> : null}
        </p>
      ) : null}
      <FormAlert messages={[invalidSubmit ? "Vă rugăm să corectați erorile înainte de a salva livrarea." : null, message]} />
      <ValidatedForm form={form} formProps={formProps} action="/cart#livrare" className="form" replace preventScrollReset>
        <fieldset>
          <legend>Metoda de livrare</legend>
          <div className="radio-cards">
            {methods.map((method) => {
              const fee = shippingCost(method, productsBani);
              const { key, ...radio } = getInputProps(fields.deliveryMethodId, { type: "radio", value: String(method.id) });
              return (
                <label key={method.id} className="radio-card">
                  <input key={key} {...radio} />
                  <span className="radio-card__main">
                    <strong>{method.name}</strong>
                    <br />
                    <span className="muted">
                      {method.kind === "pickup" ? pickupAddress : method.description}
                      {method.estimatedDays !== null && method.kind !== "pickup" ? ` · ${formatEstimatedDays(method.estimatedDays)}` : ""}
                      {method.freeAboveBani !== null && method.kind !== "pickup" && fee > 0 ? ` · gratuit peste ${formatPrice(method.freeAboveBani)}` : ""}
                    </span>
                  </span>
                  <span className="radio-card__price">{fee === 0 ? "Gratuit" : formatPrice(fee)}</span>
                </label>
              );
            })}
          </div>
          <FieldErrors id={fields.deliveryMethodId.errorId} errors={fields.deliveryMethodId.errors} />
        </fieldset>

        {show("courier") ? (
          <fieldset className="cart-delivery__group">
            <legend>{hydrated ? "Adresa de livrare" : "Adresa de livrare (pentru curier)"}</legend>
            <CheckboxField meta={fields.sameAsBilling} label="Aceeași cu adresa de facturare (nume, telefon, stradă)" />
            {!hydrated || !same ? (
              <>
                <Field meta={fields.recipientName} label="Nume destinatar" autoComplete="shipping name" />
                <Field meta={fields.recipientPhone} label="Telefon" type="tel" autoComplete="shipping tel" />
                <Field meta={fields.street} label="Strada și numărul" autoComplete="shipping address-line1" hint={hydrated ? undefined : "Nu e nevoie dacă ai bifat „Aceeași cu adresa de facturare”."} />
              </>
            ) : null}
            <Field meta={fields.city} label="Localitatea" autoComplete="shipping address-level2" />
            <SelectField meta={fields.county} label="Județul" options={COUNTY_OPTIONS} placeholder="Alege județul" />
            <Field meta={fields.postalCode} label="Cod poștal" inputMode="numeric" maxLength={6} autoComplete="shipping postal-code" />
          </fieldset>
        ) : null}

        {show("locker") ? (
          <fieldset className="cart-delivery__group">
            <legend>{hydrated ? "Easybox / locker" : "Easybox / locker (pentru livrarea la locker)"}</legend>
            <Field meta={fields.locker} label="Numele sau adresa easybox-ului" hint="De exemplu: easybox Lidl Tomis Nord, Constanța" />
            {hydrated ? <Field meta={fields.recipientPhone} label="Telefon pentru cod" type="tel" optional /> : null}
          </fieldset>
        ) : null}

        <button type="submit" name="intent" value="save-delivery" className="button button--dark button--small">
          Salvează livrarea
        </button>
      </ValidatedForm>
    </section>
  );
}
