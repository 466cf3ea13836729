import type { Palette } from "./theme";

/** Colours of a KPI chart in one theme: one per series, plus the chart's furniture. */
export interface ChartPalette {
  readonly actual: string;
  readonly planning: string;
  readonly lastYear: string;
  readonly forecast: string;
  /** Axis lines and tick labels. */
  readonly axis: string;
  readonly grid: string;
  /** The band behind the hovered or focused bucket. */
  readonly highlight: string;
  /** What the chart sits on; lines get a halo of it so they stay readable over the bars. */
  readonly surface: string;
}

/**
 * The chart colours of a theme. Series take the theme's own hues where one fits (actual the accent,
 * planning the amber, last year the muted grey) so they follow the theme; forecast needs a hue the
 * theme lacks, chosen here per theme. Every series colour has at least 3:1 contrast to the theme's
 * background and surface (WCAG non-text contrast); the series also differ by shape (bars, solid,
 * dashed, dotted), so colour is never the only cue.
 */
export function chartPalette(theme: Palette): ChartPalette {
  return {
    actual: theme.accent,
    planning: theme.warning,
    lastYear: theme.textMuted,
    forecast: FORECAST[theme.name],
    axis: theme.textMuted,
    grid: theme.border,
    highlight: theme.surfaceRaised,
    surface: theme.surface,
  };
}

// Violet: apart from blue (actual), amber (planning) and grey (last year) in both themes.
const FORECAST: Readonly<Record<Palette["name"], string>> = { dark: "#c9a7ff", light: "#6b3fb8" };
