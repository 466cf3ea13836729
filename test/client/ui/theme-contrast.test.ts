import { test } from "uvu";
import * as assert from "uvu/assert";
import { contrastRatio, relativeLuminance } from "../../../src/client/ui/contrast";
import { DARK, LIGHT, type Palette } from "../../../src/client/ui/theme";
import { contrastPairs } from "../../../src/client/ui/theme-contrast";
import { chartPalette } from "../../../src/client/ui/chart-palette";

test("contrast ratios follow the WCAG formula", () => {
  assert.is(contrastRatio("#000", "#fff"), 21);
  assert.is(contrastRatio("#fff", "#fff"), 1);
  assert.is(contrastRatio("#777777", "#ffffff").toFixed(2), "4.48", "the classic grey just under AA");
  assert.is(contrastRatio("#ffffff", "#767676").toFixed(2), "4.54", "order does not matter");
  assert.is(relativeLuminance("#ff0000").toFixed(4), "0.2126");
  assert.throws(() => contrastRatio("red", "#fff"), /Not an opaque hex colour/);
});

for (const theme of [DARK, LIGHT]) {
  test(`every token pair of the ${theme.name} theme meets its minimum (text 4.5:1, controls and focus 3:1)`, () => {
    const pairs = contrastPairs(theme);
    assert.ok(pairs.length > 50, "the list covers text, fills, buckets and controls");
    const failing = pairs.filter((pair) => pair.ratio < pair.minimum).map((pair) => `${pair.name}: ${pair.ratio.toFixed(2)} < ${pair.minimum}`);
    assert.equal(failing, [], failing.join("\n"));
  });

  test(`the ${theme.name} theme's benchmark buckets are five different fills, and the strong ends stand out from the page`, () => {
    const fills = Object.values(theme.bucket).map((pair) => pair.background);
    assert.is(new Set(fills).size, 5);
    for (const strong of [theme.bucket.bottom5, theme.bucket.top5]) assert.ok(contrastRatio(strong.background, theme.surface) >= 3, `${strong.background} on surface`);
  });

  test(`the ${theme.name} theme's chart series keep 3:1 on the chart surface`, () => {
    const chart = chartPalette(theme);
    for (const series of [chart.actual, chart.planning, chart.lastYear, chart.forecast]) assert.ok(contrastRatio(series, theme.surface) >= 3, series);
  });
}

test("the themes define the same roles (a role added to one is added to both)", () => {
  const roles = (palette: Palette) => Object.keys(palette).sort();
  assert.equal(roles(DARK), roles(LIGHT));
});

test.run();
