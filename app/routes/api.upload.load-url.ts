/**
 * POST /api/upload/load-url {key} → {url}: the address of a catalogue image (folders courses/
 * and products/: public anyway). Lesson videos and PDFs are served only through the player's
 * checked addresses (GET /api/online-lessons/{id}/lessons): 403 here; admins use
 * /api/admin/upload/load-url.
 */
import { loadUrlBody } from "~/lib/api/schemas";
import { isValidStorageKey } from "~/lib/storage-keys";
import { apiError, apiRoute, jsonResponse, readJson } from "~/routes/+shared/api/http.server";
import { imageUrl } from "~/services/storage.server";

export const { loader, action } = apiRoute({
  POST: async ({ request }) => {
    const { key } = await readJson(request, loadUrlBody);
    if (!isValidStorageKey(key)) return apiError(400, "Cheie de fișier invalidă.");
    if (!key.startsWith("courses/") && !key.startsWith("products/")) return apiError(403, "Fișierele lecțiilor se deschid din lecție.");
    return jsonResponse({ url: await imageUrl(key) });
  },
});
