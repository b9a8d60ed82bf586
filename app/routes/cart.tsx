/**
 * /cart — the cart and checkout (docs/product.md §2 Cart screen, §4 payment flows, §5 Checkout). Every
 * step is a plain form post: remove a line, edit the billing address, check out (bank transfer
 * shows the transfer step first; a free cart enrols at once).
 */
import type { Submission, SubmissionResult } from "@conform-to/react";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { DeliveryFields } from "~/components/cart/DeliveryFields";
import { cartDeliveryView, saveDeliveryAction, setQuantityAction, type DeliveryActionData } from "~/routes/+shared/cart-delivery-page.server";
import { CardRedirect } from "~/components/cart/CardRedirect";
import { CartGroups } from "~/components/cart/CartGroups";
import type { CartLineItemData } from "~/components/cart/CartLineItem";
import { CheckoutForm } from "~/components/cart/CheckoutForm";
import { EmptyCart } from "~/components/cart/EmptyCart";
import { TransferPanel, type TransferDetails } from "~/components/cart/TransferPanel";
import { FormAlert } from "~/components/ui/FormAlert";
import { getConfig } from "~/config.server";
import { readIntent } from "~/lib/intent";
import { HYDRATE_AFTER_PAINT } from "~/lib/route-handle";
import { formatMoney, formatPrice } from "~/lib/money";
import { privateHeaders } from "~/lib/http";
import { SHORT_TOAST } from "~/lib/toast";
import {
  cartAddressSchema,
  CHECKOUT_MESSAGES,
  checkoutConstraint,
  checkoutSchema,
  hasPostalInput,
  postalDefaults,
  postalOf,
  type CheckoutInput,
} from "~/routes/+shared/form-schemas.server";
import { CART_MESSAGES, removeCartLine } from "~/models/cart.server";
import { getCart } from "~/models/cart-view.server";
import { checkoutProblem, paymentMethodFor, placeOrder, referenceFromKey, type CheckoutField } from "~/models/order-checkout.server";
import { requireUser, type SessionUser } from "~/models/session.server";
import { updateBillingAddress } from "~/models/user.server";
import { VatNote } from "~/components/cart/VatNote";
import { vatLabel } from "~/models/invoice-views.server";
import { isCardPaymentAvailable as cardAvailable, returnPath, startCardPayment } from "~/services/payments/provider.server";
import { redirectWithToast } from "~/services/toast.server";
import { errorBoundary } from "~/components/ErrorState";
import { personalData } from "~/services/personal-cache.server";
import { parseForm, readFormData } from "~/lib/form-input";
import { rethrowIfUnavailable } from "~/services/unavailable.server";
import { composeAddress, isCompleteAddress, postalOfColumns } from "~/lib/address";

function lineHref(line: { category: string; courseId: number | null; productId: number | null }) {
  if (line.category === "product") return line.productId ? `/produse/produs/${line.productId}` : null;
  if (!line.courseId) return null;
  return line.category === "physical" ? `/cursuri/curs/${line.courseId}` : `/cursuri-online/curs/${line.courseId}`;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  // The cart and its delivery choices, kept for the user's data version (services/personal-cache.server.ts).
  const { cart, delivery } = await personalData(user, "cart", async () => {
    const cart = await getCart(user.id, undefined, { withImages: true });
    return { cart, delivery: await cartDeliveryView(cart) };
  });
  const url = new URL(request.url);
  const lines: CartLineItemData[] = cart.lines.map((line) => ({ ...line, href: lineHref(line) }));
  return {
    lines,
    totals: cart.totals,
    hasOnline: cart.hasOnline,
    earlyStart: cart.earlyStart,
    hasProblems: cart.hasProblems,
    version: cart.version,
    address: user.address,
    postal: postalDefaults(postalOfColumns(user)),
    addressComplete: isCompleteAddress(postalOfColumns(user)),
    vat: await vatLabel(),
    editAddress: url.searchParams.get("adresa") === "editeaza" || !user.address.trim(),
    cardAvailable: cardAvailable(),
    delivery,
    checkoutConstraint: checkoutConstraint(cart.hasOnline, cart.earlyStart.length > 0),
  };
}

