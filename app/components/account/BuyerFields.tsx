/**
 * The invoice buyer inside a billing form: persoană fizică or persoană juridică (company name,
 * CUI, Reg. Com.). Without JavaScript every field is shown and the radio decides; with it the
 * company fields show only for a company. Schema: app/lib/validation/buyer.ts.
 */
import type { FieldMetadata } from "@conform-to/react";
import { Field } from "~/components/ui/Field";
import { useHydrated } from "~/components/ui/useHydrated";

type Meta = FieldMetadata<unknown, Record<string, unknown>, string[]>;

export interface BuyerFieldsMeta {
  buyerType: Meta;
  companyName: Meta;
  companyCui: Meta;
  companyRegCom: Meta;
}

export function BuyerFields({ fields }: { fields: BuyerFieldsMeta }) {
  const hydrated = useHydrated();
  const type = (fields.buyerType.value as string | undefined) ?? (fields.buyerType.initialValue as string | undefined) ?? "person";
  const company = type === "company";
  return (
    <fieldset className="field buyer-fields">
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
          <Field meta={fields.companyRegCom} label="Nr. Reg. Com." optional hint="Ex. J13/1234/2019" />
        </div>
      ) : null}
    </fieldset>
  );
}
