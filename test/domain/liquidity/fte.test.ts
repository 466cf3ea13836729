import { test } from "uvu";
import * as assert from "uvu/assert";
import { fteOf, roundTo2, weeklyHoursOf } from "../../../src/domain/liquidity/fte";

test("FTE from weekly hours, two decimals", () => {
  const table: [hours: number, fullTime: number, fte: number][] = [
    [40, 40, 1],
    [20, 40, 0.5],
    [30, 40, 0.75],
    [13, 40, 0.33], // 0.325 rounds half up
    [10, 30, 0.33],
    [20, 30, 0.67],
    [38.5, 38.5, 1],
    [45, 40, 1.13],
    [12, 0, 0], // no full-time hours set: no FTE, not Infinity
  ];
  for (const [hours, fullTime, fte] of table) assert.is(fteOf(hours, fullTime), fte, `${hours} h of ${fullTime} h`);
});

test("weekly hours from a typed-in FTE, two decimals", () => {
  const table: [fte: number, fullTime: number, hours: number][] = [
    [1, 40, 40],
    [0.5, 40, 20],
    [0.33, 40, 13.2],
    [0.8, 38.5, 30.8],
    [0.333, 38.5, 12.82],
  ];
  for (const [fte, fullTime, hours] of table) assert.is(weeklyHoursOf(fte, fullTime), hours, `${fte} FTE of ${fullTime} h`);
});

test("cents round half away from zero, also where binary floats sit a hair below the half", () => {
  const table: [number, number][] = [
    [1.005, 1.01],
    [0.285, 0.29],
    [1.004, 1],
    [-1.005, -1.01],
    [-0.004, 0],
    [2.675, 2.68],
    [1234567.891, 1234567.89],
    [0, 0],
  ];
  for (const [value, rounded] of table) assert.is(roundTo2(value), rounded, String(value));
  assert.ok(Object.is(roundTo2(-0.001), 0), "no negative zero");
});

test.run();
