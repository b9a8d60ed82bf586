/** POST /api/admin/upload/load-url {key} → {url}: a short-lived signed address of any stored file (admins). */
import { loadUrlBody } from "~/lib/api/schemas";
import { isValidStorageKey } from "~/lib/storage-keys";
import { apiAdmin, apiError, apiRoute, jsonResponse, readJson } from "~/routes/+shared/api/http.server";
import { getStorage, URL_LIFETIMES } from "~/services/storage.server";

export const { loader, action } = apiRoute({
  POST: async ({ request }) => {
    await apiAdmin(request);
    const { key } = await readJson(request, loadUrlBody);
    if (!isValidStorageKey(key)) return apiError(400, "Cheie de fișier invalidă.");
    return jsonResponse({ url: await getStorage().getUrl(key, URL_LIFETIMES.lessonPdf) });
  },
}, { guard: "admin" });
