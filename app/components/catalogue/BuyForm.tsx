/**
 * The wiring the course add-to-cart forms share (physical and online, SPEC §2, §4, §9): the form
 * itself with its `add-to-cart` intent, the server's error (an alert, and the message under the
 * choice group while nothing is chosen), adopting a choice tapped before the scripts started
 * (`useAdoptEarlyInput`), the radio/checkbox cards and the submit button (disabled until
 * something is chosen, from the server's HTML on; busy while this form is being sent).
 */
import { Form, useNavigation } from "@remix-run/react";
import { type ReactNode, useRef } from "react";
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
  onEarlyInput: (data: FormData) => void;
  children: ReactNode;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  useAdoptEarlyInput(formRef, onEarlyInput);
  return (
    <Form ref={formRef} method="post" noValidate className="buy-form" preventScrollReset>
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
      <input type={type} name={name} value={value} checked={checked} onChange={(event) => onCheckedChange(event.currentTarget.checked)} />
      <span className="radio-card__main">
        {label}
        {hint ? <span className="radio-card__hint">{hint}</span> : null}
      </span>
      <span className="radio-card__price">{price}</span>
    </label>
  );
}

/**
 * The submit button: disabled until `chosen` — already in the server's HTML, so it is disabled
 * before the scripts start (the detail pages hydrate on the first interaction) — and while this
 * form is sent. Without JavaScript nothing could enable it again: a `<noscript>` hides it and
 * puts an enabled twin in its place, and the server answers a missing choice with its messages.
 */
export function AddToCartButton({ chosen, label }: { chosen: boolean; label: string }) {
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formData?.get("intent") === ADD_TO_CART_INTENT;
  const className = "button button--primary button--block";
  return (
    <>
      <button type="submit" className={`${className} buy-form__submit`} disabled={!chosen || submitting} aria-busy={submitting || undefined}>
        {label}
      </button>
      {!chosen ? (
        <noscript
          dangerouslySetInnerHTML={{
            __html: `<style>.buy-form__submit{display:none}</style><button type="submit" class="${className}">${escapeHtml(label)}</button>`,
          }}
        />
      ) : null}
    </>
  );
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}
