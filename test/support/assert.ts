import * as assert from "uvu/assert";

/** Asserts that `promise` rejects with a message matching `pattern` (uvu has no async throws). */
export async function rejects(promise: Promise<unknown>, pattern: RegExp): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    assert.match(message, pattern);
    return error as Error;
  }
  assert.unreachable(`expected a rejection matching ${pattern}`);
  throw new Error("unreachable");
}
