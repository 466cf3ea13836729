/**
 * A KPI's benchmark set as administrators enter it (spec section 3: valueBottom25, valueMedian50,
 * valueTop25, top5): the peer marks every card's bucket (benchmarks.ts) and the detail chart's
 * bands are drawn from. A set is all four marks or none, ordered worst to best in the KPI's good
 * direction, each strictly beyond the one before: equal marks would leave a bucket no value can reach.
 */
export interface BenchmarkSet {
  readonly valueBottom25: number | null;
  readonly valueMedian50: number | null;
  readonly valueTop25: number | null;
  readonly top5: number | null;
}

export type BenchmarkField = keyof BenchmarkSet;

/** Worst to best. */
export const BENCHMARK_FIELDS: readonly BenchmarkField[] = ["valueBottom25", "valueMedian50", "valueTop25", "top5"];

export const BENCHMARK_FIELD_LABEL: Readonly<Record<BenchmarkField, string>> = {
  valueBottom25: "Bottom 25 %",
  valueMedian50: "Median",
  valueTop25: "Top 25 %",
  top5: "Top 5 %",
};

export const BENCHMARKS_INCOMPLETE = "Enter all four marks, or none to remove the benchmarks.";

/**
 * Field messages of a set that cannot be saved (empty: it can). Each mark is checked against the
 * one before it, so one misplaced mark is named once, where it is.
 */
export function benchmarkSetProblems(set: BenchmarkSet, higherIsBetter: boolean): Record<string, string[]> {
  const problems: Record<string, string[]> = {};
  const given = BENCHMARK_FIELDS.filter((field) => set[field] !== null);
  if (given.length === 0) return problems;
  if (given.length < BENCHMARK_FIELDS.length) {
    for (const field of BENCHMARK_FIELDS) if (set[field] === null) problems[field] = [BENCHMARKS_INCOMPLETE];
    return problems;
  }
  for (let index = 1; index < BENCHMARK_FIELDS.length; index++) {
    const field = BENCHMARK_FIELDS[index]!;
    const previous = BENCHMARK_FIELDS[index - 1]!;
    const value = set[field]!;
    const before = set[previous]!;
    const beyond = higherIsBetter ? value > before : value < before;
    if (!beyond) problems[field] = [`${BENCHMARK_FIELD_LABEL[field]} must be ${higherIsBetter ? "above" : "below"} ${BENCHMARK_FIELD_LABEL[previous].toLowerCase()}: ${higherIsBetter ? "higher" : "lower"} is better for this KPI.`];
  }
  return problems;
}

/** A set with all four marks (what the bands need), or null. */
export function completeBenchmarks(set: BenchmarkSet): { bottom25: number; median50: number; top25: number; top5: number } | null {
  const { valueBottom25, valueMedian50, valueTop25, top5 } = set;
  if (valueBottom25 === null || valueMedian50 === null || valueTop25 === null || top5 === null) return null;
  return { bottom25: valueBottom25, median50: valueMedian50, top25: valueTop25, top5 };
}
