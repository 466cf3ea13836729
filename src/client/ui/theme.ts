/** Colours of one theme; every view takes its colours from here, never literally. */
export interface Palette {
  readonly name: "dark" | "light";
  readonly background: string;
  readonly surface: string;
  readonly surfaceRaised: string;
  readonly border: string;
  readonly text: string;
  readonly textMuted: string;
  readonly accent: string;
  readonly accentText: string;
  readonly danger: string;
  readonly dangerSurface: string;
  readonly warning: string;
  /** Good news: ahead of plan, a favourable deviation. */
  readonly positive: string;
  readonly focus: string;
}

// Contrast of text on background and surface is above 7:1 (muted text above 4.5:1) in both.
export const DARK: Palette = {
  name: "dark",
  background: "#0f1420",
  surface: "#161c2b",
  surfaceRaised: "#1e2638",
  border: "#2c364d",
  text: "#e6e9ef",
  textMuted: "#a3acbf",
  accent: "#6ea8fe",
  accentText: "#0b1220",
  danger: "#ff8a8a",
  dangerSurface: "#3a1d24",
  warning: "#f5c46b",
  positive: "#6fd39a",
  focus: "#9ec5ff",
};

export const LIGHT: Palette = {
  name: "light",
  background: "#f6f7fb",
  surface: "#ffffff",
  surfaceRaised: "#eef1f7",
  border: "#cfd6e4",
  text: "#161b26",
  textMuted: "#4d5870",
  accent: "#1f5fbf",
  accentText: "#ffffff",
  danger: "#a8071a",
  dangerSurface: "#fde8ea",
  warning: "#8a5a00",
  positive: "#1a7f37",
  focus: "#1f5fbf",
};
