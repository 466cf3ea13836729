import { useEffect, useRef } from "react";

/**
 * Calls `onDone` when work this view started ends well: `status` goes from busy to idle. A
 * dialog stays open while its request runs and on failure (it shows why), and closes on success.
 */
export function useFinished(status: "idle" | "busy" | "error", onDone: () => void) {
  const previous = useRef(status);
  useEffect(() => {
    if (previous.current === "busy" && status === "idle") onDone();
    previous.current = status;
  }, [status, onDone]);
}
