/**
 * /cart — the cart and checkout (SPEC §2 Cart screen, §4 payment flows, §5 Checkout). Every
 * step is a plain form post: remove a line, edit the billing address, check out (bank transfer
 * shows the transfer step first; a free cart enrols at once).
 */
import { getFormProps, getInputProps, useForm, type FieldMetadata } from "@conform-to/react";
import type { ReactNode } from "react";
import type { Submission, SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation, useRouteError } from "@remix-run/react";
import { CartLineItem, type CartLineItemData } from "~/components/cart/CartLineItem";
import { EmptyCart } from "~/components/cart/EmptyCart";
import { FormAlert } from "~/components/ui/FormAlert";
import { CardRedirect } from "~/components/cart/CardRedirect";
import { TransferPanel, type TransferDetails } from "~/components/cart/TransferPanel";
import { getConfig } from "~/config.server";
import { formatMoney, formatPrice } from "~/lib/money";
import { SHORT_TOAST } from "~/lib/toast";
import {
  addressSchema,
  CHECKOUT_MESSAGES,
  checkoutSchema,
  DIGITAL_CONSENT_TEXT,
  WITHDRAWAL_WAIVER_TEXT,
  type CheckoutInput,
} from "~/lib/validation/checkout";
import { CART_MESSAGES, getCart, removeCartLine } from "~/models/cart.server";
import { checkoutProblem, paymentMethodFor, placeOrder, referenceFromKey, type CheckoutField } from "~/models/order.server";
import { requireUser } from "~/models/session.server";
import { updateBillingAddress } from "~/models/user.server";
import { isCardPaymentAvailable as cardAvailable, returnPath, startCardPayment } from "~/services/payments/provider.server";
import { redirectWithToast } from "~/services/toast.server";

const GROUPS = [
  { key: "physical", title: "Cursuri Fizice" },
  { key: "online", title: "Cursuri Online" },
  { key: "product", title: "Produse" },
] as const;

function lineHref(line: { category: string; courseId: number | null; productId: number | null }) {
  if (line.category === "product") return line.productId ? `/produse/produs/${line.productId}` : null;
  if (!line.courseId) return null;
  return line.category === "physical" ? `/cursuri/curs/${line.courseId}` : `/cursuri-online/curs/${line.courseId}`;
}


export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const cart = await getCart(user.id, undefined, { withImages: true });
  const url = new URL(request.url);
  const lines: CartLineItemData[] = cart.lines.map((line) => ({ ...line, href: lineHref(line) }));
  return json({
    lines,
    totals: cart.totals,
    hasOnline: cart.hasOnline,
    hasProblems: cart.hasProblems,
    version: cart.version,
    address: user.address,
    editAddress: url.searchParams.get("adresa") === "editeaza" || !user.address.trim(),
    cardAvailable: cardAvailable(),
  });
}

type ActionData =
  | { kind: "address"; error: string; value: string }
  | { kind: "remove"; message: string }
  | { kind: "checkout"; result: SubmissionResult<string[]>; field?: CheckoutField; message?: string }
  | { kind: "transfer"; details: TransferDetails }
  | { kind: "card"; form: { formUrl: string; fields: Record<string, string> } };

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const form = await request.formData();
  const intent = form.get("intent");

  if (intent === "remove") {
    const removed = await removeCartLine(user.id, String(form.get("lineId") ?? ""));
    // A line that is not in this user's cart (another user's, or already gone): 404, and the
    // cart is shown again with the message rather than an error page.
    if (!removed) return json<ActionData>({ kind: "remove", message: CART_MESSAGES.removeFailed }, { status: 404 });
    return redirectWithToast("/cart", { ...SHORT_TOAST, message: CART_MESSAGES.removed });
  }

  if (intent === "save-address") {
    const parsed = addressSchema.safeParse({ address: form.get("address") ?? "" });
    if (!parsed.success) {
      return json<ActionData>({ kind: "address", error: parsed.error.issues[0].message, value: String(form.get("address") ?? "") }, { status: 400 });
    }
    try {
      await updateBillingAddress(user.id, parsed.data.address);
    } catch {
      return redirectWithToast("/cart?adresa=editeaza", { ...SHORT_TOAST, type: "error", message: "Eroare la actualizarea adresei de facturare." });
    }
    return redirectWithToast("/cart", { ...SHORT_TOAST, message: "Adresa de facturare actualizată cu succes!" });
  }

  if (intent === "checkout" || intent === "confirm-transfer") {
    const cart = await getCart(user.id);
    const schema = checkoutSchema({ requireDigitalConsent: cart.hasOnline });
    const submission = parseWithZod(form, { schema });
    if (submission.status !== "success") {
      return json<ActionData>({ kind: "checkout", result: submission.reply() }, { status: 400 });
    }
    const input: CheckoutInput = submission.value;
    const method = paymentMethodFor(cart, input);

    // Bank transfer: show the instructions (with the order reference) before creating the order.
    if (intent === "checkout" && method === "bank_transfer") {
      const problem = checkoutProblem(cart, user.address, input, cardAvailable());
      if (problem) return checkoutError(submission, problem.field, problem.message);
      const { business } = getConfig();
      return json<ActionData>({
        kind: "transfer",
        details: {
          reference: referenceFromKey(cart.version),
          amountBani: cart.totals.dueNowBani,
          iban: business.iban,
          bank: business.bank,
          accountHolder: business.accountHolder,
          email: business.email,
          values: { acceptTerms: input.acceptTerms, digitalConsent: input.digitalConsent, withdrawalWaiver: input.withdrawalWaiver, cartVersion: input.cartVersion },
        },
      });
    }

    const placed = await placeOrder(user.id, input, { cardAvailable: cardAvailable() });
    if (!placed.ok) return checkoutError(submission, placed.field, placed.message);
    if (placed.order.paymentMethod === "card") {
      // The order exists (awaiting payment, cart emptied): hand the buyer to the processor.
      // A replayed checkout of an order already decided goes to its result page instead.
      if (placed.order.status !== "awaiting_payment") return redirect(returnPath(placed.order.id));
      const start = startCardPayment(placed.order);
      // A hosted payment page (API v2) is a plain redirect; mobilPay v1 is a form to post.
      if (start.kind === "redirect") return redirect(start.url, 303);
      return json<ActionData>({ kind: "card", form: { formUrl: start.formUrl, fields: start.fields } });
    }
    const message = placed.order.paymentMethod === "free" ? CHECKOUT_MESSAGES.freeSuccess : CHECKOUT_MESSAGES.bankSuccess;
    return redirectWithToast("/cont#cursuri-active", { ...SHORT_TOAST, message });
  }

  return json({ error: "Acțiune necunoscută." }, { status: 400 });
}

