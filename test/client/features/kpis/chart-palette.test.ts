import { test } from "uvu";
import * as assert from "uvu/assert";
import { chartPalette } from "../../../../src/client/ui/chart-palette";
import { DARK, LIGHT } from "../../../../src/client/ui/theme";

// WCAG 2 relative luminance and contrast ratio of #rrggbb colours.
const luminance = (hex: string) => {
  const [r, g, b] = [1, 3, 5].map((at) => {
    const channel = parseInt(hex.slice(at, at + 2), 16) / 255;
    return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};
const contrast = (a: string, b: string) => {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
};

for (const theme of [DARK, LIGHT]) {
  test(`${theme.name}: every series colour has 3:1 contrast to the background and the surface`, () => {
    const palette = chartPalette(theme);
    for (const series of ["actual", "planning", "lastYear", "forecast"] as const) {
      for (const ground of [theme.background, theme.surface, theme.surfaceRaised]) {
        const ratio = contrast(palette[series], ground);
        assert.ok(ratio >= 3, `${series} ${palette[series]} on ${ground}: ${ratio.toFixed(2)}:1`);
      }
    }
  });

  test(`${theme.name}: the four series have four different colours, all #rrggbb`, () => {
    const palette = chartPalette(theme);
    const colours = [palette.actual, palette.planning, palette.lastYear, palette.forecast];
    assert.is(new Set(colours).size, 4);
    for (const colour of colours) assert.match(colour, /^#[0-9a-f]{6}$/i);
  });
}

test.run();
