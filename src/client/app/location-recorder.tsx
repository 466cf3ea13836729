import { useEffect } from "react";
import { useLocation } from "wouter";

/** Tells the recorder which screen the user is on, so a replay shows the same screens. */
export function LocationRecorder({ onLocation }: { onLocation: (path: string) => void }) {
  const [location] = useLocation();
  useEffect(() => onLocation(location), [location, onLocation]);
  return null;
}