type ActionData =
  | { kind: "address"; result: SubmissionResult<string[]> }
  | { kind: "remove"; message: string }
  | { kind: "checkout"; result: SubmissionResult<string[]>; field?: CheckoutField; message?: string }
  | { kind: "transfer"; details: TransferDetails }
  | { kind: "card"; form: { formUrl: string; fields: Record<string, string> } }
  | DeliveryActionData;

const INTENTS = ["remove", "save-address", "checkout", "confirm-transfer", "quantity", "save-delivery"] as const;

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const form = await readFormData(request);
  const intent = readIntent(form, INTENTS);
  switch (intent) {
    // Product quantities and the delivery choice (issue 16): their own forms, in +shared.
    case "quantity":
      return setQuantityAction(form, user);
    case "save-delivery":
      return saveDeliveryAction(form, user);
    case "remove":
      return removeLine(user, form);
    case "save-address":
      return saveAddress(user, form);
    case "checkout":
    case "confirm-transfer":
      return checkout(user, form, intent);
    case null:
      return data({ error: "Acțiune necunoscută." }, { status: 400 });
  }
}

async function removeLine(user: SessionUser, form: FormData) {
  const removed = await removeCartLine(user.id, String(form.get("lineId") ?? ""));
  // A line that is not in this user's cart (another user's, or already gone): 404, and the
  // cart is shown again with the message rather than an error page.
  if (!removed) return data<ActionData>({ kind: "remove", message: CART_MESSAGES.removeFailed }, { status: 404 });
  return redirectWithToast("/cart", { ...SHORT_TOAST, message: CART_MESSAGES.removed });
}

async function saveAddress(user: SessionUser, form: FormData) {
  const submission = parseForm(form, { schema: cartAddressSchema });
  if (submission.status !== "success") return data<ActionData>({ kind: "address", result: submission.reply() }, { status: 400 });
  try {
    await updateBillingAddress(user.id, postalOf(submission.value));
  } catch (error) {
    rethrowIfUnavailable(error);
    return redirectWithToast("/cart?adresa=editeaza", { ...SHORT_TOAST, type: "error", message: "Eroare la actualizarea adresei de facturare." });
  }
  return redirectWithToast("/cart", { ...SHORT_TOAST, message: "Adresa de facturare actualizată cu succes!" });
}

