/**
 * /cont — the account page (docs/product.md §2): active courses, account information, billing address and
 * invoices, each under its anchor. Login required. Profile, password and billing edits are plain
 * form posts told apart by `intent`; only the user's own allowed fields can change. Changing the
 * e-mail or the password needs the current password (a stolen session alone cannot take the
 * account over); wrong current passwords count against the login limits.
 */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AccountInfoSection } from "~/components/account/AccountInfoSection";
import { BillingSection } from "~/components/account/BillingSection";
import { DataSection } from "~/components/account/DataSection";
import { EnrollmentsSection, WaitlistSection, type EnrollmentView } from "~/components/account/EnrollmentsSection";
import { InvoicesSection } from "~/components/account/InvoicesSection";
import { PasswordSection } from "~/components/account/PasswordSection";
import { ACCOUNT_MESSAGES } from "~/lib/account-messages";
import { privateHeaders } from "~/lib/http";
import { privatePageMeta } from "~/lib/meta";
import { EMAIL_MESSAGES, INVALID_FORM_MESSAGE } from "~/lib/validation/field-rules";
import { OrdersList } from "~/components/account/OrdersList";
import { listEnrollmentsForUser, waitlistEntriesForUser } from "~/models/enrollment.server";
import { listOrdersForUser } from "~/models/order.server";
import { InvoicesList } from "~/components/account/InvoicesList";
import { accountInvoices, updateBillingDetails } from "~/models/invoice-views.server";
import { requireUser, type SessionUser } from "~/models/session.server";
import { changePassword, EmailTakenError, setMarketingOptIn, updateAccount } from "~/models/user.server";
import { refuseWrongPassword } from "~/routes/+shared/current-password.server";
import {
  accountSchema,
  billingSchema,
  BUYER_MESSAGES,
  buyerDetailsOf,
  CHANGE_MESSAGES,
  marketingPreferenceSchema,
  passwordChangeSchema,
  postalDefaults,
  postalOf,
} from "~/routes/+shared/form-schemas.server";
import { pickupAddress } from "~/routes/+shared/cart-delivery-page.server";
import { log } from "~/log.server";
import { personalData } from "~/services/personal-cache.server";
import { redirectWithToast } from "~/services/toast.server";
import { errorBoundary } from "~/components/ErrorState";
import { formConstraint, parseForm, readFormData } from "~/lib/form-input";
import { readIntent } from "~/lib/intent";
import { HYDRATE_AFTER_PAINT } from "~/lib/route-handle";
import { rethrowIfUnavailable } from "~/services/unavailable.server";
import { postalOfColumns } from "~/lib/address";
import { isValidCui } from "~/lib/fiscal-ids";
import { lookupCompany, VAT_LOOKUP_MESSAGES } from "~/services/anaf-vat-lookup.server";

type EditMode = "account" | "billing" | "password" | null;

/** The three forms' HTML attributes (required, maxLength…), computed once per process. */
let constraints: Record<Intent, ReturnType<typeof formConstraint>> | undefined;
function formConstraints() {
  constraints ??= {
    account: formConstraint(accountSchema),
    password: formConstraint(passwordChangeSchema),
    billing: formConstraint(billingSchema),
  };
  return constraints;
}
type Intent = "account" | "billing" | "password";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const edit = new URL(request.url).searchParams.get("edit");
  // Each read is kept for the user's data version (services/personal-cache.server.ts).
  let enrollments: EnrollmentView[] | null = null;
  try {
    enrollments = await personalData(user, "cont:enrollments", async () =>
      (await listEnrollmentsForUser(user.id)).map((e) => ({ ...e, enrolledAt: e.enrolledAt ? e.enrolledAt.toISOString() : null })),
    );
  } catch (error) {
    rethrowIfUnavailable(error);
    log.error("loading enrolments failed", { error, userId: user.id });
  }
  const orders = await personalData(user, "cont:orders", async () =>
    (await listOrdersForUser(user.id)).map(({ delivery: d, ...o }) => {
      const delivery = d ? { ...d, pickupAddress: d.kind === "pickup" ? pickupAddress() : null } : null;
      return { ...o, createdAt: o.createdAt.toISOString(), delivery };
    }),
  );
  const invoiceData = await personalData(user, "cont:invoices", () => accountInvoices(user.id));
  const waitlist = await personalData(user, "cont:waitlist", () => waitlistEntriesForUser(user.id));
  return {
    ...invoiceData,
    profile: { email: user.email, name: user.name, phone: user.phone, address: user.address },
    postal: postalDefaults(postalOfColumns(user)),
    buyer: buyerDetailsOf(user),
    marketing: user.marketingOptIn,
    enrollments,
    waitlist,
    orders,
    constraints: formConstraints(),
    edit: (edit === "account" || edit === "billing" || edit === "password" ? edit : null) as EditMode,
  };
}

