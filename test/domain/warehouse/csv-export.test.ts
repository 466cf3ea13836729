import { test } from "uvu";
import * as assert from "uvu/assert";
import { listViewCsv, templateCsv } from "../../../src/domain/warehouse/csv-export";
import { RAW_DATA_KINDS } from "../../../src/domain/warehouse/records";
import { readRawRows } from "../../../src/domain/warehouse/raw-rows";

test("a list view as CSV: labels, raw numbers, escaped formulas and quotes", () => {
  const csv = listViewCsv({
    columns: [
      { key: "project", label: "Project", kind: "text" },
      { key: "revenue", label: "Revenue", kind: "money" },
      { key: "margin", label: "Margin", kind: "percent" },
    ],
    rows: [
      { key: "1", cells: { project: '=HYPERLINK("x")', revenue: 1234.5, margin: null } },
      { key: "2", cells: { project: "Acme, Inc.", revenue: -5, margin: 12.5 } },
    ],
  });
  assert.is(csv, 'Project,Revenue,Margin\r\n"\'=HYPERLINK(""x"")",1234.5,\r\n"Acme, Inc.",-5,12.5\r\n');
});

test("every template reads back as its kind without a problem", () => {
  for (const kind of RAW_DATA_KINDS) {
    const lines = templateCsv(kind)
      .trim()
      .split("\r\n")
      .map((line) => line.split(",").map((value) => value.replace(/^"|"$/g, "")));
    const read = readRawRows(kind, lines, [1, 2]);
    assert.equal(read.problems, [], kind);
    assert.is(read.records.length, 1, kind);
  }
});

test.run();
