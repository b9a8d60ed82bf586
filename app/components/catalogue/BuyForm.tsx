/**
 * The wiring the course add-to-cart forms share (physical and online, docs/product.md §2, §4, §9): the form
 * itself with its `add-to-cart` intent, the server's error (an alert, and the message under the
 * choice group while nothing is chosen), the radio/checkbox cards and the submit button.
 *
 * The form's own inputs hold the choice, with or without the scripts: the cards are uncontrolled
 * and the component state is read from the form (once when the scripts take over —
 * `useAdoptEarlyInput` — and at every change), so a tap made while the scripts start is never
 * lost or undone. What must be right before the scripts arrive follows the inputs in CSS (the
 * total's variants, the button's look; app.css "buy form"), and the submit button is a plain
 * submit until React runs, so a first tap on it posts the form as without JavaScript.
 */
import { Form, useNavigation } from "@remix-run/react";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { useAdoptEarlyInput } from "~/components/useAdoptEarlyInput";

export interface FormError {
  alert: string;
  field: string | null;
}

export const ADD_TO_CART_INTENT = "add-to-cart";

/** The form: `chosen` says whether the required choice is made (the field error then hides). */
export function BuyForm({
  error,
  chosen,
  onEarlyInput,
  children,
}: {
  error: FormError | null;
  chosen: boolean;
  /** Receives the form's values when the scripts take over and after every change. */
  onEarlyInput: (data: FormData) => void;
  children: ReactNode;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  useAdoptEarlyInput(formRef, onEarlyInput);
  return (
    <Form
      ref={formRef}
      method="post"
      noValidate
      className="buy-form"
      preventScrollReset
      onChange={(event) => onEarlyInput(new FormData(event.currentTarget))}
    >
      <input type="hidden" name="intent" value={ADD_TO_CART_INTENT} />
      {error && (!chosen || !error.field) ? (
        <div className="alert alert--error" role="alert">
          <p>{error.alert}</p>
        </div>
      ) : null}
      {children}
    </Form>
  );
}

/** One price choice of the required group: its radio posts `priceOptionId`. */
export interface PriceChoice {
  id: number;
  label: ReactNode;
  hint?: ReactNode;
  price: ReactNode;
}

/** The required price radio group, with the server's field message while nothing is chosen. */
export function PriceChoiceGroup({
  legend,
  errorId,
  error,
  choices,
  selected,
  onSelect,
  disabled,
}: {
  legend: string;
  errorId: string;
  error: FormError | null;
  choices: PriceChoice[];
  selected: number | null;
  onSelect: (id: number) => void;
  disabled?: boolean;
}) {
  const fieldError = error?.field && selected === null ? error.field : null;
  return (
    <fieldset
      className="buy-form__group"
      role="radiogroup"
      aria-required="true"
      aria-invalid={fieldError ? true : undefined}
      aria-describedby={fieldError ? errorId : undefined}
      disabled={disabled}
    >
      <legend>{legend}</legend>
      <div className="radio-cards">
        {choices.map((choice) => (
          <ChoiceCard
            key={choice.id}
            type="radio"
            name="priceOptionId"
            value={choice.id}
            checked={selected === choice.id}
            onCheckedChange={() => onSelect(choice.id)}
            label={choice.label}
            hint={choice.hint}
            price={choice.price}
          />
        ))}
      </div>
      {fieldError ? (
        <p id={errorId} className="field__error">
          {fieldError}
        </p>
      ) : null}
    </fieldset>
  );
}

/** One radio or checkbox card: the input, its label (with an optional hint) and its price. */
export function ChoiceCard({
  type,
  name,
  value,
  checked,
  onCheckedChange,
  label,
  hint,
  price,
}: {
  type: "radio" | "checkbox";
  name: string;
  value: string | number;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  label: ReactNode;
  hint?: ReactNode;
  price: ReactNode;
}) {
  return (
    <label className="radio-card">
      {/* Uncontrolled: the input is the truth (BuyForm reads the form at every change). */}
      <input type={type} name={name} value={value} defaultChecked={checked} onChange={(event) => onCheckedChange(event.currentTarget.checked)} />
      <span className="radio-card__main">
        {label}
        {hint ? <span className="radio-card__hint">{hint}</span> : null}
      </span>
      <span className="radio-card__price">{price}</span>
    </label>
  );
}

/**
 * The submit button. Until the scripts run it is a plain submit that looks unavailable while no
 * price is checked (CSS on the form's own inputs): a tap before the scripts arrive posts the
 * form, and the server adds the choice or asks for one, as without JavaScript. Once React runs it
 * is disabled until `chosen` (read from the form) and while this form is sent.
 */
export function AddToCartButton({ chosen, label }: { chosen: boolean; label: string }) {
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formData?.get("intent") === ADD_TO_CART_INTENT;
  // False in the server's HTML and in the render that hydrates it, so the two match.
  const [running, setRunning] = useState(false);
  useEffect(() => setRunning(true), []);
  return (
    <button
      type="submit"
      className="button button--primary button--block buy-form__submit"
      disabled={running && (!chosen || submitting)}
      aria-busy={submitting || undefined}
    >
      {label}
    </button>
  );
}
