/**
 * The primary submit button of a form. While this form is being submitted (with JavaScript)
 * it shows `pendingLabel` and is disabled so a double click does not post twice.
 */
import { useNavigation } from "@remix-run/react";
import type { ButtonHTMLAttributes, ReactNode } from "react";

export function SubmitButton({
  children,
  pendingLabel,
  className = "button button--primary button--block",
  disabled,
  ...rest
}: { children: ReactNode; pendingLabel?: ReactNode } & ButtonHTMLAttributes<HTMLButtonElement>) {
  const navigation = useNavigation();
  const pending =
    navigation.state === "submitting" && (rest.name === undefined || navigation.formData?.get(rest.name) === rest.value);
  return (
    <button type="submit" className={className} disabled={disabled || pending} aria-busy={pending || undefined} {...rest}>
      {pending && pendingLabel ? pendingLabel : children}
    </button>
  );
}
