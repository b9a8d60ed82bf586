/**
 * /cont — the account page (SPEC §2): active courses, account information, billing address and
 * invoices, each under its anchor. Login required. Profile and billing edits are plain form
 * posts told apart by `intent`; only the user's own allowed fields can change.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AccountInfoSection } from "~/components/account/AccountInfoSection";
import { BillingSection } from "~/components/account/BillingSection";
import { EnrollmentsSection, type EnrollmentView } from "~/components/account/EnrollmentsSection";
import { InvoicesSection } from "~/components/account/InvoicesSection";
import { ACCOUNT_MESSAGES } from "~/lib/account-messages";
import { privateHeaders } from "~/lib/http";
import { privatePageMeta } from "~/lib/meta";
import { accountSchema, billingSchema } from "~/lib/validation/account";
import { EMAIL_MESSAGES, INVALID_FORM_MESSAGE } from "~/lib/validation/fields";
import { OrdersList } from "~/components/account/OrdersList";
import { listEnrollmentsForUser } from "~/models/enrollment.server";
import { listOrdersForUser } from "~/models/order.server";
import { requireUser } from "~/models/session.server";
import { EmailTakenError, updateAccount, updateBillingAddress } from "~/models/user.server";
import { log } from "~/services/log.server";
import { redirectWithToast } from "~/services/toast.server";

type EditMode = "account" | "billing" | null;

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const edit = new URL(request.url).searchParams.get("edit");
  let enrollments: EnrollmentView[] | null = null;
  try {
    enrollments = (await listEnrollmentsForUser(user.id)).map((e) => ({
      ...e,
      enrolledAt: e.enrolledAt ? e.enrolledAt.toISOString() : null,
    }));
  } catch (error) {
    log.error("loading enrolments failed", { error, userId: user.id });
  }
  const orders = (await listOrdersForUser(user.id)).map((o) => ({ ...o, createdAt: o.createdAt.toISOString() }));
  return json({
    profile: { email: user.email, name: user.name, phone: user.phone, address: user.address },
    enrollments,
    orders,
    edit: (edit === "account" || edit === "billing" ? edit : null) as EditMode,
  });
}

export async function action({ request }: ActionFunctionArgs) {
  // requireUser also refuses a cross-site post (Origin check) before anything is read.
  const user = await requireUser(request);
  const formData = await request.formData();
  const intent: "account" | "billing" = formData.get("intent") === "billing" ? "billing" : "account";

  if (intent === "billing") {
    const submission = parseWithZod(formData, { schema: billingSchema });
    if (submission.status !== "success") {
      return json({ intent, result: submission.reply({ formErrors: [INVALID_FORM_MESSAGE] }) }, { status: 400 });
    }
    try {
      await updateBillingAddress(user.id, submission.value.address);
    } catch (error) {
      log.error("billing address update failed", { error, userId: user.id });
      return json({ intent, result: submission.reply({ formErrors: [ACCOUNT_MESSAGES.updateFailed] }) }, { status: 500 });
    }
    return redirectWithToast("/cont#adresa-facturare", { message: ACCOUNT_MESSAGES.updateSuccess });
  }

  const submission = parseWithZod(formData, { schema: accountSchema });
  if (submission.status !== "success") {
    return json({ intent, result: submission.reply({ formErrors: [INVALID_FORM_MESSAGE] }) }, { status: 400 });
  }
  try {
    await updateAccount(user.id, submission.value);
  } catch (error) {
    if (error instanceof EmailTakenError) {
      return json({ intent, result: submission.reply({ fieldErrors: { email: [EMAIL_MESSAGES.taken] } }) }, { status: 409 });
    }
    log.error("account update failed", { error, userId: user.id });
    return json({ intent, result: submission.reply({ formErrors: [ACCOUNT_MESSAGES.updateFailed] }) }, { status: 500 });
  }
  return redirectWithToast("/cont#informatii-cont", { message: ACCOUNT_MESSAGES.updateSuccess });
}

function firstName(name: string) {
  return name.trim().split(/\s+/)[0] || name;
}

export default function AccountPage() {
  const { profile, enrollments, orders, edit } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  // A rejected save keeps its form open, whatever the URL says.
  const editing: EditMode = actionData?.intent ?? (edit === "account" || edit === "billing" ? edit : null);

  return (
    <main className="page container account">
      <header className="account__header">
        <p className="eyebrow">Contul meu</p>
        <h1>Bună, {firstName(profile.name)}!</h1>
        <nav className="account__nav" aria-label="Secțiunile contului">
          <a href="#cursuri-active">Cursurile mele</a>
          <a href="#informatii-cont">Informații cont</a>
          <a href="#adresa-facturare">Adresa de facturare</a>
          <a href="#facturi">Facturi</a>
        </nav>
      </header>
      <div className="account__sections">
        <EnrollmentsSection enrollments={enrollments} />
        <AccountInfoSection
          profile={profile}
          editing={editing === "account"}
          lastResult={actionData?.intent === "account" ? actionData.result : null}
        />
        <BillingSection
          address={profile.address}
          editing={editing === "billing"}
          lastResult={actionData?.intent === "billing" ? actionData.result : null}
        />
        <InvoicesSection>{orders.length > 0 ? <OrdersList orders={orders} /> : undefined}</InvoicesSection>
      </div>
    </main>
  );
}

export const meta: MetaFunction = ({ matches }) => privatePageMeta(matches, "Contul meu");
export const headers = privateHeaders;
