import { test } from "uvu";
import * as assert from "uvu/assert";
import type { DomainEvent } from "../../../../src/contracts/messages";
import { AlertDismissed, ChunkLoadFailed, FxRateSelected, ServerEventReceived, SignedOut, ThemeChanged } from "../../../../src/contracts/messages/session";
import { describeServerEvent, initialShell, MAX_ALERTS, nextTheme, shellReducer, type ShellModel } from "../../../../src/client/features/shell/model";

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

test("server events become alerts, newest first, at most five; dismissing removes one", () => {
  const model = fold([1, 2, 3, 4, 5, 6, 7].map(serverEvent));
  assert.equal(model.alerts.map((alert) => alert.id), [7, 6, 5, 4, 3].slice(0, MAX_ALERTS));
  assert.is(model.lastServerSeq, 7);
  assert.is(model.alerts[0]?.text, "Kpi value edited (user 4)");
  assert.equal(fold([AlertDismissed.make({ id: 6 })], model).alerts.map((alert) => alert.id), [7, 5, 4, 3]);
});

test("a failed chunk is kept for the error view; unrelated events leave the model untouched", () => {
  assert.equal(fold([ChunkLoadFailed.make({ chunk: "login", message: "timeout" })]).chunkError, { chunk: "login", message: "timeout" });
  assert.is(fold([{ _tag: "SessionAbsent" } as DomainEvent]), initialShell);
  assert.is(describeServerEvent("ReportApproved", "system:jobs"), "Report approved (system jobs)");
});

test("audit-only server events advance the stream position but raise no alert", () => {
  const model = fold([ServerEventReceived.make({ seq: 9, type: "UserSignedIn", actor: "user:2", payload: {}, occurredAt: "t" })]);
  assert.equal([model.lastServerSeq, model.alerts], [9, []]);
});

test.run();
