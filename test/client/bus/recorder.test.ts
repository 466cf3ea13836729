import { test } from "uvu";
import * as assert from "uvu/assert";
import type { DomainEvent } from "../../../src/contracts/messages";
import type { EventEnvelope } from "../../../src/contracts/messages/envelopes";
import { FxRateSelected, ServerEventReceived, ThemeChanged } from "../../../src/contracts/messages/session";
import { initialState, rootReducer } from "../../../src/client/app/state";
import { createRecorder } from "../../../src/client/bus/recorder";
import { redactEntry, replayLog, schemaHash } from "../../../src/client/bus/session-log";

const envelope = (seq: number, event: DomainEvent): EventEnvelope<DomainEvent> => ({ seq, type: event._tag, version: 1, payload: event, occurredAt: "2026-11-21T10:00:00.000Z", origin: "local" });
const meta = { buildId: "test", schemaHash: schemaHash(), recordedAt: "2026-11-21T10:00:00.000Z" };

function events(count: number): DomainEvent[] {
  return Array.from({ length: count }, (_, index) =>
    index % 3 === 0
      ? ThemeChanged.make({ theme: (["dark", "light", "auto"] as const)[index % 3]! })
      : index % 3 === 1
        ? FxRateSelected.make({ fxRateId: index })
        : ServerEventReceived.make({ seq: index, type: "KpiValueEdited", actor: "user:2", payload: { value: index }, occurredAt: "2026-11-21T10:00:00.000Z" }),
  );
}

test("stays within its byte bound, and the trimmed log still replays to the live state", () => {
  const recorder = createRecorder({ initialState, reducer: rootReducer, redact: redactEntry, maxBytes: 20_000 });
  let live = initialState;
  events(2000).forEach((event, index) => {
    const wrapped = envelope(index + 1, event);
    live = rootReducer(live, event, wrapped);
    recorder.record({ kind: "event", envelope: wrapped });
  });
  const { entries, bytes } = recorder.size();
  assert.ok(bytes <= 20_000, `${bytes} bytes`);
  assert.ok(entries > 50 && entries < 2000, `${entries} entries kept`);
  const log = recorder.toLog(meta);
  assert.is(log.entries.length, entries);
  const replay = replayLog(log, rootReducer);
  assert.is(replay.failure, null);
  assert.equal(replay.steps.at(-1)?.state, live, "replaying the trimmed log gives exactly the live state");
  assert.not.equal(log.startState, initialState, "the start state is the snapshot at the new start");
});

test("secrets never enter the recorder", () => {
  const recorder = createRecorder({ initialState, reducer: rootReducer, redact: redactEntry });
  recorder.record({ kind: "command", envelope: { command: { _tag: "SignIn", email: "ada@demo.example", password: "meridian-demo" }, commandId: "c1", issuedAt: "t", correlationId: "c1" } });
  const text = JSON.stringify(recorder.toLog(meta));
  assert.not.match(text, /meridian-demo/);
  assert.match(text, /ada@demo\.example/);
});

test("replay names the first event whose payload no longer decodes and stops there", () => {
  const recorder = createRecorder({ initialState, reducer: rootReducer, redact: redactEntry });
  recorder.record({ kind: "event", envelope: envelope(1, ThemeChanged.make({ theme: "light" })) });
  recorder.record({ kind: "location", path: "/login", at: "t" });
  const log = recorder.toLog(meta);
  const broken = { ...log, entries: [...log.entries, { kind: "event" as const, envelope: { ...envelope(2, ThemeChanged.make({ theme: "dark" })), payload: { _tag: "ThemeChanged", theme: "sepia" } as never } }] };
  const replay = replayLog(broken, rootReducer);
  assert.equal([replay.failure?.step, replay.failure?.type, replay.failure?.version], [3, "ThemeChanged", 1]);
  assert.is(replay.steps.length, 3);
  assert.is(replay.steps[2]?.path, "/login");
  assert.is((replay.steps[2]?.state as typeof initialState).shell.theme, "light");
});

test.run();
