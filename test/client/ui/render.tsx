import { render } from "@testing-library/react";
import type { ReactElement } from "react";
import { ThemeProvider } from "styled-components";
import { ConfirmProvider } from "../../../src/client/ui/confirm";
import { DARK, type Palette } from "../../../src/client/ui/theme";

/** Renders a design-system component as the app does: in a theme, under the app's confirm host. */
export function renderUi(ui: ReactElement, theme: Palette = DARK) {
  return render(
    <ThemeProvider theme={theme}>
      <ConfirmProvider>{ui}</ConfirmProvider>
    </ThemeProvider>,
  );
}

/** Waits for timers and promises to settle (real time: the components use real timers). */
export const wait = (ms = 0) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Gives elements a layout that happy-dom lacks: `sizes(element)` returns its scroll and client
 * widths/heights (or undefined for none). Returns the function that restores happy-dom's.
 */
export function fakeLayout(sizes: (element: HTMLElement) => { scrollWidth?: number; clientWidth?: number; scrollHeight?: number; clientHeight?: number } | undefined): () => void {
  const keys = ["scrollWidth", "clientWidth", "scrollHeight", "clientHeight"] as const;
  const originals = keys.map((key) => [key, Object.getOwnPropertyDescriptor(HTMLElement.prototype, key) ?? Object.getOwnPropertyDescriptor(Element.prototype, key)] as const);
  for (const key of keys) {
    Object.defineProperty(HTMLElement.prototype, key, {
      configurable: true,
      get(this: HTMLElement) {
        return sizes(this)?.[key] ?? 0;
      },
    });
  }
  return () => {
    for (const [key, descriptor] of originals) {
      if (descriptor) Object.defineProperty(HTMLElement.prototype, key, descriptor);
      else delete (HTMLElement.prototype as unknown as Record<string, unknown>)[key];
    }
  };
}

/**
 * Puts the window at `path` on the test origin. Another suite may have left happy-dom on a
 * blob: address (a CSV download), where pushState with a path cannot work.
 */
export function goTo(path: string) {
  (window as unknown as { happyDOM: { setURL: (url: string) => void } }).happyDOM.setURL(`http://localhost:3000${path}`);
  history.replaceState(null, "", path);
}
