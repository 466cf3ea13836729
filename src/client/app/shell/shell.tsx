import type { ReactNode } from "react";
import { styled } from "styled-components";
import { useModel } from "../../bus/use-model";
import { DangerAlert } from "../../ui/primitives";
import type { AppState } from "../state";
import { Alerts } from "./alerts";
import { Sidebar } from "./sidebar";
import { TopBar } from "./top-bar";

const Layout = styled.div`
  display: grid;
  grid-template-columns: 240px 1fr;
  min-height: 100vh;
  main { min-width: 0; }
`;

/** The main layout around every signed-in screen. */
export function Shell({ children, onDownloadLog }: { children: ReactNode; onDownloadLog?: () => void }) {
  const loadError = useModel((state: AppState) => state.session.loadError);
  return (
    <Layout>
      <Sidebar />
      <div>
        <TopBar onDownloadLog={onDownloadLog} />
        <main>
          {loadError && <DangerAlert style={{ margin: 16 }}>{loadError}</DangerAlert>}
          {children}
        </main>
      </div>
      <Alerts />
    </Layout>
  );
}
