import type { ColourScheme } from "../../contracts/charts";
import type { Palette } from "../ui/theme";

/**
 * The chart builder's colour schemes (contracts COLOUR_SCHEMES), six colours each, one set per
 * theme so a chart follows the theme it is shown in. Every colour has at least 3:1 contrast to
 * the theme's background, surface and raised surface (WCAG non-text contrast; tested), so the
 * light theme's sets are deep and the dark theme's bright. Colour is never the only cue: series
 * also differ by fill or dash, stacked segments are parted by a gap, and tooltips name them.
 * - meridian: the product's hues, apart from each other;
 * - blues, greens, warm: one family, for charts that should read as one thing;
 * - contrast: the Okabe–Ito colours, told apart with the common colour-vision deficiencies.
 */
export const SCHEME_COLOURS: Readonly<Record<ColourScheme, Readonly<Record<Palette["name"], readonly string[]>>>> = {
  meridian: { light: ["#2563eb", "#b45309", "#047857", "#7c3aed", "#be123c", "#0e7490"], dark: ["#6ea8fe", "#f5b94a", "#4ade80", "#c9a7ff", "#fb7185", "#22d3ee"] },
  blues: { light: ["#0b3a75", "#3a7bd5", "#1f5fae", "#4a73a8", "#12508a", "#2d6fc2"], dark: ["#dbeafe", "#5b9cf5", "#93c5fd", "#4f8be6", "#bcd4f7", "#78b0fa"] },
  greens: { light: ["#14532d", "#2f8f50", "#0f6b57", "#527a2a", "#1e7a3f", "#3d6b2f"], dark: ["#bbf7d0", "#34c26b", "#5eead4", "#a3e635", "#6ee7a0", "#86efac"] },
  warm: { light: ["#9a3412", "#be123c", "#a16207", "#c2410c", "#9f1239", "#b45309"], dark: ["#fdba74", "#fb7185", "#fcd34d", "#f59e0b", "#fda4af", "#fb923c"] },
  contrast: { light: ["#1f2937", "#c25100", "#0068a3", "#007a5a", "#b0407f", "#8a6d00"], dark: ["#f3f4f6", "#ff9f43", "#56b4e9", "#3fd4a5", "#f08cc0", "#f0e442"] },
};

export const SCHEME_NAMES: Readonly<Record<ColourScheme, string>> = { meridian: "Meridian", blues: "Blues", greens: "Greens", warm: "Warm", contrast: "High contrast" };

/** The colour of the `index`th coloured thing of a chart, repeating after six. */
export const schemeColour = (scheme: ColourScheme, theme: Palette, index: number) => {
  const colours = SCHEME_COLOURS[scheme][theme.name];
  return colours[index % colours.length]!;
};
