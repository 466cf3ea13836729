import { Effect, Either } from "effect";
import { useCallback, useContext, useEffect, useState, type ComponentType } from "react";
import { ChunkLoadFailed } from "../../contracts/messages/session";
import { BusContext } from "../bus/use-model";
import { loadChunk } from "../effect/chunks";
import { ErrorState, LoadingState } from "../ui/states";

type ScreenModule = { default: ComponentType };

/**
 * A screen in its own chunk. It loads through the chunk loader (a chunk load error after 120 s,
 * or at once when the import fails), records ChunkLoadFailed, and offers to try again.
 */
export function lazyScreen(chunk: string, importer: () => Promise<ScreenModule>): ComponentType {
  let loaded: ComponentType | null = null;
  return function LazyScreen() {
    const bus = useContext(BusContext);
    const [screen, setScreen] = useState<ComponentType | null>(() => loaded);
    const [failure, setFailure] = useState<string | null>(null);
    const load = useCallback(() => {
      setFailure(null);
      void Effect.runPromise(Effect.either(loadChunk(chunk, importer))).then((result) => {
        if (Either.isRight(result)) {
          loaded = result.right.default;
          setScreen(() => loaded);
        } else {
          setFailure(result.left.message);
          bus?.receive(ChunkLoadFailed.make({ chunk, message: result.left.message }), "local");
        }
      });
    }, [bus]);
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
