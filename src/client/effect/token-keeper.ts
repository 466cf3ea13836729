/**
 * The access token of this session, in memory only (never in storage a script could read
 * later). The refresh token is an HttpOnly cookie the page never sees. Tabs share new access
 * tokens and sign-outs over a BroadcastChannel, so one tab's refresh serves them all.
 */
export interface SessionTimes {
  readonly access: string;
  readonly accessExpiresAt: number;
  readonly refreshExpiresAt: number;
}

export interface TokenKeeper {
  current(): SessionTimes | null;
  /** Counts sign-outs: a refresh that started before one must not bring the session back. */
  generation(): number;
  set(session: SessionTimes): void;
  clear(reason: "signed-out" | "refresh-failed"): void;
  /** Told when another tab (or this one) changes the session. */
  subscribe(listener: (session: SessionTimes | null, reason?: "signed-out" | "refresh-failed") => void): () => void;
}

type TabMessage = { kind: "session"; session: SessionTimes } | { kind: "cleared"; reason: "signed-out" | "refresh-failed" };

export function createTokenKeeper(channelName: string | null = "meridian-session"): TokenKeeper {
  let session: SessionTimes | null = null;
  let generation = 0;
  const listeners = new Set<(session: SessionTimes | null, reason?: "signed-out" | "refresh-failed") => void>();
  const channel = channelName && typeof BroadcastChannel !== "undefined" ? new BroadcastChannel(channelName) : null;
  const notify = (reason?: "signed-out" | "refresh-failed") => {
    for (const listener of listeners) listener(session, reason);
  };
  channel?.addEventListener("message", (message: MessageEvent<TabMessage>) => {
    if (message.data.kind === "session") {
      session = message.data.session;
      notify();
    } else if (session) {
      session = null;
      generation++;
      notify(message.data.reason);
    }
  });
  return {
    current: () => session,
    generation: () => generation,
    set(next) {
      session = next;
      channel?.postMessage({ kind: "session", session: next } satisfies TabMessage);
      notify();
    },
    clear(reason) {
      generation++;
      if (!session) return;
      session = null;
      channel?.postMessage({ kind: "cleared", reason } satisfies TabMessage);
      notify(reason);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
