/**
 * The composition root's wiring: the adapters in services/ that need a domain rule get it here
 * instead of importing models (docs/architecture.md §3, "What may import what"). Called when the
 * server build is imported (entry.server.tsx, every time: `remix dev` imports each rebuild
 * afresh) and by the integration tests' setup. Synchronous, no I/O.
 */
import { renderMailAttachments } from "~/models/mail-attachments.server";
import { referencedKeys, removeUnusedMedia } from "~/models/media.server";
import { recordMediaType } from "~/models/media-type.server";
import { setAttachmentRenderer } from "~/services/mail-outbox.server";
import { setUploadMediaRecords } from "~/services/uploads.server";

export function composeApp(): void {
  // A queued mail's invoice PDF is rendered by whichever process sends it (also after a restart).
  setAttachmentRenderer(renderMailAttachments);
  setUploadMediaRecords({ referencedKeys, removeUnusedMedia, recordMediaType });
}
