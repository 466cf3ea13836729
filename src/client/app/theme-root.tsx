import { useEffect, useState, type ReactNode } from "react";
import { ThemeProvider } from "styled-components";
import { useModel } from "../bus/use-model";
import { DARK, LIGHT } from "../ui/theme";
import { GlobalStyle } from "../ui/primitives";
import type { AppState } from "./state";

const DARK_QUERY = "(prefers-color-scheme: dark)";

/** Applies the chosen theme; "auto" follows the system preference, live. */
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
      <GlobalStyle />
      {children}
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
