import { useLayoutEffect, useRef, useState, type ComponentPropsWithoutRef, type ReactNode, type RefObject } from "react";
import { styled } from "styled-components";
import { RADIUS } from "./tokens";

export interface ScrollAreaProps extends Omit<ComponentPropsWithoutRef<"div">, "aria-label"> {
  /** Names the area for screen readers and keyboard users ("Financial table, scrollable"). */
  readonly label: string;
  /** Limits the height so the area scrolls down inside (and sticky headers stick), e.g. "70vh". */
  readonly maxHeight?: string;
  readonly children: ReactNode;
}

/**
 * A box that scrolls when its content is larger: wide tables, long lists. While it overflows it is
 * a named region in the tab order (`tabIndex=0`), so keyboard users can scroll it with the arrow
 * keys; when everything fits it is a plain box and no extra tab stop.
 */
export function ScrollArea({ label, maxHeight, children, style, ...props }: ScrollAreaProps) {
  const ref = useRef<HTMLDivElement>(null);
  const overflows = useOverflow(ref);
  return (
    <ScrollBox ref={ref} style={{ maxHeight, ...style }} {...(overflows ? { tabIndex: 0, role: "region", "aria-label": label } : {})} {...props}>
      {children}
    </ScrollBox>
  );
}

/** Whether an element's content is larger than its box, following resizes of the box and its content. */
export function useOverflow(ref: RefObject<HTMLElement | null>): boolean {
  const [overflows, setOverflows] = useState(false);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const check = () => setOverflows(element.scrollWidth > element.clientWidth + 1 || element.scrollHeight > element.clientHeight + 1);
    check();
    if (typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(check);
    observer.observe(element);
    for (const child of element.children) observer.observe(child);
    return () => observer.disconnect();
  }, [ref]);
  return overflows;
}

const ScrollBox = styled.div`
  overflow: auto;
  min-width: 0;
  border-radius: ${RADIUS.lg};
  &:focus-visible { outline-offset: -2px; }
`;
