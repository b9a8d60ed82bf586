/** /admin/produse/:id/sterge — delete confirmation step (works without JavaScript). */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { AdminErrorBoundary } from "~/components/admin/AdminErrorBoundary";
import { ProductDeletePage } from "~/components/admin/ProductPages";
import { productDeleteAction, productDeleteLoader } from "~/services/admin-product-page.server";

export const loader = (args: LoaderFunctionArgs) => productDeleteLoader(args);
export const action = (args: ActionFunctionArgs) => productDeleteAction(args);

export default ProductDeletePage;
export const ErrorBoundary = AdminErrorBoundary;
