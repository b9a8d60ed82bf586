/** /admin/produse — products with publish/unpublish, Modifică, Elimina and a create button. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { errorBoundary } from "~/components/ErrorState";
import { ProductListPage } from "~/routes/+shared/admin-product";
import { productListAction, productListLoader } from "~/routes/+shared/admin-product.server";

export const loader = (args: LoaderFunctionArgs) => productListLoader(args);
export const action = (args: ActionFunctionArgs) => productListAction(args);

export default ProductListPage;
export const ErrorBoundary = errorBoundary("admin");
