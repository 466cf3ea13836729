import { test } from "uvu";
import * as assert from "uvu/assert";
import type { DomainEvent } from "../../../../src/contracts/messages";
import { ChunkLoadFailed, FxRateSelected, ServerEventReceived, SignedOut, ThemeChanged } from "../../../../src/contracts/messages/session";
import { initialShell, nextTheme, shellReducer, type ShellModel } from "../../../../src/client/features/shell/model";

const fold = (events: DomainEvent[], model: ShellModel = initialShell) =>
  events.reduce((state, event, index) => shellReducer(state, event, { seq: index + 1, type: event._tag, version: 1, payload: event, occurredAt: "", origin: "local" }), model);

const serverEvent = (seq: number) => ServerEventReceived.make({ seq, type: "KpiValueEdited", actor: "user:4", payload: {}, occurredAt: "2026-11-21T10:00:00Z" });

test("theme cycles dark → light → auto → dark", () => {
  assert.equal(["dark", "light", "auto"].map((theme) => nextTheme(theme as never)), ["light", "auto", "dark"]);
  assert.is(fold([ThemeChanged.make({ theme: "light" })]).theme, "light");
});

test("FX selection; sign-out resets it to local currency but keeps the theme", () => {
  const model = fold([ThemeChanged.make({ theme: "auto" }), FxRateSelected.make({ fxRateId: 2 })]);
  assert.is(model.fxRateId, 2);
  assert.equal(fold([SignedOut.make({ reason: "user" })], model), { ...initialShell, theme: "auto" });
});

test("server events advance the stream position (their words are the notifications' business)", () => {
  assert.is(fold([1, 2, 3, 7, 5].map(serverEvent)).lastServerSeq, 7);
});

test("a failed chunk is kept for the error view; unrelated events leave the model untouched", () => {
  assert.equal(fold([ChunkLoadFailed.make({ chunk: "login", message: "timeout" })]).chunkError, { chunk: "login", message: "timeout" });
  assert.is(fold([{ _tag: "SessionAbsent" } as DomainEvent]), initialShell);
});

test.run();
