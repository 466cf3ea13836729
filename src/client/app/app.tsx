import type { AppConfig } from "../../contracts/app-config";
import type { Bus } from "../bus/bus";
import { BusContext } from "../bus/use-model";
import { NavigationGuardProvider } from "../ui/navigation-guard";
import { ChunkLoaderContext, type ChunkLoader } from "./chunk-loader";
import { AppConfigContext } from "./config-context";
import { DownloadLogContext } from "./download-log-context";
import { ErrorBoundary } from "./error-boundary";
import { LocationRecorder } from "./location-recorder";
import { AppRouter } from "./router";
import type { AppState } from "./state";
import { ThemeRoot } from "./theme-root";

/** The composition root of the views. */
export function App({
  bus,
  config,
  loadChunk,
  onDownloadLog,
  onLocation,
}: {
  bus: Bus<AppState>;
  config: AppConfig;
  /** How lazy screens load their chunks (the Effect layer's loader). */
  loadChunk: ChunkLoader;
  onDownloadLog?: () => void;
  onLocation?: (path: string) => void;
}) {
  return (
    <BusContext.Provider value={bus}>
      <ChunkLoaderContext.Provider value={loadChunk}>
        <AppConfigContext.Provider value={config}>
          <ThemeRoot>
            <ErrorBoundary>
              <DownloadLogContext.Provider value={onDownloadLog}>
                <NavigationGuardProvider>
                  {onLocation && <LocationRecorder onLocation={onLocation} />}
                  <AppRouter />
                </NavigationGuardProvider>
              </DownloadLogContext.Provider>
            </ErrorBoundary>
          </ThemeRoot>
        </AppConfigContext.Provider>
      </ChunkLoaderContext.Provider>
    </BusContext.Provider>
  );
}
