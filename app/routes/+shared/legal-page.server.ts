/**
 * Loader and action shared by the six legal pages (docs/product.md §2 Legal pages, §4): everyone reads;
 * an admin also gets "Modifică" (or "Creează pagina" when the page is missing) and, with
 * `?editeaza=1`, the inline editor. Saving is a plain form post: add/remove section buttons are
 * conform list intents that come back with the updated form; "Salvează" drops blank sections
 * and creates (first time) or updates the page, recording the admin in `updatedBy`.
 */
import type { SubmissionResult } from "@conform-to/react";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { legalPages } from "~/components/layout/nav";
import { SHORT_TOAST } from "~/lib/toast";
import { cleanSections, TERMS_MESSAGES, termsFormSchema } from "~/lib/validation/terms";
import { getUser, requireAdmin } from "~/models/session.server";
import { legalPageData, saveTermsPage } from "~/models/terms.server";
import { log } from "~/log.server";
import { redirectWithToast } from "~/services/toast.server";
import { formConstraint, parseForm, readFormData } from "~/lib/form-input";
import { rethrowIfUnavailable } from "~/services/unavailable.server";

type LegalPath = (typeof legalPages)[number]["to"];

function pageFor(path: LegalPath) {
  const page = legalPages.find((p) => p.to === path);
  if (!page) throw new Error(`Unknown legal page ${path}`);
  return page;
}

export async function legalLoader(path: LegalPath, { request }: LoaderFunctionArgs) {
  const page = pageFor(path);
  const [user, { data: content, status }] = await Promise.all([getUser(request), legalPageData(page)]);
  const canEdit = user?.role === "admin";
  const editing = canEdit && new URL(request.url).searchParams.get("editeaza") === "1";
  return data({ ...content, canEdit, editing, constraint: editing ? formConstraint(termsFormSchema) : undefined }, { status });
}

export interface LegalActionData {
  result: SubmissionResult<string[]>;
  error: string | null;
}

export async function legalAction(path: LegalPath, { request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const page = pageFor(path);
  const formData = await readFormData(request);
  const creating = formData.get("mode") === "create";
  const submission = parseForm(formData, { schema: termsFormSchema });
  if (submission.status !== "success") {
    return data<LegalActionData>({ result: submission.reply(), error: null }, { status: submission.status === "error" ? 400 : 200 });
  }
  try {
    const { created } = await saveTermsPage(page.key, cleanSections(submission.value.sections), admin.id);
    return redirectWithToast(page.to, { ...SHORT_TOAST, message: created ? TERMS_MESSAGES.created : TERMS_MESSAGES.saved });
  } catch (error) {
    rethrowIfUnavailable(error);
    log.error("admin: saving a legal page failed", { page: page.key, error: String(error) });
    return data<LegalActionData>(
      { result: submission.reply(), error: creating ? TERMS_MESSAGES.createFailed : TERMS_MESSAGES.saveFailed },
      { status: 500 },
    );
  }
}
