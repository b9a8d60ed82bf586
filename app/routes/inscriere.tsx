/** /inscriere — legal page (docs/product.md §2 "Legal pages"); the view is shared by the six legal routes. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { errorBoundary } from "~/components/ErrorState";
import { LegalPage, legalHandle, legalMeta } from "~/routes/+shared/legal-page";
import { legalAction, legalLoader } from "~/routes/+shared/legal-page.server";

export const loader = (args: LoaderFunctionArgs) => legalLoader("/inscriere", args);
/** Admins edit the page inline (requireAdmin first). */
export const action = (args: ActionFunctionArgs) => legalAction("/inscriere", args);

export default LegalPage;
export const meta = legalMeta;
export const ErrorBoundary = errorBoundary("legal");
export const handle = legalHandle;
