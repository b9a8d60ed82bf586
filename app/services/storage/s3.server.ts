/**
 * The S3-compatible storage backend (AWS S3, Cloudflare R2, MinIO; docs/architecture.md §7), chosen by
 * getStorage() (../storage.server) when S3_BUCKET is set. Reading is by presigned GET URLs (with a fixed signing
 * date rounded to `stableForSeconds`, so the same URL comes back for a while and pages and
 * browsers can cache it); the browser uploads with presigned PUT URLs whose signature binds the
 * key, the content type and the declared size (Content-Length is a signed header, so AWS, R2 and
 * MinIO refuse a body of any other length). Every upload is still checked after the fact (HEAD
 * for the size, a ranged GET for the first bytes) and removed if wrong: the declared type can lie.
 * Ranged GETs also read a video's header where it lies (`readRange`, services/video-duration).
 *
 * `requestChecksumCalculation: "WHEN_REQUIRED"`: newer SDKs otherwise add a CRC32 checksum to
 * presigned PUTs that a browser's plain PUT cannot satisfy (STACK-NOTES).
 */
import { Readable } from "node:stream";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import { contentDisposition } from "~/lib/http-range";
import { isValidStorageKey } from "~/lib/storage-keys";
import {
  assertRange,
  expiryFor,
  InvalidKeyError,
  UPLOAD_URL_TTL_SECONDS,
  type StorageBackend,
  type UrlOptions,
} from "./backend.server";

export interface S3Settings {
  bucket: string;
  region: string;
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
}

/** SigV4 presigned URLs live at most 7 days. */
export const MAX_PRESIGN_SECONDS = 7 * 24 * 3600;

function assertKey(key: string) {
  if (!isValidStorageKey(key)) throw new InvalidKeyError(key);
}

const notFound = (error: unknown) =>
  error instanceof S3ServiceException &&
  (error.$metadata.httpStatusCode === 404 || error.name === "NotFound" || error.name === "NoSuchKey");

/**
 * The signing date and lifetime of a GET URL: with `stableForSeconds` the signing date is the
 * start of the current window and the expiry the end of a later one, so every request within
 * the window gets the very same URL, valid at least `ttlSeconds` from now.
 */
export function presignWindow(options: UrlOptions, nowMs = Date.now()): { signingDate: Date; expiresIn: number } {
  const nowSec = Math.floor(nowMs / 1000);
  const stable = options.stableForSeconds;
  const signedAt = stable ? Math.floor(nowSec / stable) * stable : nowSec;
  const expiresIn = Math.min(MAX_PRESIGN_SECONDS, Math.max(1, expiryFor(options, nowMs) - signedAt));
  return { signingDate: new Date(signedAt * 1000), expiresIn };
}

export function createS3Client(settings: S3Settings): S3Client {
  return new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials:
      settings.accessKeyId && settings.secretAccessKey
        ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
        : undefined,
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
}

export function createS3Backend(settings: S3Settings, client = createS3Client(settings)): StorageBackend {
  const Bucket = settings.bucket;
  return {
    kind: "s3",
    async put(key, body, contentType, size) {
      assertKey(key);
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: key,
          Body: body as Uint8Array | Readable,
          ContentType: contentType,
          ContentLength: size ?? (body instanceof Uint8Array ? body.byteLength : undefined),
        }),
      );
    },
    async head(key) {
      assertKey(key);
      try {
        const result = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return { size: result.ContentLength ?? 0, contentType: result.ContentType ?? "application/octet-stream", etag: result.ETag };
      } catch (error) {
        if (notFound(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      assertKey(key);
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    async getUrl(key, options) {
      assertKey(key);
      const { signingDate, expiresIn } = presignWindow(options);
      const command = new GetObjectCommand({
        Bucket,
        Key: key,
        ResponseContentDisposition: options.downloadName
          ? contentDisposition(options.downloadName)
          : options.contentType === null
            ? "attachment"
            : undefined,
        ResponseContentType: options.contentType === null ? "application/octet-stream" : options.contentType,
      });
      return getSignedUrl(client, command, { expiresIn, signingDate });
    },
    async createUploadUrl(key, { contentType, size, ttlSeconds = UPLOAD_URL_TTL_SECONDS }) {
      assertKey(key);
      const command = new PutObjectCommand({ Bucket, Key: key, ContentType: contentType, ContentLength: size });
      const url = await getSignedUrl(client, command, {
        expiresIn: ttlSeconds,
        // Type and length are part of the signature: a PUT with another type or size is refused.
        // The browser sets Content-Length from the body itself, so it is not in `headers`.
        // Without a declared size (docs/product.md's {key, contentType}) only the type is signed; the check
        // after the upload enforces the folder's size limit.
        signableHeaders: new Set(size === undefined ? ["content-type"] : ["content-type", "content-length"]),
      });
      return {
        url,
        method: "PUT",
        headers: { "Content-Type": contentType },
        expiresAt: Math.floor(Date.now() / 1000) + ttlSeconds,
      };
    },
    async list(folder) {
      const keys: string[] = [];
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: `${folder}/`, ContinuationToken }));
        for (const item of page.Contents ?? []) if (item.Key && isValidStorageKey(item.Key)) keys.push(item.Key);
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return keys;
    },
    async read(key) {
      assertKey(key);
      try {
        const result = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        return (result.Body as Readable | undefined) ?? Readable.from([]);
      } catch (error) {
        if (notFound(error)) return null;
        throw error;
      }
    },
    async readRange(key, offset, length) {
      assertKey(key);
      assertRange(offset, length);
      try {
        const result = await client.send(new GetObjectCommand({ Bucket, Key: key, Range: `bytes=${offset}-${offset + length - 1}` }));
        if (!result.Body) return new Uint8Array();
        // A server that ignores Range answers 200 with the whole object: never read a whole video.
        if (result.$metadata.httpStatusCode !== 206 && (offset > 0 || (result.ContentLength ?? 0) > length)) {
          (result.Body as Readable).destroy?.();
          throw new Error(`S3 ignored the byte range for ${key}`);
        }
        const data = await result.Body.transformToByteArray();
        return data.subarray(0, length);
      } catch (error) {
        if (notFound(error)) return null;
        // A range starting past the end (or an empty object) answers 416.
        if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 416) return new Uint8Array();
        throw error;
      }
    },
  };
}
