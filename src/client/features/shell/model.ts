import { produce } from "immer";
import type { Reducer } from "../../bus/store";

export type ThemeChoice = "dark" | "light" | "auto";

/** The theme cycle: dark → light → auto → dark. */
export const nextTheme = (theme: ThemeChoice): ThemeChoice => (theme === "dark" ? "light" : theme === "light" ? "auto" : "dark");

export interface Alert {
  readonly id: number;
  readonly text: string;
  readonly at: string;
}

/** The frame around every screen: theme, currency, alerts and failed chunks. */
export interface ShellModel {
  readonly theme: ThemeChoice;
  /** The chosen named FX rate; null is the company's local currency. */
  readonly fxRateId: number | null;
  readonly alerts: readonly Alert[];
  readonly chunkError: { readonly chunk: string; readonly message: string } | null;
  readonly lastServerSeq: number;
}

export const MAX_ALERTS = 5;

/** Server events kept for audit and sync, not worth interrupting anyone for. */
export const SILENT_SERVER_EVENTS: ReadonlySet<string> = new Set(["UserSignedIn", "DemoDataSeeded"]);

export const initialShell: ShellModel = { theme: "dark", fxRateId: null, alerts: [], chunkError: null, lastServerSeq: 0 };

export const shellReducer: Reducer<ShellModel> = (model, event) => {
  switch (event._tag) {
    case "ThemeChanged":
      return produce(model, (draft) => {
        draft.theme = event.theme;
      });
    case "FxRateSelected":
      return produce(model, (draft) => {
        draft.fxRateId = event.fxRateId;
      });
    case "SignedOut":
      return { ...initialShell, theme: model.theme };
    case "ServerEventReceived":
      return produce(model, (draft) => {
        draft.lastServerSeq = Math.max(draft.lastServerSeq, event.seq);
        if (SILENT_SERVER_EVENTS.has(event.type)) return;
        draft.alerts.unshift({ id: event.seq, text: describeServerEvent(event.type, event.actor), at: event.occurredAt });
        draft.alerts.splice(MAX_ALERTS);
      });
    case "AlertDismissed":
      return produce(model, (draft) => {
        draft.alerts = draft.alerts.filter((alert) => alert.id !== event.id);
      });
    case "ChunkLoadFailed":
      return produce(model, (draft) => {
        draft.chunkError = { chunk: event.chunk, message: event.message };
      });
    default:
      return model;
  }
};

/** "KpiValueEdited" by "user:4" → "Kpi value edited (user 4)". */
export function describeServerEvent(type: string, actor: string): string {
  const words = type.replace(/([a-z0-9])([A-Z])/g, "$1 $2").toLowerCase();
  const who = actor.replace(":", " ");
  return `${words.charAt(0).toUpperCase()}${words.slice(1)} (${who})`;
}
