/**
 * Loaders and actions of the Produse tab: list (with publish/unpublish), editor, delete step.
 * requireAdmin first in each.
 */
import type { SubmissionResult } from "@conform-to/react";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { parseId } from "~/lib/ids";
import { readIntent } from "~/lib/intent";
import { SHORT_TOAST } from "~/lib/toast";
import { UPLOAD_MESSAGES } from "~/lib/upload-rules";
import { COURSE_FORM_MESSAGES } from "~/lib/validation/admin-course";
import { newProductFormValue, PRODUCT_MESSAGES, productFormSchema, productToFormValue, toProductInput } from "~/lib/validation/admin-product";
import { removeUnusedMedia } from "~/models/media.server";
import { deleteProduct, getProductForAdmin, listProductsForAdmin, productReferenceWarning, saveProduct, setProductPublished } from "~/models/product.server";
import { requireAdmin } from "~/models/session.server";
import { catalogueImage } from "~/services/images.server";
import { log } from "~/log.server";
import { imageUrl } from "~/services/storage.server";
import { redirectWithToast } from "~/services/toast.server";
import { maxBytesFor, productFileTarget, proofsToKeep, readAdminForm, readUploadProofs, uploadLimits, verifyFormMedia } from "~/services/uploads.server";
import { formConstraint, parseForm, readFormData } from "~/lib/form-input";
import { rethrowIfUnavailable } from "~/services/unavailable.server";

export const PRODUCTS_PATH = "/admin/produse";

export async function productListLoader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  try {
    const products = await listProductsForAdmin();
    const images = await Promise.all(products.map((p) => catalogueImage(p.imageKey)));
    return { error: null as string | null, products: products.map((p, i) => ({ ...p, image: images[i] })) };
  } catch (error) {
    rethrowIfUnavailable(error);
    log.error("admin: loading products failed", { error: String(error) });
    return data({ error: COURSE_FORM_MESSAGES.loadFailed as string | null, products: [] }, { status: 500 });
  }
}

/** Publish / unpublish from the list (intent + id). */
export async function productListAction({ request }: ActionFunctionArgs) {
  await requireAdmin(request);
  const form = await readFormData(request);
  const id = parseId(String(form.get("id") ?? ""));
  const intent = readIntent(form, ["publish", "unpublish"]);
  if (!id || !intent) return redirect(PRODUCTS_PATH);
  try {
    const found = await setProductPublished(id, intent === "publish");
    if (!found) return redirectWithToast(PRODUCTS_PATH, { ...SHORT_TOAST, type: "error", message: "Produsul nu există." });
    return redirectWithToast(PRODUCTS_PATH, { ...SHORT_TOAST, message: intent === "publish" ? PRODUCT_MESSAGES.published : PRODUCT_MESSAGES.unpublished });
  } catch (error) {
    rethrowIfUnavailable(error);
    log.error("admin: publishing a product failed", { error: String(error) });
    return redirectWithToast(PRODUCTS_PATH, { ...SHORT_TOAST, type: "error", message: PRODUCT_MESSAGES.saveFailed });
  }
}

function editorId(param: string | undefined): number | null {
  if (param === "nou") return null;
  const id = parseId(param);
  if (!id) throw new Response("Produsul nu există.", { status: 404 });
  return id;
}

async function urlFor(key: string | null | undefined): Promise<Record<string, string>> {
  if (!key) return {};
  // outage-safe: a storage URL: no database
  const url = await imageUrl(key).catch(() => null);
  return url ? { [key]: url } : {};
}

export async function productEditorLoader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const id = editorId(params.id);
  const uploads = { limit: uploadLimits().image, maxBytes: maxBytesFor("image"), formLimit: uploadLimits().form };
  if (id === null) return { productId: null as number | null, version: "new", title: null as string | null, defaultValue: newProductFormValue as Record<string, unknown>, urls: {} as Record<string, string>, uploads, priceWarning: null as string | null, constraint: formConstraint(productFormSchema) };
  const product = await getProductForAdmin(id);
  if (!product) throw new Response("Produsul nu există.", { status: 404 });
  const [urls, priceWarning] = await Promise.all([urlFor(product.imageKey), productReferenceWarning(product.id)]);
  return { productId: product.id as number | null, version: product.updatedAt.toISOString(), title: product.title as string | null, defaultValue: productToFormValue(product) as Record<string, unknown>, urls, uploads, priceWarning, constraint: formConstraint(productFormSchema) };
}

