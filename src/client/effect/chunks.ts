import { Data, Duration, Effect, Either } from "effect";
import { CHUNK_LOAD_TIMEOUT_MS, type ChunkLoader } from "../app/chunk-loader";

/** A script chunk that has not loaded after this long is reported as a chunk load error. */
export const CHUNK_LOAD_TIMEOUT = Duration.millis(CHUNK_LOAD_TIMEOUT_MS);

export class ChunkLoadError extends Data.TaggedError("ChunkLoadError")<{ readonly chunk: string; readonly message: string }> {}

/**
 * Loads a lazy chunk (a dynamic import). Fails with ChunkLoadError when the import fails or
 * takes longer than 120 s; the caller shows the message with a way to retry.
 */
export function loadChunk<M>(chunk: string, importer: () => Promise<M>): Effect.Effect<M, ChunkLoadError> {
  return Effect.tryPromise({
    try: importer,
    catch: (error) => new ChunkLoadError({ chunk, message: error instanceof Error ? error.message : String(error) }),
  }).pipe(
    Effect.timeoutFail({
      duration: CHUNK_LOAD_TIMEOUT,
      onTimeout: () => new ChunkLoadError({ chunk, message: `The ${chunk} screen did not load within 120 seconds.` }),
    }),
  );
}

/** loadChunk for the views (lazy screens and the features they register), as a promise of the outcome. */
export const effectChunkLoader: ChunkLoader = (chunk, importer) =>
  Effect.runPromise(Effect.either(loadChunk(chunk, importer))).then((result) =>
    Either.isRight(result) ? { ok: true as const, value: result.right } : { ok: false as const, message: result.left.message },
  );
