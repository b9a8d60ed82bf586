/**
 * A media field of an admin form: the stored key in a hidden input, what is there now (image
 * preview or file link), and a file input.
 * - Without JavaScript the file input (`file:<field>`) goes with the multipart post and the
 *   action stores the file and puts its key in the field.
 * - With JavaScript choosing a file uploads it at once, straight to storage, with a progress
 *   bar (percent, speed, cancel); the key then goes into the hidden input and the file input is
 *   cleared, so the post carries only the key.
 * Either way the server's proof that the stored file was checked rides along in a hidden
 * `uploadProof` field, so saving (or re-posting after an error) does not check it again.
 * "Elimină fișierul" empties the field (a conform update intent: a plain post without JS).
 */
import { getInputProps, type FieldMetadata, type FormMetadata } from "@conform-to/react";
import { useEffect, useRef, useState } from "react";
import { FieldErrors } from "~/components/ui/Field";
import { useHydrated } from "~/components/ui/useHydrated";
import type { StorageFolder } from "~/lib/storage-keys";
import { ACCEPT_ATTRIBUTE, isAcceptedType, UPLOAD_MESSAGES, UPLOAD_PROOF_FIELD, type UploadKind } from "~/lib/upload-rules";
import { directUpload, formatSpeed, type UploadProgress } from "./direct-upload";

type AnyField = FieldMetadata<string | undefined, Record<string, unknown>, string[]>;

const KIND_HINTS: Record<UploadKind, string> = {
  image: "Imagine JPEG, PNG, WebP sau AVIF",
  video: "Video MP4 sau WebM",
  pdf: "Document PDF",
  captions: "Subtitrări WebVTT (.vtt, UTF-8; prima linie „WEBVTT”, timpi de forma 00:00:01.000 --> 00:00:04.000)",
};
const KIND_ICONS: Record<UploadKind, string> = { image: "IMG", video: "▶", pdf: "PDF", captions: "CC" };

/** "videos/1712345678901_lectie-1.mp4" → "lectie-1.mp4". */
export function fileNameOfKey(key: string): string {
  const name = key.slice(key.indexOf("/") + 1);
  return name.replace(/^[0-9]+_/, "");
}

export function MediaField({
  form,
  meta,
  kind,
  folder,
  label,
  limit,
  maxBytes,
  formLimit,
  urls,
  proofs,
  onUploaded,
  onBusyChange,
}: {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  form: FormMetadata<any, string[]>;
  meta: AnyField;
  kind: UploadKind;
  folder: StorageFolder;
  label: string;
  /** "10 MB" */
  limit: string;
  maxBytes: number;
  /** Without JavaScript the whole post is capped ("50 MB"): UPLOAD_MAX_FORM_MB. */
  formLimit?: string;
  /** Signed URLs of stored keys, for previews and links. */
  urls: Record<string, string>;
  /** Proofs (key → `key:signature`) that stored keys were checked, from the last post. */
  proofs?: Record<string, string>;
  onUploaded?: (file: File, key: string) => void;
  onBusyChange?: (busy: boolean) => void;
}) {
  const hydrated = useHydrated();
  const key = typeof meta.value === "string" ? meta.value : "";
  const { fileInput, abort, progress, error, localPreview, uploaded, upload } = useDirectUpload({ form, meta, kind, folder, maxBytes, hydrated, onUploaded, onBusyChange });
  const busy = progress !== null;

  const { key: inputKey, ...hiddenProps } = getInputProps(meta, { type: "hidden" });
  const url = key ? (localPreview?.key === key ? localPreview.url : urls[key]) : undefined;
  const proof = key ? (uploaded?.key === key ? uploaded.proof : proofs?.[key]) : undefined;
  const errors = [...(meta.errors ?? []), ...(error ? [error] : [])];
  const fileId = `${meta.id}-file`;
  const hintId = `${meta.id}-hint`;

  return (
    <div className="media-field" data-kind={kind}>
      <label className="field__label" htmlFor={fileId}>
        {label}
      </label>
      <input key={inputKey} {...hiddenProps} />
      {proof ? <input type="hidden" name={UPLOAD_PROOF_FIELD} value={proof} /> : null}
      <MediaCurrent form={form} meta={meta} kind={kind} fileKey={key} url={url} busy={busy} />
      <input
        ref={fileInput}
        id={fileId}
        type="file"
        name={`file:${meta.name}`}
        accept={ACCEPT_ATTRIBUTE[kind]}
        className="media-field__input"
        aria-describedby={`${hintId} ${meta.errorId}`}
        disabled={busy}
        onChange={
          hydrated
            ? (event) => {
                const file = event.currentTarget.files?.[0];
                if (file) void upload(file);
              }
            : undefined
        }
      />
      <p id={hintId} className="field__hint">
        {KIND_HINTS[kind]}, maximum {limit}.
        {hydrated
          ? " Fișierul se încarcă imediat după ce îl alegi."
          : ` Fișierul se încarcă la salvare${formLimit ? ` (fără JavaScript, cel mult ${formLimit} pe formular)` : ""}.`}
      </p>
      {progress ? <UploadProgressBar progress={progress} label={label} onCancel={() => abort.current?.abort()} /> : null}
      <FieldErrors id={meta.errorId} errors={errors.length ? errors : undefined} />
    </div>
  );
}