export interface ProductActionData {
  result: SubmissionResult<string[]> | null;
  formError: string | null;
  urls: Record<string, string>;
  /** Proofs that uploaded keys were checked (hidden fields), so the next post does not check them again. */
  proofs: Record<string, string>;
}

export async function productEditorAction({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const id = editorId(params.id);
  const { formData, uploadErrors, storedKeys, tooLarge } = await readAdminForm(request, productFileTarget);
  if (tooLarge) return data<ProductActionData>({ result: null, formError: UPLOAD_MESSAGES.formTooLarge(uploadLimits().form), urls: {}, proofs: {} }, { status: 413 });
  const submission = parseForm(formData, { schema: productFormSchema });
  const posted = String(formData.get("imageKey") ?? "");
  const urls = await urlFor(posted || null);
  const postedProofs = readUploadProofs(formData);
  if (submission.status !== "success" || Object.keys(uploadErrors).length > 0) {
    const proofs = await proofsToKeep(posted ? [posted] : [], storedKeys, postedProofs);
    return data<ProductActionData>({ result: submission.reply({ fieldErrors: uploadErrors }), formError: null, urls, proofs }, { status: submission.status === "error" || Object.keys(uploadErrors).length ? 400 : 200 });
  }
  const before = id === null ? null : await getProductForAdmin(id);
  if (id !== null && !before) throw new Response("Produsul nu există.", { status: 404 });
  const key = submission.value.imageKey;
  // A key new for this product is checked once per stored file (a valid proof says it was).
  const media = await verifyFormMedia(key ? [{ name: "imageKey", key }] : [], { known: new Set([...storedKeys, before?.imageKey ?? ""]), proofs: postedProofs });
  const proofs = { ...(await proofsToKeep(storedKeys, storedKeys, postedProofs)), ...media.proofs };
  if (Object.keys(media.errors).length > 0) {
    return data<ProductActionData>({ result: submission.reply({ fieldErrors: media.errors }), formError: null, urls, proofs }, { status: 400 });
  }
  try {
    const saved = await saveProduct(id, toProductInput(submission.value), admin.id);
    if (!saved) throw new Response("Produsul nu există.", { status: 404 });
    if (saved.previousImage) await removeUnusedMedia([saved.previousImage]);
    // Saved either way; a struck-through price that is not the 30-day lowest is said at once (and on the editor).
    const priceWarning = await productReferenceWarning(saved.id);
    const message = saved.created ? PRODUCT_MESSAGES.created : PRODUCT_MESSAGES.updated;
    return redirectWithToast(`${PRODUCTS_PATH}/${saved.id}`, priceWarning ? { type: "info", message: `${message} ${priceWarning}` } : { ...SHORT_TOAST, message });
  } catch (error) {
    rethrowIfUnavailable(error);
    if (error instanceof Response) throw error;
    log.error("admin: saving a product failed", { error: String(error) });
    return data<ProductActionData>({ result: submission.reply(), formError: PRODUCT_MESSAGES.saveFailed, urls, proofs }, { status: 500 });
  }
}

export async function productDeleteLoader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const id = parseId(params.id);
  const product = id ? await getProductForAdmin(id) : null;
  if (!product) throw new Response("Produsul nu există.", { status: 404 });
  return { product: { id: product.id, title: product.title, subtitle: product.subtitle } };
}

export async function productDeleteAction({ request, params }: ActionFunctionArgs) {
  await requireAdmin(request);
  const id = parseId(params.id);
  if (!id) throw new Response("Produsul nu există.", { status: 404 });
  const form = await readFormData(request);
  if (form.get("intent") !== "delete") return redirect(PRODUCTS_PATH);
  try {
    const deleted = await deleteProduct(id);
    if (!deleted) return redirectWithToast(PRODUCTS_PATH, { ...SHORT_TOAST, type: "error", message: PRODUCT_MESSAGES.deleteFailed });
    if (deleted.imageKey) await removeUnusedMedia([deleted.imageKey]);
    return redirectWithToast(PRODUCTS_PATH, { ...SHORT_TOAST, message: PRODUCT_MESSAGES.deleted });
  } catch (error) {
    rethrowIfUnavailable(error);
    log.error("admin: deleting a product failed", { error: String(error) });
    return redirectWithToast(PRODUCTS_PATH, { ...SHORT_TOAST, type: "error", message: PRODUCT_MESSAGES.deleteFailed });
  }
}