export async function action({ request }: ActionFunctionArgs) {
  // requireUser also refuses a cross-site post (Origin check) before anything is read.
  const user = await requireUser(request);
  const formData = await readFormData(request);
  // The profile form has no intent button: anything else is the profile.
  // "Completează din ANAF" is a second submit button of the billing form (its hidden intent comes first).
  if (formData.getAll("intent").includes("anaf-lookup")) return lookupBuyer(formData);
  const intent = readIntent(formData, ["billing", "password", "marketing"]) ?? "account";
  switch (intent) {
    case "marketing":
      return saveMarketing(formData, user);
    case "billing":
      return saveBilling(formData, user);
    case "password":
      return savePassword(request, formData, user);
    case "account":
      return saveAccount(request, formData, user);
  }
}

/** "Noutăți pe e-mail": the opt-in given or withdrawn with one click (GDPR art. 7(3)). */
async function saveMarketing(formData: FormData, user: SessionUser) {
  const submission = parseForm(formData, { schema: marketingPreferenceSchema });
  if (submission.status !== "success") {
    return redirectWithToast("/cont#datele-mele", { message: INVALID_FORM_MESSAGE, type: "error" });
  }
  try {
    await setMarketingOptIn(user.id, submission.value.marketing);
  } catch (error) {
    rethrowIfUnavailable(error);
    log.error("saving the marketing opt-in failed", { error, userId: user.id });
    return redirectWithToast("/cont#datele-mele", { message: ACCOUNT_MESSAGES.updateFailed, type: "error" });
  }
  return redirectWithToast("/cont#datele-mele", { message: submission.value.marketing ? ACCOUNT_MESSAGES.marketingOn : ACCOUNT_MESSAGES.marketingOff });
}

async function saveBilling(formData: FormData, user: SessionUser) {
  const intent = "billing" as const;
  const submission = parseForm(formData, { schema: billingSchema });
  if (submission.status !== "success") {
    return data({ intent, result: submission.reply({ formErrors: [INVALID_FORM_MESSAGE] }) }, { status: 400 });
  }
  try {
    await updateBillingDetails(user.id, postalOf(submission.value), buyerDetailsOf(submission.value));
  } catch (error) {
    rethrowIfUnavailable(error);
    log.error("billing address update failed", { error, userId: user.id });
    return data({ intent, result: submission.reply({ formErrors: [ACCOUNT_MESSAGES.updateFailed] }) }, { status: 500 });
  }
  return redirectWithToast("/cont#adresa-facturare", { message: ACCOUNT_MESSAGES.updateSuccess });
}

/**
 * "Completează din ANAF": the CUI typed (check digit verified first) looked up in ANAF's VAT
 * register; the billing form comes back with what was typed and the company's name, Reg. Com.,
 * CUI (RO when VAT registered) and registered office filled in, to check and save. Nothing is saved.
 */
async function lookupBuyer(formData: FormData) {
  const intent = "billing" as const;
  const values: Record<string, string> = {};
  for (const name of BILLING_FIELDS) values[name] = String(formData.get(name) ?? "").trim();
  values.buyerType = "company";
  const stamp = `${Date.now()}`;
  const cui = values.companyCui;
  if (!cui || !isValidCui(cui)) {
    const message = cui ? BUYER_MESSAGES.cuiInvalid : BUYER_MESSAGES.cuiRequired;
    return data({ intent, lookup: { stamp, ok: false, message, values, errors: { companyCui: [message] } } }, { status: 400 });
  }
  const found = await lookupCompany(cui);
  if (!found.ok) return data({ intent, lookup: { stamp, ok: false, message: found.message, values } });
  const { company } = found;
  const filled = {
    ...values,
    companyName: company.name,
    companyCui: company.cui,
    companyRegCom: company.regCom,
    ...postalDefaults(company.address),
  };
  const message = `${VAT_LOOKUP_MESSAGES.found} ${company.vatPayer ? "Firma este plătitoare de TVA (CUI cu RO)." : "Firma nu este plătitoare de TVA."}`;
  return data({ intent, lookup: { stamp, ok: true, message, values: filled } });
}

const BILLING_FIELDS = ["buyerType", "companyName", "companyCui", "companyRegCom", "street", "city", "county", "sector", "postalCode"] as const;

