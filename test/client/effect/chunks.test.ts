import { Effect, Either, Fiber, TestClock, TestContext } from "effect";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { loadChunk } from "../../../src/client/effect/chunks";

const runWithTestClock = <A, E>(effect: Effect.Effect<A, E>) => Effect.runPromise(effect.pipe(Effect.provide(TestContext.TestContext)));

test("a chunk that does not load within 120 s fails with a chunk load error (fake clock)", async () => {
  const outcome = await runWithTestClock(
    Effect.gen(function* () {
      const fiber = yield* Effect.fork(Effect.either(loadChunk("reporting", () => new Promise<never>(() => {}))));
      yield* TestClock.adjust("119 seconds");
      const early = yield* Fiber.poll(fiber);
      yield* TestClock.adjust("1 second");
      return { early, result: yield* Fiber.join(fiber) };
    }),
  );
  assert.ok(outcome.early._tag === "None", "still loading at 119 s");
  assert.ok(Either.isLeft(outcome.result));
  assert.equal(Either.isLeft(outcome.result) && [outcome.result.left._tag, outcome.result.left.chunk], ["ChunkLoadError", "reporting"]);
  assert.match(Either.isLeft(outcome.result) ? outcome.result.left.message : "", /120 seconds/);
});

test("a failing import is a chunk load error at once; a good one loads", async () => {
  const failed = await Effect.runPromise(Effect.either(loadChunk("settings", () => Promise.reject(new Error("Failed to fetch dynamically imported module")))));
  assert.ok(Either.isLeft(failed) && /Failed to fetch/.test(failed.left.message));
  const loaded = await Effect.runPromise(loadChunk("login", async () => ({ default: "LoginScreen" })));
  assert.equal(loaded, { default: "LoginScreen" });
});

test.run();
