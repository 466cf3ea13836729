import { useEffect, useState, type ReactNode } from "react";
import { ThemeProvider } from "styled-components";
import { useModel } from "../bus/use-model";
import { ConfirmProvider } from "../ui/confirm";
import { FontFaces } from "../ui/font";
import { GlobalStyle } from "../ui/global-style";
import { DARK, LIGHT } from "../ui/theme";
import type { AppState } from "./state";

const DARK_QUERY = "(prefers-color-scheme: dark)";

/**
 * Applies the chosen theme ("auto" follows the system preference, live), the self-hosted font
 * and the global style, and hosts the app's one confirm dialog (`useConfirm`).
 */
export function ThemeRoot({ children }: { children: ReactNode }) {
  const choice = useModel((state: AppState) => state.shell.theme);
  const systemDark = useSystemDark();
  const palette = choice === "light" || (choice === "auto" && !systemDark) ? LIGHT : DARK;
  useEffect(() => {
    document.documentElement.dataset["theme"] = palette.name;
    document.documentElement.style.colorScheme = palette.name;
  }, [palette]);
  return (
    <ThemeProvider theme={palette}>
      <FontFaces />
      <GlobalStyle />
      <ConfirmProvider>{children}</ConfirmProvider>
    </ThemeProvider>
  );
}

function useSystemDark(): boolean {
  const query = typeof window !== "undefined" && window.matchMedia ? window.matchMedia(DARK_QUERY) : null;
  const [dark, setDark] = useState(query ? query.matches : true);
  useEffect(() => {
    if (!query) return;
    const update = (event: MediaQueryListEvent) => setDark(event.matches);
    query.addEventListener("change", update);
    return () => query.removeEventListener("change", update);
  }, [query]);
  return dark;
}
