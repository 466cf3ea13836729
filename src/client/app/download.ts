import type { SessionLog } from "../bus/recorder";

/** Saves a session log as a JSON file through the browser's download. */
export function downloadSessionLog(log: SessionLog) {
  const blob = new Blob([JSON.stringify(log, null, 1)], { type: "application/json" });
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = `meridian-session-${log.recordedAt.replace(/[:.]/g, "-")}.json`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
