/**
 * The invoice buyer inside a billing form: persoană fizică or persoană juridică (company name,
 * CUI, Reg. Com.). Without JavaScript every field is shown and the radio decides; with it the
 * company fields show only for a company. Schema: app/lib/validation/buyer.ts. On /cont the CUI
 * can fill the rest from ANAF (`lookup`).
 */
import type { FieldMetadata } from "@conform-to/react";
import { useEffect, useRef } from "react";
import { Field } from "~/components/ui/Field";
import { useHydrated } from "~/components/ui/useHydrated";

type Meta = FieldMetadata<unknown, Record<string, unknown>, string[]>;

export interface BuyerFieldsMeta {
  buyerType: Meta;
  companyName: Meta;
  companyCui: Meta;
  companyRegCom: Meta;
}

/**
 * `lookup`: "Completează din ANAF" next to the CUI, a submit button of the form (intent
 * `anaf-lookup`, no browser validation) that fills the company's fields from ANAF's register.
 */
export function BuyerFields({ fields, lookup = false }: { fields: BuyerFieldsMeta; lookup?: boolean }) {
  const hydrated = useHydrated();
  const type = (fields.buyerType.value as string | undefined) ?? (fields.buyerType.initialValue as string | undefined) ?? "person";
  const company = type === "company";
  // A choice tapped before the scripts started (a slow phone) is in the page but not in the
  // form's state, which would then hide the company fields under a checked "firmă". Once hydrated,
  // the checked radio tells the form (conform reads the whole form on an input event).
  const fieldset = useRef<HTMLFieldSetElement>(null);
  useEffect(() => {
    const checked = fieldset.current?.querySelector<HTMLInputElement>("input[type=radio]:checked");
    if (checked && checked.value !== type) checked.dispatchEvent(new Event("input", { bubbles: true }));
    // Only once, at hydration: later changes reach the form by themselves.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <fieldset ref={fieldset} className="field buyer-fields">
      <legend>Factura se emite pe</legend>
      <div className="row">
        {(["person", "company"] as const).map((value) => (
          <label key={value} className="radio">
            <input type="radio" name={fields.buyerType.name} value={value} defaultChecked={type === value} form={fields.buyerType.formId} />{" "}
            {value === "person" ? "Persoană fizică" : "Persoană juridică (firmă)"}
          </label>
        ))}
      </div>
      {!hydrated || company ? (
        <div className="buyer-fields__company">
          {!hydrated ? <p className="muted">Doar pentru persoană juridică:</p> : null}
          <Field meta={fields.companyName} label="Denumirea firmei" autoComplete="organization" />
          <Field meta={fields.companyCui} label="CUI / CIF" hint="Cu RO în față dacă firma este plătitoare de TVA (ex. RO18547290)." inputMode="text" />
          {lookup ? (
            <p className="buyer-fields__lookup">
              <button type="submit" name="intent" value="anaf-lookup" formNoValidate className="button button--light button--small">
                Completează din ANAF
              </button>{" "}
              <span className="muted">Denumirea, Reg. Com., adresa și TVA din registrul ANAF, după CUI.</span>
            </p>
          ) : null}
          <Field meta={fields.companyRegCom} label="Nr. Reg. Com." optional hint="Ex. J13/1234/2019" />
        </div>
      ) : null}
    </fieldset>
  );
}
