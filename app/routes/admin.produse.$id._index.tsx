/** /admin/produse/:id (or /nou) — create or edit a product. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { AdminErrorBoundary } from "~/components/admin/AdminErrorBoundary";
import { ProductEditorPage } from "~/components/admin/ProductPages";
import { productEditorAction, productEditorLoader } from "~/services/admin-product-page.server";

export const loader = (args: LoaderFunctionArgs) => productEditorLoader(args);
export const action = (args: ActionFunctionArgs) => productEditorAction(args);

export default ProductEditorPage;
export const ErrorBoundary = AdminErrorBoundary;
