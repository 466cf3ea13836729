import { test } from "uvu";
import * as assert from "uvu/assert";
import type { CheckedRow } from "../../../src/domain/uploads/check-parts";
import { previewOf, rowsToImport, uploadCounts, uploadState } from "../../../src/domain/uploads/upload-result";

const row = (number: number, valid: boolean, values = 1, unchanged = 0): CheckedRow => ({
  row: number,
  target: 1,
  label: "Revenue",
  dimensionKey: number === 3 ? '[["Region","North"]]' : "",
  valid,
  values: Array.from({ length: values }, (_, index) => ({ month: 24312 + index, value: index === 0 ? null : index })),
  unchanged,
});

test("the three result states, in the spec's words", () => {
  const table: [number, number, string][] = [
    [0, 0, "successful"],
    [0, 1, "contains warnings"],
    [1, 1, "partially successful with errors"],
    [1, 0, "partially successful with errors"],
  ];
  for (const [errors, warnings, state] of table) assert.is(uploadState({ errors, warnings }), state);
});

test("all or nothing by default; only the valid rows when chosen", () => {
  const rows = [row(2, true), row(3, false)];
  const table: [CheckedRow[], number, "all" | "valid", string][] = [
    [rows, 1, "all", "refused has-errors"],
    [rows, 1, "valid", "import 2"],
    [[row(2, true), row(3, true)], 0, "all", "import 2,3"],
    [[row(2, false)], 1, "valid", "refused nothing-valid"],
    [[], 0, "all", "refused nothing-valid"],
  ];
  for (const [input, errors, choice, expected] of table) {
    const decision = rowsToImport(input, errors, choice);
    assert.is(decision.kind === "import" ? `import ${decision.rows.map((item) => item.row).join(",")}` : `refused ${decision.reason}`, expected);
  }
});

test("counts and the preview", () => {
  const rows = [row(2, true, 3, 1), row(3, true, 2), row(4, false, 5)];
  assert.equal(uploadCounts(rows, { errors: 1, warnings: 2 }), { rows: 3, validRows: 2, values: 5, unchanged: 1, errors: 1, warnings: 2 });
  const preview = previewOf(rows, 2);
  assert.is(preview.length, 2);
  assert.equal(preview[1], { row: 3, label: "Revenue", dimension: "Region: North", valid: true, values: [{ date: "2026-01-01", value: null }, { date: "2026-02-01", value: 1 }] });
});

test.run();
