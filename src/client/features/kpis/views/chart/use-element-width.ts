import { useLayoutEffect, useState, type RefObject } from "react";

/**
 * The rendered width of an element, following resizes through ResizeObserver. `fallback` stands
 * until a measurement arrives, and stays where nothing lays out (no ResizeObserver, or a width of 0
 * as in a DOM without layout).
 */
export function useElementWidth(ref: RefObject<HTMLElement | null>, fallback: number): number {
  const [width, setWidth] = useState(fallback);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = (measured: number) => {
      if (measured > 0) setWidth(Math.round(measured));
    };
    measure(element.getBoundingClientRect().width);
    if (typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver((entries) => measure(entries[0]?.contentRect.width ?? 0));
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}
