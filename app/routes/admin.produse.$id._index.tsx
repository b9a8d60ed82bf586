/** /admin/produse/:id (or /nou) — create or edit a product. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { errorBoundary } from "~/components/ErrorState";
import { ProductEditorPage } from "~/routes/+shared/admin-product";
import { productEditorAction, productEditorLoader } from "~/routes/+shared/admin-product.server";

export const loader = (args: LoaderFunctionArgs) => productEditorLoader(args);
export const action = (args: ActionFunctionArgs) => productEditorAction(args);

export default ProductEditorPage;
export const ErrorBoundary = errorBoundary("admin");
