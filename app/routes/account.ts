/** /account (docs/product.md route table): the account page lives at /cont. */
import { redirect } from "@remix-run/node";

export function loader() {
  return redirect("/cont", 301);
}