/**
 * The browser's direct upload of one media field: checks type and size, uploads with progress
 * (cancellable), sets the field to the stored key, keeps the proof that the server checked it.
 */
function useDirectUpload({
  form,
  meta,
  kind,
  folder,
  maxBytes,
  hydrated,
  onUploaded,
  onBusyChange,
}: {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  form: FormMetadata<any, string[]>;
  meta: AnyField;
  kind: UploadKind;
  folder: StorageFolder;
  maxBytes: number;
  hydrated: boolean;
  onUploaded?: (file: File, key: string) => void;
  onBusyChange?: (busy: boolean) => void;
}) {
  const fileInput = useRef<HTMLInputElement>(null);
  const abort = useRef<AbortController | null>(null);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [localPreview, setLocalPreview] = useState<{ key: string; url: string } | null>(null);
  const [uploaded, setUploaded] = useState<{ key: string; proof: string } | null>(null);

  useEffect(() => () => abort.current?.abort(), []);
  useEffect(() => () => {
    if (localPreview) URL.revokeObjectURL(localPreview.url);
  }, [localPreview]);

  async function upload(file: File) {
    setError(null);
    if (!isAcceptedType(kind, file.type)) return setError(UPLOAD_MESSAGES.wrongType[kind]);
    if (file.size > maxBytes) return setError(UPLOAD_MESSAGES.tooLarge(maxBytes));
    if (file.size === 0) return setError(UPLOAD_MESSAGES.empty);
    const controller = new AbortController();
    abort.current = controller;
    setProgress({ loaded: 0, total: file.size, percent: 0, bytesPerSecond: 0 });
    onBusyChange?.(true);
    try {
      const { key: stored, proof } = await directUpload(file, folder, controller.signal, setProgress);
      if (proof) setUploaded({ key: stored, proof });
      form.update({ name: meta.name, value: stored });
      if (kind === "image") setLocalPreview({ key: stored, url: URL.createObjectURL(file) });
      onUploaded?.(file, stored);
    } catch (cause) {
      setError(cause instanceof DOMException && cause.name === "AbortError" ? UPLOAD_MESSAGES.cancelled : cause instanceof Error ? cause.message : UPLOAD_MESSAGES.failed);
    } finally {
      abort.current = null;
      setProgress(null);
      onBusyChange?.(false);
      if (fileInput.current) fileInput.current.value = "";
    }
  }

  // A file picked before JavaScript took over the page (slow connection) is still in the input:
  // upload it now, as if it had been picked just now.
  const adoptEarlyFile = useRef<((file: File) => void) | null>(null);
  adoptEarlyFile.current = (file) => void upload(file);
  useEffect(() => {
    const early = hydrated ? fileInput.current?.files?.[0] : undefined;
    if (early) adoptEarlyFile.current?.(early);
  }, [hydrated]);


  return { fileInput, abort, progress, error, localPreview, uploaded, upload };
}

/** The stored file of a media field: preview or icon, link, "Elimină fișierul". */
function MediaCurrent({
  form,
  meta,
  kind,
  fileKey,
  url,
  busy,
}: {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  form: FormMetadata<any, string[]>;
  meta: AnyField;
  kind: UploadKind;
  fileKey: string;
  url: string | undefined;
  busy: boolean;
}) {
  return (
    <div className="media-field__current">
      {fileKey ? (
        <>
          {kind === "image" && url ? (
            <img className="media-field__preview" src={url} alt="" width={120} height={80} />
          ) : (
            <span className="media-field__icon" aria-hidden="true">
              {KIND_ICONS[kind]}
            </span>
          )}
          <span className="media-field__name">
            {url ? (
              <a href={url} target="_blank" rel="noreferrer">
                {fileNameOfKey(fileKey)}
              </a>
            ) : (
              fileNameOfKey(fileKey)
            )}
            <span className="muted"> · încărcat</span>
          </span>
          <button {...form.update.getButtonProps({ name: meta.name, value: "" })} className="button button--link button--small" disabled={busy}>
            Elimină fișierul
          </button>
        </>
      ) : (
        <span className="muted">Niciun fișier încărcat.</span>
      )}
    </div>
  );
}

function UploadProgressBar({ progress, label, onCancel }: { progress: UploadProgress; label: string; onCancel: () => void }) {
  return (
    <div className="upload-progress" data-testid="upload-progress">
      <div
        className="upload-progress__track"
        role="progressbar"
        aria-label={`Se încarcă: ${label}`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress.percent}
      >
        <div className="upload-progress__bar" style={{ width: `${progress.percent}%` }} />
      </div>
      <p className="upload-progress__text">
        <span>
          {progress.percent}% · {formatSpeed(progress.bytesPerSecond)}
        </span>
        <button type="button" className="button button--link button--small" onClick={onCancel}>
          Anulează
        </button>
      </p>
    </div>
  );
}
