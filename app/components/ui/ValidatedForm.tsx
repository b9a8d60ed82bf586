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
  };
}

export const ValidatedForm = forwardRef<HTMLFormElement, ValidatedFormProps>(function ValidatedForm(
  { form, formProps, method = "post", ...rest },
  ref,
) {
  return (
    <FormProvider context={form.context}>
      <Form ref={ref} method={method} {...rest} {...formProps} />
    </FormProvider>
  );
});
