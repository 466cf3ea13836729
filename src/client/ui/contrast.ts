/**
 * WCAG 2.x contrast of two colours (https://www.w3.org/TR/WCAG21/#dfn-contrast-ratio). The theme
 * test holds every token pair to its minimum, and /uipatterns shows the ratios of the current theme.
 */

/** Text (and icons that carry meaning as text does) needs 4.5:1; UI components and graphics 3:1. */
export const MIN_TEXT_CONTRAST = 4.5;
export const MIN_UI_CONTRAST = 3;

/** The contrast ratio of two opaque colours given as `#rgb` or `#rrggbb`, from 1 to 21. */
export function contrastRatio(foreground: string, background: string): number {
  const a = relativeLuminance(foreground);
  const b = relativeLuminance(background);
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}

/** Relative luminance of an sRGB colour, 0 (black) to 1 (white). */
export function relativeLuminance(colour: string): number {
  const [r, g, b] = parseHex(colour).map((channel) => {
    const c = channel / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function parseHex(colour: string): [number, number, number] {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(colour.trim())?.[1];
  if (!hex) throw new Error(`Not an opaque hex colour: ${colour}`);
  const full = hex.length === 3 ? [...hex].map((digit) => digit + digit).join("") : hex;
  return [0, 2, 4].map((start) => parseInt(full.slice(start, start + 2), 16)) as [number, number, number];
}
