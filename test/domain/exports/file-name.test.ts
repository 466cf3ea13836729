import { test } from "uvu";
import * as assert from "uvu/assert";
import { exportFileName } from "../../../src/domain/exports/file-name";

test("file names every system saves without quoting", () => {
  assert.is(exportFileName("Sales & Growth 2026", "pdf"), "Sales-Growth-2026.pdf");
  assert.is(exportFileName("Über Ümsätze / Q1", "pdf"), "Uber-Umsatze-Q1.pdf");
  assert.is(exportFileName('"; rm -rf', "pdf"), "rm-rf.pdf");
  assert.is(exportFileName("???", "pdf"), "dashboard.pdf");
  assert.is(exportFileName("///", "xlsx"), "dashboard.xlsx");
  assert.is(exportFileName("???", "pdf", "report"), "report.pdf");
});

test.run();
