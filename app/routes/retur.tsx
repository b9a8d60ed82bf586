/**
 * /retur — legal page (docs/product.md §2 "Legal pages"; the view is shared by the six legal routes), plus
 * the model withdrawal form downloads (OUG nr. 34/2014 anexa nr. 2), shown from code under the
 * admin-editable sections so an edit of the text cannot remove them.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { errorBoundary } from "~/components/ErrorState";
import { WITHDRAWAL_FORM_PATHS } from "~/lib/withdrawal-form";
import { LegalPageView, legalHandle, legalMeta, useLegalAdminSlots } from "~/routes/+shared/legal-page";
import { legalAction, legalLoader } from "~/routes/+shared/legal-page.server";

export const loader = (args: LoaderFunctionArgs) => legalLoader("/retur", args);
/** Admins edit the page inline (requireAdmin first). */
export const action = (args: ActionFunctionArgs) => legalAction("/retur", args);

export default function ReturnsPolicy() {
  const page = useLoaderData<typeof legalLoader>();
  const slots = useLegalAdminSlots(page);
  return (
    <LegalPageView page={page} {...slots}>
      <section className="card card--pad withdrawal-form" aria-labelledby="formular-retragere">
        <h2 id="formular-retragere">Formularul-tip de retragere</h2>
        <p className="muted">
          Modelul din anexa nr. 2 la OUG nr. 34/2014, cu datele noastre completate. Îl poți trimite completat pe e-mail sau prin poștă; folosirea lui
          nu este obligatorie.
        </p>
        <p className="withdrawal-form__links">
          <a href={WITHDRAWAL_FORM_PATHS.pdf} download className="button button--primary button--small" data-testid="withdrawal-form-pdf">
            Descarcă formularul (PDF)
          </a>{" "}
          <a href={WITHDRAWAL_FORM_PATHS.txt} download className="button button--light button--small">
            Descarcă formularul (text)
          </a>
        </p>
      </section>
    </LegalPageView>
  );
}

export const meta = legalMeta;
export const ErrorBoundary = errorBoundary("legal");
export const handle = legalHandle;
