import { Schema } from "@effect/schema";
import { createRoot } from "react-dom/client";
import { navigate } from "wouter/use-browser-location";
import { AppConfig } from "../contracts/app-config";
import { App } from "./app/app";
import { browserSaveFile, browserStorage, createChallengeHolder, STORAGE_KEYS, type EpicDeps } from "./app/deps";
import { downloadSessionLog } from "./app/download";
import { rootEpics } from "./app/epics";
import { initialState, rootReducer, type AppState } from "./app/state";
import { createBus } from "./bus/bus";
import { createRecorder } from "./bus/recorder";
import { redactEntry, schemaHash } from "./bus/session-log";
import { createStore } from "./bus/store";
import { serverEventStream } from "./effect/event-stream";
import { browserCrossTabLock, makeApi } from "./effect/http-client";
import { createEmbedChannel, type EmbedChannel } from "./effect/embed-channel";
import { createTokenKeeper } from "./effect/token-keeper";
import { SessionTokens } from "../contracts/auth";
import type { ThemeChoice } from "./features/shell/model";

const buildId = () => document.querySelector<HTMLMetaElement>('meta[name="meridian-build"]')?.content ?? "dev";

/** Entry: read the installation's configuration, wire the core, render, restore the session. */
async function start(container: HTMLElement) {
  const root = createRoot(container);
  const params = new URLSearchParams(window.location.search);
  if (params.has("replay") || window.location.pathname === "/replay") {
    const { ReplayApp } = await import("./replay/replay-app");
    root.render(<ReplayApp source={params.get("replay") || null} />);
    return;
  }
  try {
    const response = await fetch("/config.json", { headers: { accept: "application/json" } });
    if (!response.ok) throw new Error(`GET /config.json answered ${response.status}`);
    const config = Schema.decodeUnknownSync(AppConfig)(await response.json());

    const storage = browserStorage();
    // A frame opened by an investor instance shares the parent's origin: its session lives in
    // memory only (no tab channel, no refresh cookie) and is renewed by the parent's tokens.
    const embed = window.self !== window.top ? createEmbedChannel(window, config.embedOrigins) : null;
    const tokens = createTokenKeeper(embed ? null : "meridian-session");
    const crossTabLock = browserCrossTabLock();
    const renewSession = embed ? () => renewFromParent(embed, config.roots.auth) : undefined;
    const api = makeApi({
      fetch: window.fetch.bind(window),
      roots: config.roots,
      tokens,
      now: Date.now,
      ...(crossTabLock && !embed ? { crossTabLock } : {}),
      ...(renewSession ? { renewSession } : {}),
    });
    const clock = { now: () => new Date() };
    const deps: EpicDeps = {
      api,
      tokens,
      clock,
      ids: () => crypto.randomUUID(),
      storage,
      navigate: (to, options) => navigate(to, options),
      serverEvents: (afterSeq) => serverEventStream({ fetch: window.fetch.bind(window), roots: config.roots, tokens, api }, afterSeq),
      challenge: createChallengeHolder(),
      saveFile: browserSaveFile,
      leave: (url) => window.location.assign(url),
      roots: config.roots,
      embed,
    };
    const savedTheme = storage.get(STORAGE_KEYS.theme) as ThemeChoice | null;
    const savedFx = storage.get(STORAGE_KEYS.fxRate);
    const state: AppState = {
      ...initialState,
      shell: { ...initialState.shell, ...(savedTheme ? { theme: savedTheme } : {}), fxRateId: savedFx ? Number(savedFx) : null },
    };
    const recorder = createRecorder({ initialState: state, reducer: rootReducer, redact: redactEntry });
    const bus = createBus({
      store: createStore(rootReducer, state),
      epics: rootEpics,
      deps,
      clock,
      newId: deps.ids,
      onCommand: (envelope) => recorder.record({ kind: "command", envelope }),
      onEvent: (envelope) => recorder.record({ kind: "event", envelope }),
      onEpicError: (epic, error) => console.error(`epic ${epic} failed`, error),
    });
    const onLocation = (path: string) => recorder.record({ kind: "location", path, at: clock.now().toISOString() });
    const onDownloadLog = () => downloadSessionLog(recorder.toLog({ buildId: buildId(), schemaHash: schemaHash(), recordedAt: clock.now().toISOString() }));
    root.render(<App bus={bus} config={config} onDownloadLog={onDownloadLog} onLocation={onLocation} />);
    if (embed) bus.dispatch({ _tag: "AwaitEmbedSession", landing: window.location.pathname === "/iframelogin" });
    else bus.dispatch({ _tag: "RestoreSession" });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    root.render(<p role="alert">An error occurred, please reload the page. Message: {message}</p>);
  }
}

void start(document.getElementById("root")!);

/** A frame's session renewal: a new embed token from the parent, exchanged for an access token. */
async function renewFromParent(embed: EmbedChannel, authRoot: string): Promise<SessionTokens> {
  const offer = await embed.nextOffer();
  const response = await fetch(`${authRoot}/auth/embed/`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json" },
    body: JSON.stringify({ token: offer.token }),
  });
  if (!response.ok) throw new Error(`embed sign-in answered ${response.status}`);
  return Schema.decodeUnknownSync(SessionTokens)(await response.json());
}
