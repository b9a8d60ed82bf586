/**
 * A Remix <Form method="post"> wired to a conform form from `useZodForm`: it provides the form
 * context the field primitives read (touched/submitted state) and conform's submit handling.
 */
import { FormProvider, type FormMetadata } from "@conform-to/react";
import { Form, type FormProps } from "@remix-run/react";
import { forwardRef, type FormEvent } from "react";

export interface ValidatedFormProps extends Omit<FormProps, "id" | "onSubmit" | "noValidate"> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  form: FormMetadata<any, string[]>;
  formProps: {
    id: string;
    noValidate: boolean;
    onSubmit: (event: FormEvent<HTMLFormElement>) => void;
    onFocus?: () => void;
    onPointerDown?: () => void;
    onInput?: (event: FormEvent<HTMLFormElement>) => void;
    "data-checks"?: string;
  };
}

export const ValidatedForm = forwardRef<HTMLFormElement, ValidatedFormProps>(function ValidatedForm(
  { form, formProps, method = "post", onInput, ...rest },
  ref,
) {
  // Both see every keystroke: the page's own handler and the form toolkit's.
  const handleInput = (event: FormEvent<HTMLFormElement>) => {
    formProps.onInput?.(event);
    onInput?.(event);
  };
  return (
    <FormProvider context={form.context}>
      <Form ref={ref} method={method} {...rest} {...formProps} onInput={handleInput} />
    </FormProvider>
  );
});
