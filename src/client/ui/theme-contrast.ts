import { BENCHMARK_BUCKETS } from "./benchmark";
import { contrastRatio, MIN_TEXT_CONTRAST, MIN_UI_CONTRAST } from "./contrast";
import type { Palette } from "./theme";

/** One place where a colour role sits on another, and the contrast it needs there. */
export interface ContrastPair {
  /** Role names as the palette spells them, e.g. "textMuted on surfaceRaised". */
  readonly name: string;
  readonly foreground: string;
  readonly background: string;
  /** 4.5 for text, 3 for the edges of controls and the focus ring. */
  readonly minimum: number;
  readonly ratio: number;
}

type ColourRole = { [K in keyof Palette]: Palette[K] extends string ? K : never }[keyof Palette];

const SURFACES = ["background", "surface", "surfaceRaised"] as const satisfies readonly ColourRole[];
/** Roles used as text on any surface. */
const TEXT_ON_SURFACES = ["text", "textMuted", "accent", "danger", "warning", "success", "info", "good", "bad", "neutral"] as const satisfies readonly ColourRole[];
/** Roles drawn as lines or shapes that must be seen: control edges, the focus ring (a checked box is `accent`, held to 4.5 above). */
const UI_ON_SURFACES = ["borderStrong", "focus"] as const satisfies readonly ColourRole[];
/** Text on a fill: [text role, fill role] (badges, alerts, buttons, the tooltip's inverted colours). */
const TEXT_ON_FILLS = [
  ["accentText", "accent"],
  ["accentText", "accentHover"],
  ["text", "accentSurface"],
  ["accent", "accentSurface"],
  ["dangerText", "danger"],
  ["danger", "dangerSurface"],
  ["text", "dangerSurface"],
  ["warning", "warningSurface"],
  ["text", "warningSurface"],
  ["success", "successSurface"],
  ["text", "successSurface"],
  ["info", "infoSurface"],
  ["text", "infoSurface"],
  ["good", "successSurface"],
  ["bad", "dangerSurface"],
  ["textMuted", "accentSurface"],
  ["background", "text"],
  ["text", "surfaceHover"],
  ["textMuted", "surfaceHover"],
] as const satisfies readonly (readonly [ColourRole, ColourRole])[];

/** Every pair of roles the components put together in `theme`, with its ratio and minimum. */
export function contrastPairs(theme: Palette): ContrastPair[] {
  const pair = (name: string, foreground: string, background: string, minimum: number): ContrastPair => ({ name, foreground, background, minimum, ratio: contrastRatio(foreground, background) });
  return [
    ...TEXT_ON_SURFACES.flatMap((role) => SURFACES.map((surface) => pair(`${role} on ${surface}`, theme[role], theme[surface], MIN_TEXT_CONTRAST))),
    ...TEXT_ON_FILLS.map(([text, fill]) => pair(`${text} on ${fill}`, theme[text], theme[fill], MIN_TEXT_CONTRAST)),
    ...BENCHMARK_BUCKETS.map(({ bucket }) => pair(`bucket.${bucket} text on its fill`, theme.bucket[bucket].text, theme.bucket[bucket].background, MIN_TEXT_CONTRAST)),
    ...UI_ON_SURFACES.flatMap((role) => SURFACES.map((surface) => pair(`${role} on ${surface}`, theme[role], theme[surface], MIN_UI_CONTRAST))),
  ];
}
