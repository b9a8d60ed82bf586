/** The log lives at the bottom of the app (app/log.server.ts: config and db log too); kept for importers. */
export { log, stackOf } from "../log.server";
