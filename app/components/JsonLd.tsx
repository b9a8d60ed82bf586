/**
 * Structured data (schema.org) as a JSON data block. The JSON is escaped so it cannot end the
 * script element, and the element carries the CSP nonce like every other script.
 */
import { useNonce } from "~/components/nonce";
import { jsonLdText } from "~/lib/seo";

export function JsonLd({ data }: { data: unknown }) {
  const nonce = useNonce();
  return (
    <script
      type="application/ld+json"
      nonce={nonce}
      suppressHydrationWarning
      // The text is JSON.stringify output with <, > and & escaped (see jsonLdText).
      dangerouslySetInnerHTML={{ __html: jsonLdText(data) }}
    />
  );
}