async function checkout(user: SessionUser, form: FormData, intent: "checkout" | "confirm-transfer") {
  const cart = await getCart(user.id);
  const schema = checkoutSchema({ requireDigitalConsent: cart.hasOnline, requireEarlyStart: cart.earlyStart.length > 0 });
  const submission = parseForm(form, { schema });
  if (submission.status !== "success") {
    return data<ActionData>({ kind: "checkout", result: submission.reply() }, { status: 400 });
  }
  const input: CheckoutInput = submission.value;
  const method = paymentMethodFor(cart, input);

  // Bank transfer: show the instructions (with the order reference) before creating the order.
  if (intent === "checkout" && method === "bank_transfer") {
    const typed = hasPostalInput(input) ? composeAddress(postalOf(input)) : "";
    const problem = checkoutProblem(cart, typed || user.address, input, cardAvailable());
    if (problem) return checkoutError(submission, problem.field, problem.message);
    const { business } = getConfig();
    return data<ActionData>({
      kind: "transfer",
      details: {
        reference: referenceFromKey(cart.version),
        amountBani: cart.totals.dueNowBani,
        iban: business.iban,
        bank: business.bank,
        accountHolder: business.accountHolder,
        email: business.email,
        values: {
          acceptTerms: input.acceptTerms,
          digitalConsent: input.digitalConsent,
          withdrawalWaiver: input.withdrawalWaiver,
          earlyStart: input.earlyStart ?? false,
          cartVersion: input.cartVersion,
          address: hasPostalInput(input)
            ? { street: input.street ?? "", city: input.city ?? "", county: input.county ?? "", sector: input.sector ?? "", postalCode: input.postalCode ?? "" }
            : {},
        },
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
    return data<ActionData>({ kind: "card", form: { formUrl: start.formUrl, fields: start.fields } });
  }
  const message = placed.order.paymentMethod === "free" ? CHECKOUT_MESSAGES.freeSuccess : CHECKOUT_MESSAGES.bankSuccess;
  return redirectWithToast("/cont#cursuri-active", { ...SHORT_TOAST, message });
}

function checkoutError(submission: Submission<unknown>, field: CheckoutField, message: string) {
  // Errors next to their box or field (the address box belongs to the checkout form), others on top.
  // A missing address is told at its first field (the box has the address as fields).
  const fieldErrors = field !== "cart" && field !== "delivery" ? { [field === "address" ? "street" : field]: [message] } : undefined;
  const formErrors = field === "cart" || field === "delivery" ? [message] : undefined;
  return data<ActionData>(
    { kind: "checkout", result: submission.reply({ fieldErrors, formErrors }), field, message },
    { status: 400 },
  );
}

export default function CartPage() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionData | undefined;
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting";

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

  const checkoutData = actionData?.kind === "checkout" ? actionData : undefined;
  // The address box is part of the checkout form: a refused "Salvează" reports to that form.
  const checkoutResult = actionData?.kind === "address" ? actionData.result : checkoutData?.result;
  const formError =
    checkoutData && !checkoutData.field ? checkoutData.message : checkoutData?.field === "cart" || checkoutData?.field === "delivery" ? checkoutData.message : undefined;

  return (
    <main className="page container cart-page">
      <h1>Coșul Tău</h1>
      <FormAlert messages={[actionData?.kind === "remove" ? actionData.message : null]} />
      <div className="cart-layout">
        <CartGroups lines={data.lines} byCategory={data.totals.byCategory} />

        <aside className="cart-summary card card--pad" aria-labelledby="sumar">
          <h2 id="sumar">Sumar comandă</h2>
          {data.delivery ? (
            <p className="cart-summary__shipping">
              <span>Livrare</span>
              <strong data-testid="cart-shipping">{data.delivery.saved ? (data.totals.shippingBani === 0 ? "Gratuit" : formatPrice(data.totals.shippingBani)) : "alege metoda"}</strong>
            </p>
          ) : null}
          <p className="cart-summary__total">
            <span>Total general</span>
            <strong data-testid="cart-total">{formatPrice(data.totals.dueNowBani)}</strong>
          </p>
          <VatNote totalBani={data.totals.dueNowBani} vat={data.vat} />
          {data.totals.balanceBani > 0 ? (
            <p className="muted cart-summary__balance">
              Plătești acum avansul; restul de {formatMoney(data.totals.balanceBani)} se achită la curs.
            </p>
          ) : null}
          <CheckoutForm
            version={data.version}
            dueNowBani={data.totals.dueNowBani}
            shippingBani={data.delivery?.saved ? data.totals.shippingBani : null}
            hasOnline={data.hasOnline}
            earlyStart={data.earlyStart}
            hasProblems={data.hasProblems}
            cardAvailable={data.cardAvailable}
            lastResult={checkoutResult}
            formError={formError}
            submitting={submitting}
            address={data.address}
            postal={data.postal}
            addressComplete={data.addressComplete}
            editAddress={data.editAddress}
            constraint={data.checkoutConstraint}
          >
            {data.delivery ? (
              <DeliveryFields
                {...data.delivery}
                lastResult={actionData?.kind === "delivery" ? actionData.result : null}
                message={actionData?.kind === "delivery" ? actionData.message : null}
              />
            ) : null}
          </CheckoutForm>
        </aside>
      </div>
      {actionData?.kind === "transfer" ? <TransferPanel details={actionData.details} submitting={submitting} /> : null}
    </main>
  );
}

export const meta: MetaFunction = () => [{ title: "Coșul Tău – Ana Nails Academy" }, { name: "robots", content: "noindex" }];
export const headers = privateHeaders;
/** Shown first, scripts right after the first paint (route-handle.ts). */
export const handle = HYDRATE_AFTER_PAINT;

export const ErrorBoundary = errorBoundary("cart");
