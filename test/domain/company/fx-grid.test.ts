import { test } from "uvu";
import * as assert from "uvu/assert";
import { applyFxEdits, FX_RATE_NOT_POSITIVE, FX_RATES_EMPTY, fxCellsForYear, fxDateHeader } from "../../../src/domain/company/fx-grid";
import { INVALID_NUMBER } from "../../../src/domain/kpi/number-input";

const USD = [
  { validFrom: "2025-07-01", rate: 1.1 },
  { validFrom: "2026-03-01", rate: 1.2 },
];

test("a year's cells: the stored rate of a month, and the rate in force (the earliest applies before it)", () => {
  const cells = fxCellsForYear(USD, 2026);
  assert.equal(
    cells.map((cell) => [cell.month, cell.stored, cell.effective]),
    [
      ["2026-01-01", null, 1.1],
      ["2026-02-01", null, 1.1],
      ["2026-03-01", 1.2, 1.2],
      ...["04", "05", "06", "07", "08", "09", "10", "11", "12"].map((month) => [`2026-${month}-01`, null, 1.2]),
    ],
  );
  assert.equal(fxCellsForYear(USD, 2024)[0], { month: "2024-01-01", stored: null, effective: 1.1 }, "before the first date: the earliest rate");
  assert.equal(fxCellsForYear([], 2026)[0], { month: "2026-01-01", stored: null, effective: null });
});

test("edits: a number sets the month, empty or '-' removes it, other months stay; errors by month", () => {
  const table: [Record<string, string>, ReturnType<typeof applyFxEdits>][] = [
    [{}, { rates: USD }],
    [{ "2026-01-01": "1.15" }, { rates: [USD[0]!, { validFrom: "2026-01-01", rate: 1.15 }, USD[1]!] }],
    [{ "2026-03-01": "1,250.5" }, { rates: [USD[0]!, { validFrom: "2026-03-01", rate: 1250.5 }] }],
    [{ "2026-03-01": "" }, { rates: [USD[0]!] }],
    [{ "2026-03-01": " - " }, { rates: [USD[0]!] }],
    [{ "2026-03-01": "", "2025-07-01": "" }, { errors: { rates: FX_RATES_EMPTY } }],
    [{ "2026-04-01": "0" }, { errors: { "2026-04-01": FX_RATE_NOT_POSITIVE } }],
    [{ "2026-04-01": "-2" }, { errors: { "2026-04-01": FX_RATE_NOT_POSITIVE } }],
    [{ "2026-04-01": "1,2", "2026-05-01": "abc" }, { errors: { "2026-04-01": INVALID_NUMBER, "2026-05-01": INVALID_NUMBER } }],
  ];
  for (const [edits, expected] of table) assert.equal(applyFxEdits(USD, edits), expected, JSON.stringify(edits));
});

test("headers are written dd.mm.yyyy (spec section 9)", () => {
  assert.is(fxDateHeader("2026-03-01"), "01.03.2026");
  assert.is(fxDateHeader("1999-12-01"), "01.12.1999");
});

test.run();
