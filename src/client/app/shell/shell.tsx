import { useRef, type ReactNode } from "react";
import { styled } from "styled-components";
import { useModel } from "../../bus/use-model";
import { Alert } from "../../ui/alert";
import type { AppState } from "../state";
import { SkipLink } from "../../ui/skip-link";
import { Toasts } from "./feedback";
import { useFocusHeadingOnNavigation } from "./page-focus";
import { SIDEBAR_BREAKPOINT } from "./breakpoints";
import { Sidebar } from "./sidebar";
import { TopBar } from "./top-bar";

const Layout = styled.div`
  display: grid;
  grid-template-columns: 240px minmax(0, 1fr);
  min-height: 100vh;
  @media (max-width: ${SIDEBAR_BREAKPOINT - 1}px) {
    grid-template-columns: minmax(0, 1fr);
  }
  main { min-width: 0; }
  main:focus { outline: none; }
`;

/** The main layout around every signed-in screen. */
export function Shell({ children, onDownloadLog }: { children: ReactNode; onDownloadLog?: () => void }) {
  const loadError = useModel((state: AppState) => state.session.loadError);
  const main = useRef<HTMLElement>(null);
  useFocusHeadingOnNavigation(main);
  return (
    <Layout>
      <SkipLink />
      <Sidebar />
      <div>
        <TopBar onDownloadLog={onDownloadLog} />
        <main id="main" ref={main} tabIndex={-1}>
          {loadError && (
            <div style={{ margin: 16 }}>
              <Alert tone="danger">{loadError}</Alert>
            </div>
          )}
          {children}
        </main>
      </div>
      <Toasts />
    </Layout>
  );
}
