import { type RefObject, useEffect, useRef } from "react";

/**
 * On a slow phone a visitor may tap a radio or tick a box before JavaScript has taken over the
 * page. The DOM keeps that choice while React state starts from the server's initial value, so
 * the two would disagree (a chosen period with the button still disabled, and tapping the same
 * radio again fires no change). Once, right after hydration, `adopt` receives the form's
 * current values so state follows what the visitor already chose.
 */
export function useAdoptEarlyInput(form: RefObject<HTMLFormElement>, adopt: (data: FormData) => void) {
  const adoptRef = useRef(adopt);
  adoptRef.current = adopt;
  useEffect(() => {
    if (form.current) adoptRef.current(new FormData(form.current));
  }, [form]);
}
