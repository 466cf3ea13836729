import { Schema } from "@effect/schema";
import { navigate } from "wouter/use-browser-location";
import { AppConfig } from "../../contracts/app-config";
import { SessionTokens } from "../../contracts/auth";
import { ChunkLoadFailed, SessionLoadFailed } from "../../contracts/messages/session";
import { ToastShown } from "../../contracts/messages/notifications";
import { createBus, type Bus } from "../bus/bus";
import { createCatalogue } from "../bus/catalogue";
import { createRecorder } from "../bus/recorder";
import { createStore } from "../bus/store";
import { effectChunkLoader } from "../effect/chunks";
import { createEmbedChannel, type EmbedChannel } from "../effect/embed-channel";
import { serverEventStream } from "../effect/event-stream";
import { EMPTY } from "rxjs";
import { browserCrossTabLock, makeApi } from "../effect/http-client";
import { createTokenKeeper } from "../effect/token-keeper";
import { notificationsFeature } from "../features/notifications/feature";
import { isPrintPath } from "../../domain/navigation/print-routes";
import { currentPrintEnvironment, PRINT_ACCESS_ENDED, printSessionTokens } from "../print/print-session";
import { sessionFeature } from "../features/session/feature";
import { shellFeature } from "../features/shell/feature";
import type { ChunkLoader } from "./chunk-loader";
import { browserSaveFile, createChallengeHolder, type EpicDeps, type KeyValueStorage } from "./deps";
import { downloadSessionLog } from "./download";
import { LAZY_FEATURES, type AppFeature } from "./features";
import { rootReducer, type AppState } from "./state";

/**
 * The platform chunk: the Effect layer (HTTP client, token refresh, event stream, chunk loader),
 * the contracts (@effect/schema), the bus and the core features (session, shell, notifications).
 * The entry (main.tsx) paints at once and starts loading this chunk beside /config.json; the app
 * renders when both are in. Lazy features register with its bus when their screens load.
 */
export const CORE_FEATURES: readonly AppFeature[] = [sessionFeature, shellFeature, notificationsFeature];

export interface Platform {
  readonly bus: Bus<AppState>;
  readonly config: AppConfig;
  readonly loadChunk: ChunkLoader;
  readonly onDownloadLog: () => void;
  readonly onLocation: (path: string) => void;
  /** Restores the session (or, in a frame, waits for the parent's embed token). */
  start(): void;
}

/** Decodes the configuration and wires the core: API, tokens, bus, recorder. */
export async function bootPlatform(options: { rawConfig: unknown; storage: KeyValueStorage; state: AppState; buildId: string }): Promise<Platform> {
  const config = Schema.decodeUnknownSync(AppConfig)(options.rawConfig);
  // A frame opened by an investor instance shares the parent's origin: its session lives in
  // memory only (no tab channel, no refresh cookie) and is renewed by the parent's tokens.
  // A print page (print-session.ts) keeps its print token to itself: no tab channel, no refresh
  // cookie rotation shared with the person's tabs, no event stream.
  const printing = currentPrintEnvironment();
  const embed = !printing && window.self !== window.top ? createEmbedChannel(window, config.embedOrigins) : null;
  const tokens = createTokenKeeper(embed || printing ? null : "meridian-session");
  const crossTabLock = printing ? undefined : browserCrossTabLock();
  // The print token is fetched (or taken from the handoff) by the first request that needs it and
  // renewed the same way, through the HTTP client's one refresh at a time: a screen that asks for
  // its data before the token is in waits for it instead of failing.
  let printFailure: string | null = null;
  const renewPrint = printing
    ? () =>
        printSessionTokens(printing, config.roots, window.fetch.bind(window), Date.now).catch((error: unknown) => {
          printFailure = error instanceof Error ? error.message : String(error);
          throw error;
        })
    : undefined;
  const renewSession = embed ? () => renewFromParent(embed, config.roots.auth) : renewPrint;
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
    storage: options.storage,
    // A print page never leaves for another screen (a sign-in page would be printed instead): a
    // session that ends under it fails the print with a clear message.
    navigate: (to, navigateOptions) => (printing && !isPrintPath(to) ? printSessionEnded() : navigate(to, navigateOptions)),
    serverEvents: (afterSeq) => (printing ? EMPTY : serverEventStream({ fetch: window.fetch.bind(window), roots: config.roots, tokens, api }, afterSeq)),
    challenge: createChallengeHolder(),
    saveFile: browserSaveFile,
    leave: (url) => window.location.assign(url),
    roots: config.roots,
    embed,
  };
  // Paper shows the theme the print asks for and the company's local currency (spec section 2:
  // entering print routes resets the FX selection), whatever this browser keeps for its screens.
  const state: AppState = printing ? { ...options.state, shell: { ...options.state.shell, theme: printing.theme, fxRateId: null } } : options.state;
  // Told after the sign-out the ended session folds (which clears the session's load error).
  const printSessionEnded = () => setTimeout(() => bus.receive(SessionLoadFailed.make({ message: printFailure ?? PRINT_ACCESS_ENDED }), "local"), 0);
  const messages = createCatalogue();
  const recorder = createRecorder({ initialState: state, reducer: rootReducer, redact: (entry) => messages.redactEntry(entry) });
  const bus = createBus({
    store: createStore(rootReducer, state),
    messages,
    features: CORE_FEATURES,
    deps,
    clock,
    newId: deps.ids,
    onCommand: (envelope) => recorder.record({ kind: "command", envelope }),
    onEvent: (envelope) => recorder.record({ kind: "event", envelope }),
    onEpicError: (epic, error) => console.error(`epic ${epic} failed`, error),
  });
  // A frame waits for its embed token on any address, so its feature is there before it starts.
  if (embed) {
    const account = await effectChunkLoader("iframe-login", LAZY_FEATURES.account);
    if (!account.ok) throw new Error(`Chunk load error: ${account.message}`);
    bus.register(account.value.feature);
  }

  const onDownloadLog = () => {
    // The fingerprint covers every message schema of the build (as replay computes it): they
    // load only for the download, not with the first screen.
    void effectChunkLoader("session-log", () => import("../bus/session-log")).then((loaded) => {
      if (loaded.ok) {
        downloadSessionLog(recorder.toLog({ buildId: options.buildId, schemaHash: loaded.value.schemaHash(), recordedAt: clock.now().toISOString() }));
        return;
      }
      bus.receive(ChunkLoadFailed.make({ chunk: "session-log", message: loaded.message }), "local");
      bus.receive(ToastShown.make({ id: deps.ids(), tone: "error", text: `The session log could not be prepared: ${loaded.message}`, action: null }), "local");
    });
  };

  return {
    bus,
    config,
    loadChunk: effectChunkLoader,
    onDownloadLog,
    onLocation: (path) => recorder.record({ kind: "location", path, at: clock.now().toISOString() }),
    start() {
      if (printing) {
        // The print token stands in for the session: an expired placeholder makes the first
        // request fetch it (renewPrint); then profile, menu and company load as after a sign-in.
        const expired = new Date(0).toISOString();
        api.startSession({ access: "", access_expires_at: expired, refresh_expires_at: expired });
        bus.dispatch({ _tag: "LoadSession" });
      } else if (embed) bus.dispatch({ _tag: "AwaitEmbedSession", landing: window.location.pathname === "/iframelogin" });
      else bus.dispatch({ _tag: "RestoreSession" });
    },
  };
}

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
