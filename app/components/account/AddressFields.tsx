/**
 * The billing address as fields (issue 24), in the /cont billing form and the cart's address box:
 * street line, locality, county (the fixed list), Bucharest sector, postal code. Works without
 * JavaScript: the sector select is always there (required only for București).
 * Schema: app/lib/validation/postal-address.ts.
 */
import type { FieldMetadata } from "@conform-to/react";
import { Field, SelectField } from "~/components/ui/Field";
import { COUNTY_CHOICES, SECTOR_CHOICES } from "~/lib/address";

type Meta = FieldMetadata<string | undefined, Record<string, unknown>, string[]>;

export interface AddressFieldsMeta {
  street: Meta;
  city: Meta;
  county: Meta;
  sector: Meta;
  postalCode: Meta;
}

export function AddressFields({ fields }: { fields: AddressFieldsMeta }) {
  return (
    <div className="address-fields">
      <Field meta={fields.street} label="Adresa" autoComplete="street-address" hint="Strada, numărul, blocul, scara, apartamentul." />
      <div className="form-grid">
        <Field meta={fields.city} label="Localitatea" autoComplete="address-level2" />
        <SelectField meta={fields.county} label="Județul" options={COUNTY_CHOICES} placeholder="Alege județul" />
        <SelectField meta={fields.sector} label="Sectorul" optional options={SECTOR_CHOICES} placeholder="—" hint="Doar pentru București." />
        <Field meta={fields.postalCode} label="Cod poștal" optional inputMode="numeric" maxLength={7} autoComplete="postal-code" />
      </div>
    </div>
  );
}
