import { createContext, useContext } from "react";

/** A script chunk that has not loaded after this long is reported as a chunk load error (spec: 120 s). */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

export type ChunkResult<M> = { readonly ok: true; readonly value: M } | { readonly ok: false; readonly message: string };

/** Loads a lazy chunk (a dynamic import): the Effect layer's loader (effect/chunks.ts) in the app. */
export type ChunkLoader = <M>(chunk: string, importer: () => Promise<M>) => Promise<ChunkResult<M>>;

export const ChunkLoaderContext = createContext<ChunkLoader | null>(null);

export function useChunkLoader(): ChunkLoader {
  const loader = useContext(ChunkLoaderContext);
  if (!loader) throw new Error("lazy screens need a <ChunkLoaderContext.Provider>");
  return loader;
}

/**
 * The one chunk that cannot load through the Effect layer: the platform chunk that holds it.
 * Same rule: a failed import, or none after 120 s, is a chunk load error.
 */
export function importPlatform<M>(importer: () => Promise<M>, timeoutMs = CHUNK_LOAD_TIMEOUT_MS): Promise<M> {
  return new Promise<M>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Chunk load error: the app did not load within ${timeoutMs / 1000} seconds.`)), timeoutMs);
    importer().then(
      (module) => {
        clearTimeout(timer);
        resolve(module);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(new Error(`Chunk load error: ${error instanceof Error ? error.message : String(error)}`));
      },
    );
  });
}
