import { useCallback, useContext, useEffect, useState, type ComponentType } from "react";
import type { EventOf } from "../../contracts/messages";
import { BusContext } from "../bus/use-model";
import { ErrorState, LoadingState } from "../ui/states";
import { useChunkLoader, type ChunkLoader, type ChunkResult } from "./chunk-loader";
import { LAZY_FEATURES, type AppFeature, type LazyFeatureName } from "./features";

type ScreenModule = { default: ComponentType };
type Loaded = { readonly screen: ComponentType; readonly features: readonly AppFeature[] };

/**
 * A screen in its own chunk, with the features it needs (their message schemas and epics, each
 * a chunk of its own). Everything loads through the chunk loader (a chunk load error after 120 s,
 * or at once when an import fails); the features register with the bus before the screen shows.
 * A failure records ChunkLoadFailed and offers to try again.
 */
export function lazyScreen(chunk: string, importer: () => Promise<ScreenModule>, features: readonly LazyFeatureName[] = []): ComponentType {
  let loaded: Loaded | null = null;
  return function LazyScreen() {
    const bus = useContext(BusContext);
    const loadChunk = useChunkLoader();
    const [screen, setScreen] = useState<ComponentType | null>(() => {
      // Loaded before (by this page's bus, or another's in replay): registering again is a no-op,
      // and it happens before the screen's own effects dispatch anything.
      for (const feature of loaded?.features ?? []) bus?.register(feature);
      return loaded?.screen ?? null;
    });
    const [failure, setFailure] = useState<string | null>(null);
    const load = useCallback(() => {
      setFailure(null);
      void loadScreen(loadChunk, chunk, importer, features).then((result) => {
        if (result.ok) {
          for (const feature of result.value.features) bus?.register(feature);
          loaded = result.value;
          setScreen(() => result.value.screen);
        } else {
          setFailure(result.message);
          // A plain event (typed as ChunkLoadFailed): making it with its schema would put
          // @effect/schema into the first screen's JavaScript.
          const event: EventOf<"ChunkLoadFailed"> = { _tag: "ChunkLoadFailed", chunk, message: result.message };
          bus?.receive(event, "local");
        }
      });
    }, [bus, loadChunk]);
    useEffect(() => {
      if (!loaded) load();
    }, [load]);
    if (screen) {
      const Screen = screen;
      return <Screen />;
    }
    if (failure) return <ErrorState title="This screen could not be loaded" message={`Chunk load error: ${failure}`} onRetry={load} />;
    return <LoadingState label="Loading the screen…" />;
  };
}

/** The screen's chunk and its features' chunks, side by side; the first failure is the outcome. */
async function loadScreen(loadChunk: ChunkLoader, chunk: string, importer: () => Promise<ScreenModule>, features: readonly LazyFeatureName[]): Promise<ChunkResult<Loaded>> {
  const screenLoad = loadChunk(chunk, importer);
  const featureLoads = features.map((name) => loadChunk(chunk, LAZY_FEATURES[name]));
  const screen = await screenLoad;
  const modules = await Promise.all(featureLoads);
  if (!screen.ok) return screen;
  const loaded: AppFeature[] = [];
  for (const module of modules) {
    if (!module.ok) return module;
    loaded.push(module.value.feature);
  }
  return { ok: true, value: { screen: screen.value.default, features: loaded } };
}
