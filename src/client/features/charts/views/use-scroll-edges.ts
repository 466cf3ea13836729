import { useLayoutEffect, useState, type RefObject } from "react";

export interface ScrollEdges {
  /** Content is scrolled away to the left (under a sticky first column). */
  readonly left: boolean;
  /** More content waits to the right. */
  readonly right: boolean;
}

/**
 * Which sideways edges of a scroll box hide content, following scrolling and resizes: what a
 * wide table's edge cues (the sticky columns' shadows, a fade) are drawn from. `find` picks the
 * scroll box inside the element `ref` holds (a component that keeps its own ref, e.g. ScrollArea).
 */
export function useScrollEdges(ref: RefObject<HTMLElement | null>, find: (element: HTMLElement) => HTMLElement | null): ScrollEdges {
  const [edges, setEdges] = useState<ScrollEdges>({ left: false, right: false });
  useLayoutEffect(() => {
    const box = ref.current ? find(ref.current) : null;
    if (!box) return;
    const check = () => {
      const left = box.scrollLeft > 1;
      const right = box.scrollLeft + box.clientWidth < box.scrollWidth - 1;
      setEdges((current) => (current.left === left && current.right === right ? current : { left, right }));
    };
    check();
    box.addEventListener("scroll", check, { passive: true });
    const observer = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(check);
    observer?.observe(box);
    for (const child of box.children) observer?.observe(child);
    return () => {
      box.removeEventListener("scroll", check);
      observer?.disconnect();
    };
    // `find` is a lookup, not a dependency: the box is found once per element.
  }, [ref]);
  return edges;
}
