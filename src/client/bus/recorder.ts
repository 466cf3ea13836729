import type { Command, DomainEvent } from "../../contracts/messages";
import type { CommandEnvelope, EventEnvelope } from "../../contracts/messages/envelopes";
import type { Reducer } from "./store";

/** One recorded step: a command issued, an event folded, or the screen the user moved to. */
export type LogEntry =
  | { readonly kind: "command"; readonly envelope: CommandEnvelope<Command> }
  | { readonly kind: "event"; readonly envelope: EventEnvelope<DomainEvent> }
  | { readonly kind: "location"; readonly path: string; readonly at: string };

/** A downloadable session log: versioned, tied to the build and the message schemas. */
export interface SessionLog<S = unknown> {
  readonly format: "meridian-session-log";
  readonly version: 1;
  readonly buildId: string;
  readonly schemaHash: string;
  readonly recordedAt: string;
  /** The state before the first entry (the snapshot taken when older entries were trimmed). */
  readonly startState: S;
  readonly entries: readonly LogEntry[];
}

export interface Recorder<S> {
  record(entry: LogEntry): void;
  readonly size: () => { entries: number; bytes: number };
  toLog(meta: { buildId: string; schemaHash: string; recordedAt: string }): SessionLog<S>;
}

export const DEFAULT_RECORDER_BYTES = 2 * 1024 * 1024;

/**
 * Keeps the recent commands and events within `maxBytes` (as JSON). When it trims, it folds the
 * dropped events into its start state, so the log still replays to exactly the live state.
 * `redact` runs before anything is kept: secrets never enter the recorder.
 */
export function createRecorder<S>(options: {
  readonly initialState: S;
  readonly reducer: Reducer<S>;
  readonly redact: (entry: LogEntry) => LogEntry;
  readonly maxBytes?: number;
}): Recorder<S> {
  const maxBytes = options.maxBytes ?? DEFAULT_RECORDER_BYTES;
  let startState = options.initialState;
  const entries: { entry: LogEntry; bytes: number }[] = [];
  let head = 0; // entries before `head` are dropped (compacted lazily)
  let bytes = 0;

  const trim = () => {
    while (bytes > maxBytes && head < entries.length) {
      const dropped = entries[head]!;
      head++;
      bytes -= dropped.bytes;
      if (dropped.entry.kind === "event") startState = options.reducer(startState, dropped.entry.envelope.payload, dropped.entry.envelope);
    }
    if (head > 1024 && head * 2 > entries.length) {
      entries.splice(0, head);
      head = 0;
    }
  };

  return {
    record(entry) {
      const kept = options.redact(entry);
      const size = JSON.stringify(kept).length;
      entries.push({ entry: kept, bytes: size });
      bytes += size;
      trim();
    },
    size: () => ({ entries: entries.length - head, bytes }),
    toLog: (meta) => ({
      format: "meridian-session-log",
      version: 1,
      ...meta,
      startState,
      entries: entries.slice(head).map((item) => item.entry),
    }),
  };
}