function checkoutError(submission: Submission<unknown>, field: CheckoutField, message: string) {
  // The address error is shown by the address form itself; others next to their box or on top.
  const fieldErrors = field !== "cart" && field !== "address" ? { [field]: [message] } : undefined;
  const formErrors = field === "cart" ? [message] : undefined;
  return json<ActionData>(
    { kind: "checkout", result: submission.reply({ fieldErrors, formErrors }), field, message },
    { status: 400 },
  );
}

export default function CartPage() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionData | undefined;
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting";
  const checkoutData = actionData?.kind === "checkout" ? actionData : undefined;
  const addressError =
    actionData?.kind === "address" ? actionData.error : checkoutData?.field === "address" ? checkoutData.message : undefined;
  const schema = checkoutSchema({ requireDigitalConsent: data.hasOnline });
  const [form, fields] = useForm({
    id: "checkout",
    lastResult: checkoutData?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    defaultValue: { paymentMethod: "bank_transfer", cartVersion: data.version },
  });

  if (actionData?.kind === "card") {
    // The cart is already empty: the order waits for the card payment.
    return (
      <main className="page container cart-page">
        <h1>Coșul Tău</h1>
        <CardRedirect formUrl={actionData.form.formUrl} fields={actionData.form.fields} />
      </main>
    );
  }

  if (data.lines.length === 0) {
    return (
      <main className="page container cart-page">
        <h1>Coșul Tău</h1>
        <EmptyCart />
      </main>
    );
  }

  const free = data.totals.dueNowBani === 0;
  const editAddress = data.editAddress || Boolean(addressError && actionData?.kind === "address");
  const formError = checkoutData && !checkoutData.field ? checkoutData.message : checkoutData?.field === "cart" ? checkoutData.message : undefined;

  return (
    <main className="page container cart-page">
      <h1>Coșul Tău</h1>
      <FormAlert messages={[actionData?.kind === "remove" ? actionData.message : null]} />
      <div className="cart-layout">
        <div className="cart-groups">
          {GROUPS.map((group) => {
            const lines = data.lines.filter((l) => l.category === group.key);
            if (lines.length === 0) return null;
            return (
              <section key={group.key} className="cart-group card" aria-labelledby={`grupa-${group.key}`}>
                <header className="cart-group__head">
                  <h2 id={`grupa-${group.key}`}>{group.title}</h2>
                  <p className="cart-group__total">
                    Total: <strong>{formatPrice(data.totals.byCategory[group.key])}</strong>
                  </p>
                </header>
                <ul className="cart-lines">
                  {lines.map((line) => (
                    <CartLineItem key={line.id} line={line} />
                  ))}
                </ul>
              </section>
            );
          })}
        </div>

        <aside className="cart-summary card card--pad" aria-labelledby="sumar">
          <h2 id="sumar">Sumar comandă</h2>
          <p className="cart-summary__total">
            <span>Total general</span>
            <strong data-testid="cart-total">{formatPrice(data.totals.dueNowBani)}</strong>
          </p>
          {data.totals.balanceBani > 0 ? (
            <p className="muted cart-summary__balance">
              Plătești acum avansul; restul de {formatMoney(data.totals.balanceBani)} se achită la curs.
            </p>
          ) : null}

          <section id="adresa" className="cart-address" aria-labelledby="adresa-titlu">
            <h3 id="adresa-titlu">Adresa de facturare</h3>
            {editAddress ? (
              <Form method="post" action="/cart" className="form" replace>
                <div className="field">
                  <label htmlFor="address" className="field__label">
                    Adresa
                  </label>
                  <textarea
                    id="address"
                    name="address"
                    className="textarea"
                    rows={3}
                    required
                    maxLength={500}
                    defaultValue={actionData?.kind === "address" ? actionData.value : data.address}
                    aria-invalid={addressError ? true : undefined}
                    aria-describedby={addressError ? "address-error" : "address-hint"}
                    placeholder="Strada, numărul, localitatea, județul, codul poștal"
                  />
                  {addressError ? (
                    <p id="address-error" className="field__error" role="alert">
                      {addressError}
                    </p>
                  ) : (
                    <p id="address-hint" className="field__hint">
                      Apare pe factură. Pentru firme: denumirea, CUI și sediul.
                    </p>
                  )}
                </div>
                <div className="row">
                  <button type="submit" name="intent" value="save-address" className="button button--dark button--small">
                    Salvează
                  </button>
                  {data.address ? (
                    <Link to="/cart" className="button button--light button--small" replace preventScrollReset>
                      Anulează
                    </Link>
                  ) : null}
                </div>
              </Form>
            ) : (
              <div className="cart-address__view">
                <p className="cart-address__text">{data.address}</p>
                <Link to="/cart?adresa=editeaza#adresa" className="button button--light button--small" replace preventScrollReset>
                  Modifică
                </Link>
                {addressError ? (
                  <p className="field__error" role="alert">
                    {addressError}
                  </p>
                ) : null}
              </div>
            )}
          </section>

          <Form method="post" action="/cart" {...getFormProps(form)} className="form cart-checkout">
            <input {...getInputProps(fields.cartVersion, { type: "hidden" })} key={data.version} defaultValue={data.version} />
            {!free ? (
              <fieldset>
                <legend>Metoda de plată</legend>
                <div className="radio-cards">
                  <label className="radio-card">
                    <input {...getInputProps(fields.paymentMethod, { type: "radio", value: "bank_transfer" })} />
                    <span className="radio-card__main">
                      <strong>Transfer bancar</strong>
                      <br />
                      <span className="muted">Cursurile se activează după confirmarea plății.</span>
                    </span>
                  </label>
                  {data.cardAvailable ? (
                    <label className="radio-card">
                      <input {...getInputProps(fields.paymentMethod, { type: "radio", value: "card" })} />
                      <span className="radio-card__main">
                        <strong>Card bancar</strong>
                        <br />
                        <span className="muted">Plată securizată prin NETOPIA Payments.</span>
                      </span>
                    </label>
                  ) : null}
                </div>
              </fieldset>
            ) : null}

            <CheckBox field={fields.acceptTerms}>
              Am citit și accept <a href="/termeni" target="_blank" rel="noopener">Termenii și condițiile</a> și{" "}
              <a href="/inscriere" target="_blank" rel="noopener">Politica de înscriere</a>.
            </CheckBox>
            {data.hasOnline ? (
              <>
                <CheckBox field={fields.digitalConsent}>{DIGITAL_CONSENT_TEXT}</CheckBox>
                <CheckBox field={fields.withdrawalWaiver}>{WITHDRAWAL_WAIVER_TEXT}</CheckBox>
              </>
            ) : null}

            {formError || form.errors?.length ? (
              <div className="alert alert--error" role="alert" id={form.errorId}>
                {formError ?? form.errors?.[0]}
              </div>
            ) : null}

            <button type="submit" name="intent" value="checkout" className="button button--primary button--block" disabled={submitting || data.hasProblems}>
              {free ? "Prinde cursul gratuit" : "Finalizează comanda"}
            </button>
          </Form>
        </aside>
      </div>
      {actionData?.kind === "transfer" ? <TransferPanel details={actionData.details} submitting={submitting} /> : null}
    </main>
  );
}

function CheckBox({ field, children }: { field: FieldMetadata<boolean | undefined>; children: ReactNode }) {
  const error = field.errors?.[0];
  return (
    <div className="field">
      <label className="check">
        <input {...getInputProps(field, { type: "checkbox" })} />
        <span>{children}</span>
      </label>
      {error ? (
        <p id={field.errorId} className="field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Coșul Tău – Ana Nails Academy" }, { name: "robots", content: "noindex" }];

export function ErrorBoundary() {
  const error = useRouteError();
  console.error(error);
  return (
    <main className="page container cart-page">
      <h1>Coșul Tău</h1>
      <div className="alert alert--error" role="alert">
        <p>A apărut o eroare la obținerea coșului.</p>
      </div>
      <a href="/cart" className="button button--primary">
        Reîncearcă
      </a>
    </main>
  );
}
