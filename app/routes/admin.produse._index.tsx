/** /admin/produse — products with publish/unpublish, Modifică, Elimina and a create button. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { AdminErrorBoundary } from "~/components/admin/AdminErrorBoundary";
import { ProductListPage } from "~/components/admin/ProductPages";
import { productListAction, productListLoader } from "~/services/admin-product-page.server";

export const loader = (args: LoaderFunctionArgs) => productListLoader(args);
export const action = (args: ActionFunctionArgs) => productListAction(args);

export default ProductListPage;
export const ErrorBoundary = AdminErrorBoundary;
