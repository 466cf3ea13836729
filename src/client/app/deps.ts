import type { Observable } from "rxjs";
import type { AppConfig } from "../../contracts/app-config";
import type { ServerEvent } from "../../contracts/server-events";
import type { EmbedChannel } from "../effect/embed-channel";
import type { Api } from "../effect/http-client";
import type { TokenKeeper } from "../effect/token-keeper";

/** A small key-value store (localStorage in the browser, a Map in tests). */
export interface KeyValueStorage {
  get(key: string): string | null;
  set(key: string, value: string): void;
  remove(key: string): void;
}

/** Everything epics may touch, injected so tests hand in fakes. */
export interface EpicDeps {
  readonly api: Api;
  readonly tokens: TokenKeeper;
  readonly clock: { now(): Date };
  readonly ids: () => string;
  readonly storage: KeyValueStorage;
  readonly navigate: (to: string, options?: { replace?: boolean }) => void;
  /** The tenant's new events; `afterSeq` null starts at the latest event. */
  readonly serverEvents: (afterSeq: number | null) => Observable<ServerEvent>;
  /** The MFA step's ephemeral token between the password and the code, in memory only. */
  readonly challenge: ChallengeHolder;
  /** Hands a downloaded file to the browser's download. */
  readonly saveFile: (file: Blob, name: string) => void;
  /** Leaves the app for another page (a single sign-on provider). */
  readonly leave: (url: string) => void;
  /** The API roots, for addresses the browser itself navigates to. */
  readonly roots: AppConfig["roots"];
  /** Only in a frame opened by an investor instance: the parent's embed tokens. */
  readonly embed: EmbedChannel | null;
}

export interface ChallengeHolder {
  get(): string | null;
  set(token: string | null): void;
}

export function createChallengeHolder(): ChallengeHolder {
  let token: string | null = null;
  return { get: () => token, set: (next) => void (token = next) };
}

/** Storage keys the client keeps; logout removes every key but the theme. */
export const STORAGE_KEYS = { theme: "meridian.theme", fxRate: "meridian.fxRate" } as const;

export function browserStorage(): KeyValueStorage {
  return {
    get: (key) => window.localStorage.getItem(key),
    set: (key, value) => window.localStorage.setItem(key, value),
    remove: (key) => window.localStorage.removeItem(key),
  };
}

export function memoryStorage(initial: Record<string, string> = {}): KeyValueStorage & { entries(): Record<string, string> } {
  const map = new Map(Object.entries(initial));
  return {
    get: (key) => map.get(key) ?? null,
    set: (key, value) => void map.set(key, value),
    remove: (key) => void map.delete(key),
    entries: () => Object.fromEntries(map),
  };
}

/** The browser's download of a file the app fetched. */
export function browserSaveFile(file: Blob, name: string) {
  const url = URL.createObjectURL(file);
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
