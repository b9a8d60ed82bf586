/**
 * POST /upload/load-url {key} → {url}: the catalogue-image call of /api/upload/load-url, also
 * answered without the /api prefix (the original site's client wrote this call both ways).
 */
export { action, loader } from "./api.upload.load-url";
