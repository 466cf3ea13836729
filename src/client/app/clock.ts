import { createContext, useContext, useEffect, useState } from "react";

/** The views' clock; tests hand in a fake one. */
export const ClockContext = createContext<() => number>(() => Date.now());

/** The current time, re-read every `intervalMs`. */
export function useNow(intervalMs: number): number {
  const now = useContext(ClockContext);
  const [time, setTime] = useState(now);
  useEffect(() => {
    const timer = setInterval(() => setTime(now()), intervalMs);
    return () => clearInterval(timer);
  }, [now, intervalMs]);
  return time;
}
