import { calendarMonthOf, monthIndexOf, type MonthIndex } from "../../../domain/months";
import type { DemoKpi } from "./demo-catalog";
import { seededRandom } from "./random";

/** Every series is anchored at January 2026, so a month's value never depends on the seed day. */
const ANCHOR: MonthIndex = monthIndexOf("2026-01-01");

/** The trend and season of a KPI in a month, without noise: what a plan would expect. */
export function expectedValue(kpi: DemoKpi, month: MonthIndex, scale: number): number {
  const years = (month - ANCHOR) / 12;
  // Peaks in the last quarter of the calendar year, dips in summer.
  const seasonWave = Math.sin((2 * Math.PI * (calendarMonthOf(month) - 7)) / 12);
  switch (kpi.shape) {
    case "flow":
      return kpi.base * scale * (1 + (kpi.growth ?? 0)) ** years * (1 + (kpi.season ?? 0) * seasonWave);
    case "level":
      return kpi.base * scale * (1 + (kpi.growth ?? 0)) ** years;
    case "ratio":
      return kpi.base + (kpi.growth ?? 0) * years + (kpi.season ?? 0) * seasonWave;
    case "binary":
      return kpi.base;
  }
}

/** The recorded actual of a KPI in a month: expected value plus deterministic noise. */
export function actualValue(kpi: DemoKpi, month: MonthIndex, scale: number, seed: string): number {
  const random = seededRandom(`${seed}/${kpi.key}/${month}`);
  if (kpi.shape === "binary") return random.uniform() < kpi.base ? 1 : 0;
  const expected = expectedValue(kpi, month, scale);
  const noisy =
    kpi.shape === "ratio" ? expected + (kpi.noise ?? 0) * random.normal() : expected * (1 + (kpi.noise ?? 0) * random.normal());
  return finish(kpi, noisy);
}

/** The plan: the expected value with an ambition of a few percent in the good direction. */
export function planningValue(kpi: DemoKpi, month: MonthIndex, scale: number): number {
  if (kpi.shape === "binary") return 1;
  const expected = expectedValue(kpi, month, scale);
  const direction = kpi.higherIsBetter === false ? -1 : 1;
  const ambition = kpi.shape === "ratio" ? expected + direction * Math.max(Math.abs(expected) * 0.03, kpi.noise ?? 0) : expected * (1 + direction * 0.04);
  return finish(kpi, ambition);
}

/** Clamps to the KPI's range and rounds as the unit is reported. */
export function finish(kpi: DemoKpi, value: number): number {
  const clamped = Math.min(kpi.max ?? Infinity, Math.max(kpi.min ?? (kpi.shape === "ratio" ? -Infinity : 0), value));
  if (kpi.integer || kpi.shape === "binary") return Math.round(clamped);
  if (kpi.unit === "currency") return Math.round(clamped);
  return Math.round(clamped * 100) / 100;
}

export interface Benchmarks {
  readonly bottom25: number;
  readonly median50: number;
  readonly top25: number;
  readonly top5: number;
}

/**
 * Peer benchmarks around the KPI's 2026 level: the median a little below it, the quartiles a
 * spread away, top 5 % further out; mirrored for KPIs where lower is better.
 */
export function benchmarksOf(kpi: DemoKpi, scale: number): Benchmarks {
  const level = kpi.shape === "ratio" || kpi.shape === "binary" ? kpi.base : kpi.base * scale;
  const spread = kpi.shape === "ratio" ? Math.max(Math.abs(level) * 0.12, (kpi.noise ?? 0) * 2) : Math.abs(level) * 0.22;
  const direction = kpi.higherIsBetter === false ? -1 : 1;
  const median = level - direction * spread * 0.2;
  const at = (steps: number) => finish({ ...kpi, integer: false }, median + direction * spread * steps);
  if (kpi.shape === "binary") return { bottom25: 0.5, median50: 0.75, top25: 0.9, top5: 1 };
  return { bottom25: at(-1), median50: at(0), top25: at(1), top5: at(2.2) };
}