async function savePassword(request: Request, formData: FormData, user: SessionUser) {
  const intent = "password" as const;
  const submission = parseForm(formData, { schema: passwordChangeSchema });
  const hide = { hideFields: ["currentPassword", "newPassword", "confirmPassword"] };
  if (submission.status !== "success") {
    return data({ intent, result: submission.reply({ ...hide, formErrors: [INVALID_FORM_MESSAGE] }) }, { status: 400 });
  }
  const refused = await refuseWrongPassword(request, user, submission.value.currentPassword);
  if (refused) return data({ intent, result: submission.reply({ ...hide, ...refused.reply }) }, { status: refused.status });
  try {
    await changePassword(user, submission.value.newPassword);
  } catch (error) {
    rethrowIfUnavailable(error);
    log.error("password change failed", { error, userId: user.id });
    return data({ intent, result: submission.reply({ ...hide, formErrors: [ACCOUNT_MESSAGES.updateFailed] }) }, { status: 500 });
  }
  return redirectWithToast("/cont#parola", { message: CHANGE_MESSAGES.passwordChanged });
}

async function saveAccount(request: Request, formData: FormData, user: SessionUser) {
  const intent = "account" as const;
  const submission = parseForm(formData, { schema: accountSchema });
  const hide = { hideFields: ["currentPassword"] };
  if (submission.status !== "success") {
    return data({ intent, result: submission.reply({ ...hide, formErrors: [INVALID_FORM_MESSAGE] }) }, { status: 400 });
  }
  if (submission.value.email !== user.email) {
    const password = submission.value.currentPassword;
    if (!password) {
      return data({ intent, result: submission.reply({ ...hide, fieldErrors: { currentPassword: [CHANGE_MESSAGES.currentPasswordForEmail] } }) }, { status: 400 });
    }
    const refused = await refuseWrongPassword(request, user, password);
    if (refused) return data({ intent, result: submission.reply({ ...hide, ...refused.reply }) }, { status: refused.status });
  }
  try {
    await updateAccount(user.id, submission.value, { email: user.email, name: user.name });
  } catch (error) {
    rethrowIfUnavailable(error);
    if (error instanceof EmailTakenError) {
      return data({ intent, result: submission.reply({ fieldErrors: { email: [EMAIL_MESSAGES.taken] } }) }, { status: 409 });
    }
    log.error("account update failed", { error, userId: user.id });
    return data({ intent, result: submission.reply({ formErrors: [ACCOUNT_MESSAGES.updateFailed] }) }, { status: 500 });
  }
  return redirectWithToast("/cont#informatii-cont", { message: ACCOUNT_MESSAGES.updateSuccess });
}

function firstName(name: string) {
  return name.trim().split(/\s+/)[0] || name;
}

export default function AccountPage() {
  const { profile, postal, buyer, enrollments, waitlist, orders, edit, invoices, vatIncluded, constraints, marketing } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  // A rejected save keeps its form open, whatever the URL says.
  const editing: EditMode = actionData?.intent ?? edit;

  return (
    <main className="page container account">
      <header className="account__header">
        <p className="eyebrow">Contul meu</p>
        <h1>Bună, {firstName(profile.name)}!</h1>
        <nav className="account__nav" aria-label="Secțiunile contului">
          <a href="#cursuri-active">Cursurile mele</a>
          <a href="#informatii-cont">Informații cont</a>
          <a href="#parola">Parola</a>
          <a href="#adresa-facturare">Adresa de facturare</a>
          <a href="#facturi">Facturi</a>
          <a href="#datele-mele">Datele mele</a>
        </nav>
      </header>
      <div className="account__sections">
        <EnrollmentsSection enrollments={enrollments} />
        <WaitlistSection entries={waitlist} />
        <AccountInfoSection
          profile={profile}
          editing={editing === "account"}
          constraint={constraints.account}
          lastResult={actionData?.intent === "account" ? actionData.result : null}
        />
        <PasswordSection
          editing={editing === "password"}
          constraint={constraints.password}
          lastResult={actionData?.intent === "password" ? actionData.result : null} />
        <BillingSection
          address={profile.address}
          postal={postal}
          lookup={actionData && "lookup" in actionData ? actionData.lookup : null}
          buyer={buyer}
          editing={editing === "billing"}
          constraint={constraints.billing}
          lastResult={actionData?.intent === "billing" && "result" in actionData ? actionData.result : null}
        />
        <InvoicesSection>
          {invoices.length + orders.length > 0 ? (
            <>
              {invoices.length > 0 ? <InvoicesList invoices={invoices} vatIncluded={vatIncluded} /> : null}
              {orders.length > 0 ? <OrdersList orders={orders} /> : null}
            </>
          ) : undefined}
        </InvoicesSection>
        <DataSection marketing={marketing} />
      </div>
    </main>
  );
}

export const meta: MetaFunction = ({ matches }) => privatePageMeta(matches, "Contul meu");
export const headers = privateHeaders;
/** Shown first, scripts right after the first paint (route-handle.ts). */
export const handle = HYDRATE_AFTER_PAINT;

export const ErrorBoundary = errorBoundary("account");
