/** /admin/produse/:id/sterge — delete confirmation step (works without JavaScript). */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { errorBoundary } from "~/components/ErrorState";
import { ProductDeletePage } from "~/routes/+shared/admin-product";
import { productDeleteAction, productDeleteLoader } from "~/routes/+shared/admin-product.server";

export const loader = (args: LoaderFunctionArgs) => productDeleteLoader(args);
export const action = (args: ActionFunctionArgs) => productDeleteAction(args);

export default ProductDeletePage;
export const ErrorBoundary = errorBoundary("admin");
