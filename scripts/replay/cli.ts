import { readFileSync } from "node:fs";
import { rootReducer, type AppState } from "../../src/client/app/state";
import type { SessionLog } from "../../src/client/bus/recorder";
import { isSessionLog, replayLog, schemaHash, type ReplayStep } from "../../src/client/bus/session-log";
import { diffValues } from "./diff";

const USAGE = "usage: node scripts/replay.mjs LOG.json [--at N | --diff A B] [--json]";

export async function main(args: string[]): Promise<number> {
  const file = args.find((arg) => !arg.startsWith("--") && !/^\d+$/.test(arg));
  if (!file) return fail(USAGE);
  const json = args.includes("--json");
  let log: unknown;
  try {
    log = JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    return fail(`cannot read ${file}: ${(error as Error).message}`);
  }
  if (!isSessionLog(log)) return fail(`${file} is not a Meridian session log`);
  const replay = replayLog(log as SessionLog<AppState>, rootReducer);
  const last = replay.steps.length - 1;
  const stepAt = (raw: string | undefined): ReplayStep<AppState> | null => {
    const index = Number(raw);
    return Number.isInteger(index) && index >= 0 && index <= last ? replay.steps[index]! : null;
  };
  const header = {
    buildId: log.buildId,
    recordedAt: log.recordedAt,
    schemaMatches: log.schemaHash === schemaHash(),
    entries: log.entries.length,
    failure: replay.failure,
  };
  const out = (value: unknown, text: string) => console.log(json ? JSON.stringify(value, null, 2) : text);

  const atIndex = args.indexOf("--at");
  const diffIndex = args.indexOf("--diff");
  if (atIndex >= 0) {
    const step = stepAt(args[atIndex + 1]);
    if (!step) return fail(`--at needs a step from 0 to ${last}`);
    out({ ...header, step: step.step, path: step.path, state: step.state }, `${describe(step)}\n${JSON.stringify(step.state, null, 2)}`);
  } else if (diffIndex >= 0) {
    const from = stepAt(args[diffIndex + 1]);
    const to = stepAt(args[diffIndex + 2]);
    if (!from || !to) return fail(`--diff needs two steps from 0 to ${last}`);
    const changes = diffValues(from.state, to.state);
    out({ ...header, from: from.step, to: to.step, changes }, changes.length ? changes.map((change) => `${change.path}: ${JSON.stringify(change.before)} → ${JSON.stringify(change.after)}`).join("\n") : "no changes");
  } else {
    const final = replay.steps[last]!;
    const lines = [
      `session log of build ${log.buildId}, recorded ${log.recordedAt}${header.schemaMatches ? "" : " (recorded with other message schemas)"}`,
      ...replay.steps.slice(1).map(describe),
      "",
      `read models after step ${final.step}:`,
      JSON.stringify(final.state, null, 2),
    ];
    out({ ...header, steps: replay.steps.slice(1).map((step) => ({ step: step.step, entry: summary(step) })), state: final.state }, lines.join("\n"));
  }
  if (replay.failure) {
    const { step, type, version, message } = replay.failure;
    console.error(`First event that no longer decodes: step ${step}, ${type} v${version}: ${message}`);
    return 2;
  }
  return 0;
}

function summary(step: ReplayStep<AppState>): string {
  const entry = step.entry;
  if (!entry) return "start";
  if (entry.kind === "event") return `${entry.envelope.type} (${entry.envelope.origin})`;
  if (entry.kind === "command") return `command ${entry.envelope.command._tag}`;
  return `location ${entry.path}`;
}

const describe = (step: ReplayStep<AppState>) => `${String(step.step).padStart(4)}  ${summary(step)}`;

function fail(message: string): number {
  console.error(message);
  return 1;
}
