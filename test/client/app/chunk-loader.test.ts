import { test } from "uvu";
import * as assert from "uvu/assert";
import { CHUNK_LOAD_TIMEOUT_MS, importPlatform } from "../../../src/client/app/chunk-loader";

// The platform chunk holds the Effect layer's loader, so it loads by the same rule without it.

test("the platform chunk: a failed import is a chunk load error; one that never loads fails after the timeout", async () => {
  assert.is(CHUNK_LOAD_TIMEOUT_MS, 120_000);
  const failed = await importPlatform(() => Promise.reject(new Error("Failed to fetch dynamically imported module"))).catch((error: Error) => error.message);
  assert.is(failed, "Chunk load error: Failed to fetch dynamically imported module");
  const started = Date.now();
  const hung = await importPlatform(() => new Promise<never>(() => {}), 50).catch((error: Error) => error.message);
  assert.is(hung, "Chunk load error: the app did not load within 0.05 seconds.");
  assert.ok(Date.now() - started >= 45, "not before the timeout");
  assert.equal(await importPlatform(async () => ({ bootPlatform: "ok" }), 50), { bootPlatform: "ok" });
});

test.run();
