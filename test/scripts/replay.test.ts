import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import type { DomainEvent } from "../../src/contracts/messages";
import { FxRateSelected, SignInStarted, ThemeChanged } from "../../src/contracts/messages/session";
import { initialState, rootReducer } from "../../src/client/app/state";
import { createRecorder } from "../../src/client/bus/recorder";
import { redactEntry, schemaHash } from "../../src/client/bus/session-log";

function writeLog(extra: object[] = []) {
  const recorder = createRecorder({ initialState, reducer: rootReducer, redact: redactEntry });
  const events: DomainEvent[] = [SignInStarted.make({ email: "ada@demo.example" }), ThemeChanged.make({ theme: "light" }), FxRateSelected.make({ fxRateId: 2 })];
  recorder.record({ kind: "command", envelope: { command: { _tag: "SignIn", email: "ada@demo.example", password: "secret" }, commandId: "c1", issuedAt: "t", correlationId: "c1" } });
  events.forEach((event, index) => recorder.record({ kind: "event", envelope: { seq: index + 1, type: event._tag, version: 1, payload: event, occurredAt: "t", origin: "local" } }));
  const log = recorder.toLog({ buildId: "b1", schemaHash: schemaHash(), recordedAt: "2026-11-21T10:00:00.000Z" });
  const file = join(mkdtempSync(join(tmpdir(), "meridian-log-")), "log.json");
  writeFileSync(file, JSON.stringify({ ...log, entries: [...log.entries, ...extra] }));
  return file;
}

const replay = (...args: string[]) => spawnSync(process.execPath, ["scripts/replay.mjs", ...args], { encoding: "utf8" });

test("prints the steps and the final read models", () => {
  const result = replay(writeLog());
  assert.is(result.status, 0, result.stderr);
  assert.match(result.stdout, /1  command SignIn/);
  assert.match(result.stdout, /4  FxRateSelected \(local\)/);
  assert.match(result.stdout, /"fxRateId": 2/);
  assert.not.match(result.stdout, /secret/);
});

test("--at shows one step, --diff what changed between two, --json is machine output", () => {
  const file = writeLog();
  const at = JSON.parse(replay(file, "--at", "3", "--json").stdout);
  assert.equal([at.step, at.state.shell.theme, at.state.shell.fxRateId], [3, "light", null]);
  const diff = replay(file, "--diff", "2", "4");
  assert.match(diff.stdout, /shell\.theme: "dark" → "light"/);
  assert.match(diff.stdout, /shell\.fxRateId: null → 2/);
  assert.is(replay(file, "--at", "99").status, 1);
});

test("names the first event whose payload no longer decodes", () => {
  const broken = { kind: "event", envelope: { seq: 9, type: "ThemeChanged", version: 1, payload: { _tag: "ThemeChanged", theme: "sepia" }, occurredAt: "t", origin: "local" } };
  const result = replay(writeLog([broken]));
  assert.is(result.status, 2);
  assert.match(result.stderr, /First event that no longer decodes: step 5, ThemeChanged v1/);
});

test.run();
