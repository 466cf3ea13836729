import type { SessionLog } from "../bus/recorder";
import { browserSaveFile } from "./deps";

/** Saves a session log as a JSON file through the browser's download. */
export function downloadSessionLog(log: SessionLog) {
  browserSaveFile(new Blob([JSON.stringify(log, null, 1)], { type: "application/json" }), `meridian-session-${log.recordedAt.replace(/[:.]/g, "-")}.json`);
}
