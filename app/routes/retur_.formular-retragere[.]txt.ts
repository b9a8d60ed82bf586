/**
 * GET /retur/formular-retragere.txt — the model withdrawal form (OUG nr. 34/2014 anexa nr. 2)
 * with the business's details filled in, as a UTF-8 text download. Public; linked from /retur.
 */
import { getConfig } from "~/config.server";
import { contentDisposition } from "~/lib/http-range";
import { WITHDRAWAL_FORM_FILE, withdrawalFormText } from "~/lib/withdrawal-form";

export function loader() {
  // A byte-order mark so that Notepad and older editors read the diacritics as UTF-8.
  const body = `\uFEFF${withdrawalFormText(getConfig().business)}`;
  return new Response(body, {
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Content-Disposition": contentDisposition(`${WITHDRAWAL_FORM_FILE}.txt`),
      "Cache-Control": "public, max-age=3600",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
