import { produce } from "immer";
import type { Reducer } from "../../bus/store";

export type ThemeChoice = "dark" | "light" | "auto";

/** The theme cycle: dark → light → auto → dark. */
export const nextTheme = (theme: ThemeChoice): ThemeChoice => (theme === "dark" ? "light" : theme === "light" ? "auto" : "dark");

/**
 * The frame around every screen: theme, currency, failed chunks and how far the server's event
 * stream has been read (others' changes become notifications: features/notifications).
 */
export interface ShellModel {
  readonly theme: ThemeChoice;
  /** The chosen named FX rate; null is the company's local currency. */
  readonly fxRateId: number | null;
  readonly chunkError: { readonly chunk: string; readonly message: string } | null;
  readonly lastServerSeq: number;
  /** Each theme's company logo as the page shows it (null: none or not loaded; url "": failed to load; the product name shows for both). */
  readonly logos: { readonly light: LoadedLogo | null; readonly dark: LoadedLogo | null };
}

export interface LoadedLogo {
  readonly version: string;
  readonly url: string;
}

export const initialShell: ShellModel = { theme: "dark", fxRateId: null, chunkError: null, lastServerSeq: 0, logos: { light: null, dark: null } };

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
    case "CompanyLogoLoaded":
      return produce(model, (draft) => {
        draft.logos[event.theme] = { version: event.version, url: event.url };
      });
    case "CompanyLogoLoadFailed":
      // Settled without an image: the product name shows, and a print page waiting for it goes on.
      return produce(model, (draft) => {
        draft.logos[event.theme] = { version: event.version, url: "" };
      });
    case "CompanyLogoVersionChanged":
      // A removed logo goes at once; a replaced one shows until the new image is in.
      if (event.version !== null) return model;
      return produce(model, (draft) => {
        draft.logos[event.theme] = null;
      });
    case "ServerEventReceived":
      return produce(model, (draft) => {
        draft.lastServerSeq = Math.max(draft.lastServerSeq, event.seq);
      });
    case "ChunkLoadFailed":
      return produce(model, (draft) => {
        draft.chunkError = { chunk: event.chunk, message: event.message };
      });
    default:
      return model;
  }
};
