import { Schema } from "@effect/schema";
import { Command, DomainEvent } from "../../contracts/messages";
import { redact } from "../../contracts/redact";
import type { LogEntry, SessionLog } from "./recorder";
import type { Reducer } from "./store";

/** Redacts the Sensitive fields of a log entry (passwords, tokens, codes). */
export function redactEntry(entry: LogEntry): LogEntry {
  if (entry.kind === "command") return { ...entry, envelope: { ...entry.envelope, command: redact(Command, entry.envelope.command) as Command } };
  if (entry.kind === "event") return { ...entry, envelope: { ...entry.envelope, payload: redact(DomainEvent, entry.envelope.payload) as DomainEvent } };
  return entry;
}

/**
 * A fingerprint of the message schemas. A log from a build whose messages differ says so on
 * replay, before any payload fails to decode.
 */
export function schemaHash(): string {
  return fnv1a(JSON.stringify([Command.ast.toJSON(), DomainEvent.ast.toJSON()]));
}

function fnv1a(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, "0");
}

export interface ReplayStep<S> {
  /** 0 is the start state; step n is the state after entry n. */
  readonly step: number;
  readonly entry: LogEntry | null;
  readonly state: S;
  readonly path: string | null;
}

export interface Replay<S> {
  readonly steps: readonly ReplayStep<S>[];
  /** The first event whose payload no longer decodes, where folding stopped. */
  readonly failure: { readonly step: number; readonly type: string; readonly version: number; readonly message: string } | null;
}

const decodeEvent = Schema.decodeUnknownEither(DomainEvent);

/** Folds a log headless: the state and screen after every step. No server, no epics. */
export function replayLog<S>(log: SessionLog<S>, reducer: Reducer<S>): Replay<S> {
  const steps: ReplayStep<S>[] = [{ step: 0, entry: null, state: log.startState, path: null }];
  let state = log.startState;
  let path: string | null = null;
  for (const [index, entry] of log.entries.entries()) {
    if (entry.kind === "event") {
      const decoded = decodeEvent(entry.envelope.payload);
      if (decoded._tag === "Left") {
        return { steps, failure: { step: index + 1, type: entry.envelope.type, version: entry.envelope.version, message: decoded.left.message } };
      }
      state = reducer(state, decoded.right, { ...entry.envelope, origin: "replay" });
    } else if (entry.kind === "location") {
      path = entry.path;
    }
    steps.push({ step: index + 1, entry, state, path });
  }
  return { steps, failure: null };
}

export function isSessionLog(value: unknown): value is SessionLog {
  return !!value && typeof value === "object" && (value as SessionLog).format === "meridian-session-log" && Array.isArray((value as SessionLog).entries);
}
