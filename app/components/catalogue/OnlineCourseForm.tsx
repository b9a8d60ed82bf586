/**
 * Online course purchase form (docs/product.md §2, §4, §9): one radio per price option showing the amount
 * (free → "Gratis"), the access period and whether a diploma is included. Already in the cart:
 * the saved option is shown, a disabled "Curs deja în coș" and a link to the cart. The form
 * wiring is shared with the physical form (`BuyForm`).
 */
import { Link } from "@remix-run/react";
import { useState } from "react";
import { COURSE_ACTION_LABELS } from "~/lib/course-actions";
import { accessLabel, priceLabel } from "~/lib/course-quote";
import { AddToCartButton, BuyForm, PriceChoiceGroup, type FormError } from "./BuyForm";

export interface OnlineOptionView {
  id: number;
  days: number | null;
  amountBani: number;
  accreditation: boolean;
}

export function OnlineCourseForm({
  options,
  initialOptionId,
  inCart,
  error,
}: {
  options: OnlineOptionView[];
  initialOptionId: number | null;
  inCart: boolean;
  error: FormError | null;
}) {
  const [selected, setSelected] = useState<number | null>(initialOptionId);
  const chosen = selected !== null;
  const adopt = (data: FormData) => {
    const picked = Number(data.get("priceOptionId"));
    if (options.some((o) => o.id === picked)) setSelected(picked);
  };

  return (
    <BuyForm error={error} chosen={chosen} onEarlyInput={adopt}>
      <PriceChoiceGroup
        legend="Alege varianta"
        errorId="price-error"
        error={error}
        choices={options.map((o) => ({
          id: o.id,
          label: accessLabel(o.days),
          hint: o.accreditation ? "Diplomă inclusă" : "Fără diplomă",
          price: priceLabel(o.amountBani),
        }))}
        selected={selected}
        onSelect={setSelected}
        disabled={inCart}
      />
      {inCart ? (
        <>
          <button type="button" className="button button--light button--block" disabled>
            {COURSE_ACTION_LABELS.onlineInCart}
          </button>
          <Link to="/cart" className="button button--ghost button--block">
            {COURSE_ACTION_LABELS.goToCart}
          </Link>
        </>
      ) : (
        <AddToCartButton chosen={chosen} label={COURSE_ACTION_LABELS.add} />
      )}
    </BuyForm>
  );
}
