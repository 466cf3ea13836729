import { useEffect, useMemo, useState, type ChangeEvent } from "react";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { API_ROOTS } from "../../contracts/api-roots";
import type { AppConfig } from "../../contracts/app-config";
import { App } from "../app/app";
import { initialState, rootReducer, type AppState } from "../app/state";
import { Command, DomainEvent } from "../../contracts/messages";
import { createBus } from "../bus/bus";
import { createCatalogue } from "../bus/catalogue";
import type { SessionLog } from "../bus/recorder";
import { isSessionLog, replayLog, schemaHash, type Replay } from "../bus/session-log";
import { createStore } from "../bus/store";
import { effectChunkLoader } from "../effect/chunks";

/** Replay needs no server: the roots are never called, there is no demo hint. */
const REPLAY_CONFIG: AppConfig = { roots: { ...API_ROOTS }, embedOrigins: [], demo: null };

const barStyle = {
  position: "sticky" as const,
  top: 0,
  zIndex: 50,
  display: "flex",
  gap: 12,
  alignItems: "center",
  padding: "8px 16px",
  background: "#3b2a00",
  color: "#ffe7a8",
  fontSize: 14,
};

/**
 * Replay mode: a recorded session log, shown screen by screen with a slider. Epics are off and
 * nothing calls the server; each step sets the state and the screen the log recorded.
 */
export function ReplayApp({ source }: { source: string | null }) {
  const [log, setLog] = useState<SessionLog<AppState> | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!source) return;
    const url = new URL(source, window.location.href);
    if (url.origin !== window.location.origin) {
      setError("Replay logs load only from this site's own address; use the file picker for other logs.");
      return;
    }
    fetch(url)
      .then((response) => (response.ok ? response.json() : Promise.reject(new Error(`${url.pathname} answered ${response.status}`))))
      .then((value: unknown) => (isSessionLog(value) ? setLog(value as SessionLog<AppState>) : setError("That file is not a Meridian session log.")))
      .catch((reason: Error) => setError(reason.message));
  }, [source]);

  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    file
      .text()
      .then((text) => JSON.parse(text) as unknown)
      .then((value) => (isSessionLog(value) ? setLog(value as SessionLog<AppState>) : setError("That file is not a Meridian session log.")))
      .catch(() => setError("That file is not valid JSON."));
  };

  if (!log) {
    return (
      <div style={{ ...barStyle, position: "static" }}>
        <strong>Replay mode</strong>
        <label>
          Session log <input type="file" accept="application/json,.json" onChange={pick} aria-label="Session log file" />
        </label>
        {error && <span role="alert">{error}</span>}
      </div>
    );
  }
  return <Player log={log} />;
}

function Player({ log }: { log: SessionLog<AppState> }) {
  const replay: Replay<AppState> = useMemo(() => replayLog(log, rootReducer), [log]);
  const last = replay.steps.length - 1;
  const [step, setStep] = useState(last);
  const memory = useMemo(() => memoryLocation({ path: "/login" }), []);
  const bus = useMemo(
    () =>
      createBus<AppState, object>({
        store: createStore(rootReducer, replay.steps[last]?.state ?? initialState),
        // Replay knows every message (it decodes the whole log) and runs no epic.
        messages: createCatalogue([Command, DomainEvent]),
        features: [],
        runEpics: false,
        deps: {},
        clock: { now: () => new Date(log.recordedAt) },
        newId: () => "replay",
      }),
    [replay, last, log.recordedAt],
  );
  const current = replay.steps[step]!;
  const path = replay.steps.slice(0, step + 1).findLast((candidate) => candidate.path)?.path ?? "/login";

  useEffect(() => {
    bus.store.reset(current.state);
    memory.navigate(path, { replace: true });
  }, [bus, current, path, memory]);

  const describe = current.entry
    ? current.entry.kind === "event"
      ? `${current.entry.envelope.type} (${current.entry.envelope.origin})`
      : current.entry.kind === "command"
        ? `command ${current.entry.envelope.command._tag}`
        : `went to ${current.entry.path}`
    : "start";
  const mismatch = log.schemaHash !== schemaHash();

  return (
    <>
      <div style={barStyle} data-testid="replay-bar">
        <strong>Replay</strong>
        <button onClick={() => setStep(Math.max(0, step - 1))} disabled={step === 0}>
          ◀
        </button>
        <input type="range" min={0} max={last} value={step} onChange={(event) => setStep(Number(event.target.value))} aria-label="Step" style={{ flex: 1 }} />
        <button onClick={() => setStep(Math.min(last, step + 1))} disabled={step === last}>
          ▶
        </button>
        <span data-testid="replay-step">
          Step {step} / {last}: {describe}
        </span>
        {mismatch && <span>Recorded with other message schemas (build {log.buildId}).</span>}
        {replay.failure && (
          <span role="alert">
            Stopped at step {replay.failure.step}: {replay.failure.type} v{replay.failure.version} no longer decodes.
          </span>
        )}
      </div>
      <Router hook={memory.hook}>
        <App bus={bus} config={REPLAY_CONFIG} loadChunk={effectChunkLoader} />
      </Router>
    </>
  );
}
