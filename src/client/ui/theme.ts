import type { BenchmarkBucket } from "../../domain/kpi/benchmarks";

/** A badge's two colours: its fill and the text on it. */
export interface ColourPair {
  readonly background: string;
  readonly text: string;
}

/**
 * The colour roles of one theme. Every view takes its colours from here by role, never literally;
 * `theme-contrast.ts` lists which role sits on which and the test holds each pair to WCAG AA.
 * Fields are only ever added (the views and chart-palette.ts read the older ones).
 */
export interface Palette {
  readonly name: "dark" | "light";
  /** The page behind everything. */
  readonly background: string;
  /** Cards, tables, inputs, the top bar and the menu. */
  readonly surface: string;
  /** Something on a surface: table headers, popovers, menus, hovered rows, skeletons. */
  readonly surfaceRaised: string;
  /** A hovered quiet control or row. */
  readonly surfaceHover: string;
  /** Decorative lines between things (card edges, table rules); not required to be seen. */
  readonly border: string;
  /** The edge of a control that must be seen to be used (inputs, checkboxes): 3:1 on every surface. */
  readonly borderStrong: string;
  readonly text: string;
  /** Labels, help text, secondary figures: still 4.5:1 on every surface. */
  readonly textMuted: string;
  /** Links, primary buttons, selected states. */
  readonly accent: string;
  /** Text on an accent fill. */
  readonly accentText: string;
  /** An accent fill under the pointer. */
  readonly accentHover: string;
  /** A quiet tint of the accent behind selected rows or the current menu item. */
  readonly accentSurface: string;
  /** The keyboard focus ring: 3:1 on every surface. */
  readonly focus: string;
  readonly danger: string;
  readonly dangerSurface: string;
  /** Text on a solid danger fill (the danger button). */
  readonly dangerText: string;
  readonly warning: string;
  readonly warningSurface: string;
  readonly success: string;
  readonly successSurface: string;
  readonly info: string;
  readonly infoSurface: string;
  /** Good news: ahead of plan, a favourable deviation. Same hue as `good`. */
  readonly positive: string;
  /** A deviation in the KPI's good direction. */
  readonly good: string;
  /** A deviation against the KPI's good direction. */
  readonly bad: string;
  /** No deviation, or no data to tell. */
  readonly neutral: string;
  /** The five benchmark buckets as badge colours, from red (bottom 5 %) over grey to green (top 5 %). */
  readonly bucket: Readonly<Record<BenchmarkBucket, ColourPair>>;
  /** Controls that cannot be used: they look it (flat, no edge, faded text). */
  readonly disabledSurface: string;
  readonly disabledText: string;
  /** The veil behind a modal dialog. */
  readonly overlay: string;
  /** Elevation: cards lifted a little (raised) and floating layers (popovers, dialogs, toasts). */
  readonly shadowRaised: string;
  readonly shadowOverlay: string;
}

/** The default theme. Contrast of every pair: see theme-contrast.ts (tested). */
export const DARK: Palette = {
  name: "dark",
  background: "#0f1420",
  surface: "#161c2b",
  surfaceRaised: "#1e2638",
  surfaceHover: "#242d42",
  border: "#2c364d",
  borderStrong: "#6b7590",
  text: "#e6e9ef",
  textMuted: "#a3acbf",
  accent: "#6ea8fe",
  accentText: "#0b1220",
  accentHover: "#8cbaff",
  accentSurface: "#1c2c4a",
  focus: "#9ec5ff",
  danger: "#ff8a8a",
  dangerSurface: "#3a1d24",
  dangerText: "#1c0709",
  warning: "#f5c46b",
  warningSurface: "#332816",
  success: "#6fd39a",
  successSurface: "#15301f",
  info: "#7cc8f8",
  infoSurface: "#142c40",
  positive: "#6fd39a",
  good: "#6fd39a",
  bad: "#ff8a8a",
  neutral: "#a3acbf",
  bucket: {
    bottom5: { background: "#f07a7a", text: "#1c0709" },
    bottom25: { background: "#46262a", text: "#ffc2c2" },
    average50: { background: "#2a3246", text: "#d5dae5" },
    top25: { background: "#17392a", text: "#9de4b8" },
    top5: { background: "#5ccf8c", text: "#04170c" },
  },
  disabledSurface: "#1e2638",
  disabledText: "#7d879c",
  overlay: "rgba(4, 7, 14, 0.72)",
  shadowRaised: "0 1px 2px rgba(0, 0, 0, 0.4)",
  shadowOverlay: "0 12px 32px rgba(0, 0, 0, 0.55), 0 2px 6px rgba(0, 0, 0, 0.4)",
};

export const LIGHT: Palette = {
  name: "light",
  background: "#f6f7fb",
  surface: "#ffffff",
  surfaceRaised: "#eef1f7",
  surfaceHover: "#e6eaf2",
  border: "#cfd6e4",
  borderStrong: "#7a8499",
  text: "#161b26",
  textMuted: "#4d5870",
  accent: "#1f5fbf",
  accentText: "#ffffff",
  accentHover: "#174c9c",
  accentSurface: "#e3ecfa",
  focus: "#1f5fbf",
  danger: "#a8071a",
  dangerSurface: "#fde8ea",
  dangerText: "#ffffff",
  warning: "#8a5a00",
  warningSurface: "#fdf3dc",
  success: "#177a35",
  successSurface: "#e3f4e8",
  info: "#0b5f87",
  infoSurface: "#e1f0f8",
  positive: "#177a35",
  good: "#177a35",
  bad: "#b42318",
  neutral: "#4d5870",
  bucket: {
    bottom5: { background: "#b42318", text: "#ffffff" },
    bottom25: { background: "#fde3e1", text: "#8f1c13" },
    average50: { background: "#e7eaf0", text: "#3a4357" },
    top25: { background: "#dcf3e3", text: "#14612b" },
    top5: { background: "#1a7f37", text: "#ffffff" },
  },
  disabledSurface: "#eef1f7",
  disabledText: "#7d8699",
  overlay: "rgba(22, 27, 38, 0.45)",
  shadowRaised: "0 1px 2px rgba(22, 27, 38, 0.08)",
  shadowOverlay: "0 12px 32px rgba(22, 27, 38, 0.18), 0 2px 6px rgba(22, 27, 38, 0.12)",
};
