import { test } from "uvu";
import * as assert from "uvu/assert";
import { percentChange, PERCENT_CHANGE_SENTINEL as S } from "../../../src/domain/kpi/percent-change";

test("percent change as a table", () => {
  const table: [number | null | undefined, number | null | undefined, number | null][] = [
    [110, 100, 10],
    [90, 100, -10],
    [100, 100, 0],
    [1, 3, -66.7],
    [2, 3, -33.3],
    [-90, -100, 10], // less negative is up, against the base's size
    [-110, -100, -10],
    [5, 0, S],
    [-5, 0, -S],
    [0, 0, 0],
    [5, -5, S], // opposite signs
    [-5, 5, -S],
    [0, 5, -100],
    [null, 5, null],
    [5, null, null],
    [undefined, 5, null],
  ];
  for (const [value, base, expected] of table) assert.is(percentChange(value, base), expected, `${value} vs ${base}`);
});

test.run();
