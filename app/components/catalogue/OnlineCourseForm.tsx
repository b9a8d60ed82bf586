/**
 * Online course purchase form (SPEC §2, §4, §9): one radio per price option showing the amount
 * (free → "Gratis"), the access period and whether a diploma is included. Already in the cart:
 * the saved option is shown, a disabled "Curs deja în coș" and a link to the cart.
 */
import { Form, Link, useNavigation } from "@remix-run/react";
import { useRef, useState } from "react";
import { useAdoptEarlyInput } from "~/components/useAdoptEarlyInput";
import { useHydrated } from "~/components/useHydrated";
import { COURSE_ACTION_LABELS } from "~/lib/course-actions";
import { accessLabel, priceLabel } from "~/lib/course-quote";
import type { FormError } from "./PhysicalCourseForm";

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
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const [selected, setSelected] = useState<number | null>(initialOptionId);
  const formRef = useRef<HTMLFormElement>(null);
  useAdoptEarlyInput(formRef, (data) => {
    const chosen = Number(data.get("priceOptionId"));
    if (options.some((o) => o.id === chosen)) setSelected(chosen);
  });
  const submitting = navigation.state === "submitting" && navigation.formData?.get("intent") === "add-to-cart";
  const fieldError = error?.field && selected === null ? error.field : null;

  return (
    <Form ref={formRef} method="post" noValidate className="buy-form" preventScrollReset>
      <input type="hidden" name="intent" value="add-to-cart" />
      {error && (selected === null || !error.field) ? (
        <div className="alert alert--error" role="alert">
          <p>{error.alert}</p>
        </div>
      ) : null}
      <fieldset
        className="buy-form__group"
        role="radiogroup"
        aria-required="true"
        aria-invalid={fieldError ? true : undefined}
        aria-describedby={fieldError ? "price-error" : undefined}
        disabled={inCart}
      >
        <legend>Alege varianta</legend>
        <div className="radio-cards">
          {options.map((option) => (
            <label key={option.id} className="radio-card">
              <input
                type="radio"
                name="priceOptionId"
                value={option.id}
                checked={selected === option.id}
                onChange={() => setSelected(option.id)}
              />
              <span className="radio-card__main">
                {accessLabel(option.days)}
                <span className="radio-card__hint">
                  {option.accreditation ? "Diplomă inclusă" : "Fără diplomă"}
                </span>
              </span>
              <span className="radio-card__price">{priceLabel(option.amountBani)}</span>
            </label>
          ))}
        </div>
        {fieldError ? (
          <p id="price-error" className="field__error">
            {fieldError}
          </p>
        ) : null}
      </fieldset>
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
        <button
          type="submit"
          className="button button--primary button--block"
          disabled={(hydrated && selected === null) || submitting}
          aria-busy={submitting || undefined}
        >
          {COURSE_ACTION_LABELS.add}
        </button>
      )}
    </Form>
  );
}
