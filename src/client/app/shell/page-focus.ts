import { useEffect, useRef, type RefObject } from "react";
import { useLocation } from "wouter";

/** How long a new screen may take to show its heading (its chunk and first data) before we give up. */
const HEADING_WAIT_MS = 5_000;

/**
 * After a navigation, focus moves to the new page's main heading, so keyboard and screen-reader
 * users start at the top of what they opened, and the document title names the page. Focus is
 * left alone when the person is still working inside the page (a tab link that stays on screen)
 * or has moved on before the heading arrived.
 */
export function useFocusHeadingOnNavigation(main: RefObject<HTMLElement | null>) {
  const [location] = useLocation();
  const first = useRef(true);
  useEffect(() => {
    const initial = first.current;
    first.current = false;
    const container = main.current;
    if (!container) return;
    const startedWith = document.activeElement;
    const stillWorkingInPage = () => {
      const active = document.activeElement;
      return active !== null && active !== document.body && container.contains(active) && active.tagName !== "H1";
    };
    const movedOn = () => document.activeElement !== startedWith && document.activeElement !== document.body && !stillWorkingInPage();
    const settle = (): boolean => {
      const heading = container.querySelector("h1");
      if (!heading) return false;
      document.title = `${heading.textContent?.trim() || "Meridian"} · Meridian`;
      if (!initial && !stillWorkingInPage() && !movedOn()) {
        if (!heading.hasAttribute("tabindex")) heading.setAttribute("tabindex", "-1");
        heading.focus({ preventScroll: false });
      }
      return true;
    };
    if (settle()) return;
    const observer = new MutationObserver(() => {
      if (settle()) stop();
    });
    const timer = setTimeout(() => stop(), HEADING_WAIT_MS);
    const stop = () => {
      observer.disconnect();
      clearTimeout(timer);
    };
    observer.observe(container, { childList: true, subtree: true });
    return stop;
  }, [location, main]);
}
