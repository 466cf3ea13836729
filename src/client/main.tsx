import { createRoot } from "react-dom/client";
import { App } from "./app/app";
import { importPlatform } from "./app/chunk-loader";
import { browserStorage, STORAGE_KEYS } from "./app/deps";
import { initialState, type AppState } from "./app/state";
import type { ThemeChoice } from "./features/shell/model";

const buildId = () => document.querySelector<HTMLMetaElement>('meta[name="meridian-build"]')?.content ?? "dev";

/**
 * Entry: the app's frame (React, the theme, the router). The platform chunk (the Effect layer,
 * the contracts and the bus) loads beside the installation's configuration; then the core is
 * wired, the app renders and the session is restored.
 */
async function start(container: HTMLElement) {
  let root = createRoot(container);
  const params = new URLSearchParams(window.location.search);
  if (params.has("replay") || window.location.pathname === "/replay") {
    const { ReplayApp } = await import("./replay/replay-app");
    root.render(<ReplayApp source={params.get("replay") || null} />);
    return;
  }
  // Painted at once, while the platform chunk and the configuration load (the router shows the
  // same words while the session is restored).
  root.render(<p aria-busy="true" style={{ padding: 24 }}>Loading…</p>);
  try {
    const platform = importPlatform(() => import("./app/platform"));
    const [{ bootPlatform, keepForNextPrints }, rawConfig] = await Promise.all([platform, fetchConfig()]);
    const storage = browserStorage();
    const boot = async () => {
      const savedTheme = storage.get(STORAGE_KEYS.theme) as ThemeChoice | null;
      const savedFx = storage.get(STORAGE_KEYS.fxRate);
      const state: AppState = {
        ...initialState,
        shell: { ...initialState.shell, ...(savedTheme ? { theme: savedTheme } : {}), fxRateId: savedFx ? Number(savedFx) : null },
      };
      const app = await bootPlatform({ rawConfig, storage, state, buildId: buildId() });
      root.render(<App bus={app.bus} config={app.config} loadChunk={app.loadChunk} onDownloadLog={app.onDownloadLog} onLocation={app.onLocation} />);
      app.start();
      return app;
    };
    const first = await boot();
    // A page the server's renderer prints on stays on the app for its next prints (pdf-pool.ts).
    keepForNextPrints(first, {
      unmount: () => {
        root.unmount();
        root = createRoot(container);
      },
      boot,
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    root.render(<p role="alert">An error occurred, please reload the page. Message: {message}</p>);
  }
}

async function fetchConfig(): Promise<unknown> {
  const response = await fetch("/config.json", { headers: { accept: "application/json" } });
  if (!response.ok) throw new Error(`GET /config.json answered ${response.status}`);
  return response.json();
}

void start(document.getElementById("root")!);
