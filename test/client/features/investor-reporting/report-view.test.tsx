// The section renderers (report-view/section-view.tsx) in happy-dom: KPI tables with a header
// that repeats on paper (thead) and one tbody per KPI, stored rich text as it is, attachment
// lists, a chart section without a chart; each tells when it is drawn (the print waits for it).
import { act, cleanup, screen, within } from "@testing-library/react";
import { test } from "uvu";
import * as assert from "uvu/assert";
import type { ReportSection, SectionData } from "../../../../src/contracts/investor-reporting";
import { NO_CHART } from "../../../../src/client/features/investor-reporting/report-view/chart-section";
import { NO_SECTION_DATA, ReportSectionView } from "../../../../src/client/features/investor-reporting/report-view/section-view";
import { renderWithBus } from "../../support/dom";
import { kpiSection } from "./report-view-fixtures";

test.after.each(() => cleanup());

const section = (variant: ReportSection["variant"], name: string, selectedView: ReportSection["selectedView"] = "actual_comparison"): ReportSection => ({ id: 1, name, slug: `${variant}_1`, variant, selectedView, position: 0, settings: {}, content: null });

async function show(variant: ReportSection["variant"], name: string, data: SectionData | undefined, mode: "screen" | "print" = "print") {
  let ready = 0;
  const view = await renderWithBus(<ReportSectionView section={section(variant, name)} data={data} currency="EUR" mode={mode} onReady={() => void (ready += 1)} />);
  await act(async () => {});
  return { ...view, ready: () => ready };
}

test("a KPI section is a table: its header in a thead, each KPI's lines in their own tbody, figures formatted", async () => {
  const { container, ready } = await show("kpi", "Key figures", kpiSection());
  const table = screen.getByRole("table");
  assert.match(table.querySelector("caption")!.textContent!, /Key figures: Jan 2026 – Jun 2026 by quarter, compared with the plan; figures in EUR/);
  assert.equal([...table.querySelectorAll("thead th")].map((cell) => cell.firstChild!.textContent), ["KPI", "Q1 2026", "Q2 2026", "YTD", "LTM", "FY"]);
  assert.is(table.querySelectorAll("tbody").length, 2);
  const revenue = within(table.querySelectorAll("tbody")[0] as HTMLElement);
  assert.ok(revenue.getByText("+€ 200k") && revenue.getByText("−10.0 %"));
  assert.is(container.querySelector("[data-print-block]"), null, "a table runs on over pages, it is no block");
  assert.is(ready(), 1);
});

test("a text section shows the stored (sanitized) HTML; attachments list their files; no data says so", async () => {
  const text = await show("text", "Letter", { kind: "text", content: { html: "<h2>Highlights</h2><p>A <strong>strong</strong> quarter</p>" } });
  assert.is(screen.getByRole("heading", { name: "Highlights" }).tagName, "H2");
  assert.is(screen.getByText("strong").tagName, "STRONG");
  assert.is(text.ready(), 1);
  cleanup();
  const files = await show("attachments", "Appendices", { kind: "attachments", attachments: [{ id: 4, fileName: "cap-table.pdf", mediaType: "application/pdf", size: 2048, uploadedAt: "2026-06-01T00:00:00Z" }] });
  assert.ok(screen.getByText("cap-table.pdf"));
  assert.ok(screen.getByText(/PDF · 2\.0 KB/));
  assert.ok(files.container.querySelector("[data-print-block]"), "on paper a list is kept whole");
  cleanup();
  await show("kpi", "Empty", undefined);
  assert.ok(screen.getByText(NO_SECTION_DATA));
});

test("a chart section without a saved chart says so and is ready", async () => {
  const chart = await show("chart", "Trend", { kind: "chart", chartId: null, name: null, series: [], kpis: [] }, "screen");
  assert.ok(screen.getByText(NO_CHART));
  assert.is(chart.ready(), 1);
  assert.is(chart.container.querySelector("[data-print-block]"), null, "on screen no print blocks");
});

test.run();
