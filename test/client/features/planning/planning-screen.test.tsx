import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { ThemeProvider } from "styled-components";
import { Route, Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { test } from "uvu";
import * as assert from "uvu/assert";
import type { KpiMeta, KpiMonthValue } from "../../../../src/contracts/kpis";
import { ClockContext } from "../../../../src/client/app/clock";
import { AppConfigContext } from "../../../../src/client/app/config-context";
import { BusContext } from "../../../../src/client/bus/use-model";
import { FinancialPlanningScreen } from "../../../../src/client/features/planning/views/planning-screen";
import { ConfirmProvider } from "../../../../src/client/ui/confirm";
import { DARK } from "../../../../src/client/ui/theme";
import { INVALID_NUMBER } from "../../../../src/domain/kpi/number-input";
import { monthDateOf, monthIndexOf } from "../../../../src/domain/months";
import { json } from "../../effect/fake-server";
import { ROOTS, settle, signIn, stateWithKpis, testClient } from "../../support/harness";
import { kpiMeta } from "../../../support/kpi-meta";

test.after.each(() => cleanup());

// Nov 2026 at a company whose fiscal year starts in April: FY 2026/27, Apr 2026 – Mar 2027.
const NOW = Date.UTC(2026, 10, 15);
const PNL = { id: 10, name: "P&L", kind: "financial" as const, isComplex: false, flexibleColumnsConfig: [] };
const KPIS: KpiMeta[] = [
  kpiMeta(1, { name: "Revenue", unit: "currency", category: PNL }),
  kpiMeta(2, { name: "Gross profit", unit: "currency", category: PNL, isCalculated: true, formula: "revenue - cogs", writable: false }),
  kpiMeta(3, { name: "Cost of goods sold", unit: "currency", category: PNL }),
];
const APR_2025 = monthIndexOf("2025-04-01");
/** 24 months from Apr 2025: last fiscal year, then this one, every plan 100 (actuals 90). */
const values = (id: number): { id: number; values: KpiMonthValue[] } => ({ id, values: Array.from({ length: 24 }, (_, index) => ({ date: monthDateOf(APR_2025 + index), value: 90, planningValue: 100, lastYearValue: 80, forecastValue: null })) });

async function renderScreen() {
  const client = testClient(
    {
      "POST /api/kpis/values/": () => json(200, { kpis: KPIS.map((kpi) => values(kpi.id)) }),
      "GET /api/planning/versions/": () => json(200, { versions: [] }),
      "POST /api/planning/versions/": (call, count) =>
        count === 1
          ? json(400, { name: ["A planning version with this name already exists."] })
          : json(201, { id: 5, name: (call.body as { name: string }).name, fiscalYear: 2026, firstMonth: "2026-04-01", valueCount: 36, createdAt: "2026-11-15T10:00:00.000Z", createdBy: "Dana Delegate" }),
      "POST /api/kpis/planning-values/": (call) => json(200, { values: (call.body as { values: { kpi: number; date: string; value: number | "-" }[] }).values.map((value) => ({ ...value, value: value.value === "-" ? null : value.value })) }),
    },
    { state: stateWithKpis(KPIS, 3) },
  );
  signIn(client);
  render(
    <BusContext.Provider value={client.bus}>
      <AppConfigContext.Provider value={{ roots: ROOTS, embedOrigins: [], demo: null }}>
        <ClockContext.Provider value={() => NOW}>
          <ThemeProvider theme={DARK}>
            <ConfirmProvider>
              <Router hook={memoryLocation({ path: "/planning/financial-planning" }).hook}>
                <Route path="/planning/financial-planning/:categoryId?" component={FinancialPlanningScreen} />
              </Router>
            </ConfirmProvider>
          </ThemeProvider>
        </ClockContext.Provider>
      </AppConfigContext.Provider>
    </BusContext.Provider>,
  );
  await act(settle);
  await screen.findByRole("textbox", { name: "Revenue plan Apr 2026" });
  return client;
}

const cellOf = (name: string) => screen.getByRole("textbox", { name }) as HTMLInputElement;
const unsaved = () => screen.getByText(/unsaved change/).textContent;
/** Runs a person's action and lets the bus, its epics and React settle. */
const doing = (action: () => void) => act(async () => {
  action();
  await settle();
});
const fyOf = (kpi: string) => screen.getAllByRole("row").find((row) => row.querySelector(".kpi-name")?.textContent === kpi)?.querySelector(".total")?.textContent;

test("a pasted block lands cell by cell from the focused cell; the read-only row in its way refuses its cells and says so; the changes are counted", async () => {
  await renderScreen();
  assert.is(unsaved(), "0 unsaved changes");
  assert.is(screen.queryByRole("textbox", { name: "Gross profit plan Apr 2026" }), null, "a calculated KPI has no input");
  assert.ok(screen.getByLabelText("Gross profit plan Apr 2026: € 100, read only"));
  assert.ok(within(screen.getAllByRole("row").find((row) => row.textContent?.startsWith("Gross profit"))!).getByText("Read only"));

  const april = cellOf("Revenue plan Apr 2026");
  await doing(() => fireEvent.focus(april));
  // As Excel copies three rows of three months: tabs between cells, CRLF after each row.
  await doing(() => fireEvent.paste(april, { clipboardData: { getData: () => "1,000\t2k\t3000\r\n4\t5\t6\r\n7\t8\t9\r\n" } }));
  assert.is(unsaved(), "6 unsaved changes");
  assert.ok(screen.getByText("3 cells were not pasted: 3 on read-only rows."));
  assert.is(cellOf("Revenue plan May 2026").value, "€ 2,000", "the shorthand read by the unit's rules");
  assert.is(cellOf("Revenue plan Jun 2026").value, "€ 3,000");
  assert.is(cellOf("Cost of goods sold plan Apr 2026").value, "€ 7");
  assert.is(cellOf("Cost of goods sold plan Jun 2026").value, "€ 9");
  assert.is(cellOf("Cost of goods sold plan Jul 2026").value, "€ 100", "the block ends where it ends");
  assert.is(cellOf("Revenue plan May 2026").closest("[data-pending]") !== null, true, "a pending cell is marked");
  assert.is(fyOf("Revenue"), `€ ${(1_000 + 2_000 + 3_000 + 9 * 100).toLocaleString("en-US")}`, "the FY figure counts the pending months");
});

test("with actuals and last year shown between the plans, a block still lands on consecutive KPI rows", async () => {
  await renderScreen();
  await doing(() => fireEvent.click(screen.getByRole("checkbox", { name: "Show actuals" })));
  await doing(() => fireEvent.click(screen.getByRole("checkbox", { name: "Show last year" })));
  assert.ok(screen.getAllByRole("rowheader").some((header) => header.textContent === "Actual of Revenue"));
  const april = cellOf("Revenue plan Apr 2026");
  await doing(() => fireEvent.focus(april));
  await doing(() => fireEvent.paste(april, { clipboardData: { getData: () => "1\t2\r\n3\t4\r\n5\t6\r\n" } }));
  assert.is(unsaved(), "4 unsaved changes");
  assert.ok(screen.getByText("2 cells were not pasted: 2 on read-only rows."), "Gross profit's place");
  assert.is(cellOf("Cost of goods sold plan May 2026").value, "€ 6");
});

test("Ctrl+R fills a cell into the months to its right; '-' or an empty cell removes a month; a refused text shows its message and blocks Save; Save sends everything at once", async () => {
  const client = await renderScreen();
  const june = cellOf("Cost of goods sold plan Jun 2026");
  await doing(() => fireEvent.focus(june));
  await doing(() => fireEvent.change(june, { target: { value: "250" } }));
  await doing(() => fireEvent.keyDown(june, { key: "r", ctrlKey: true }));
  assert.is(unsaved(), "10 unsaved changes", "June and the nine months after it");
  assert.is(cellOf("Cost of goods sold plan Mar 2027").value, "€ 250");
  assert.is(cellOf("Cost of goods sold plan May 2026").value, "€ 100", "the months before stay");

  const august = cellOf("Revenue plan Aug 2026");
  await doing(() => fireEvent.focus(august));
  await doing(() => fireEvent.change(august, { target: { value: "-" } }));
  await doing(() => fireEvent.blur(august));
  const september = cellOf("Revenue plan Sep 2026");
  await doing(() => fireEvent.focus(september));
  await doing(() => fireEvent.change(september, { target: { value: "" } }));
  await doing(() => fireEvent.keyDown(september, { key: "Enter" }));
  await doing(() => fireEvent.blur(september));
  assert.is(unsaved(), "12 unsaved changes");
  assert.is(cellOf("Revenue plan Aug 2026").value, "–", "a removed month shows no value");
  assert.is(fyOf("Revenue"), "€ 1,000", "ten months of 100 left");

  const october = cellOf("Revenue plan Oct 2026");
  await doing(() => fireEvent.focus(october));
  await doing(() => fireEvent.change(october, { target: { value: "1.200,5" } }));
  await doing(() => fireEvent.blur(october));
  assert.is(unsaved(), "12 unsaved changes, 1 to correct");
  assert.is(october.getAttribute("aria-invalid"), "true");
  assert.match(document.getElementById(october.getAttribute("aria-describedby")!)?.textContent ?? "", INVALID_NUMBER);
  const save = screen.getByRole("button", { name: "Save" }) as HTMLButtonElement;
  assert.ok(save.disabled, "a refused cell is corrected before saving");

  await doing(() => fireEvent.focus(october));
  await doing(() => fireEvent.change(october, { target: { value: "1,200.5" } }));
  await doing(() => fireEvent.blur(october));
  assert.is(unsaved(), "13 unsaved changes");
  await doing(() => fireEvent.click(save));
  await act(settle);
  const saves = client.server.calls.filter((call) => call.path === "/api/kpis/planning-values/");
  assert.is(saves.length, 1);
  const sent = (saves[0]!.body as { values: { kpi: number; date: string; value: number | "-" }[] }).values;
  assert.is(sent.length, 13);
  assert.equal(sent.filter((value) => value.kpi === 1), [
    { kpi: 1, date: "2026-08-01", value: "-" },
    { kpi: 1, date: "2026-09-01", value: "-" },
    { kpi: 1, date: "2026-10-01", value: 1200.5 },
  ]);
  assert.is(unsaved(), "0 unsaved changes");
  assert.is(cellOf("Cost of goods sold plan Mar 2027").value, "€ 250", "the grid keeps the saved values");
  assert.is(cellOf("Revenue plan Aug 2026").value, "–");
});

test("the keyboard moves as in a spreadsheet: Enter and the arrows go to the next editable cell, past read-only rows; arrows inside a text move the caret", async () => {
  await renderScreen();
  const april = cellOf("Revenue plan Apr 2026");
  await doing(() => april.focus());
  await doing(() => fireEvent.change(april, { target: { value: "5k" } }));
  await doing(() => fireEvent.keyDown(april, { key: "Enter" }));
  assert.is(document.activeElement, cellOf("Cost of goods sold plan Apr 2026"), "Enter: down, past the calculated Gross profit");
  assert.is(unsaved(), "1 unsaved change", "Enter keeps the edit");
  await doing(() => fireEvent.keyDown(document.activeElement!, { key: "Enter", shiftKey: true }));
  assert.is(document.activeElement, cellOf("Revenue plan Apr 2026"), "Shift+Enter: up");
  await doing(() => fireEvent.keyDown(document.activeElement!, { key: "ArrowUp" }));
  assert.is(document.activeElement, cellOf("Revenue plan Apr 2026"), "nothing above the first row");
  await doing(() => fireEvent.keyDown(document.activeElement!, { key: "ArrowDown" }));
  assert.is(document.activeElement, cellOf("Cost of goods sold plan Apr 2026"));

  const cogs = cellOf("Cost of goods sold plan Apr 2026");
  await doing(() => fireEvent.change(cogs, { target: { value: "1234" } }));
  cogs.setSelectionRange(2, 2);
  await doing(() => fireEvent.keyDown(cogs, { key: "ArrowRight" }));
  assert.is(document.activeElement, cogs, "the caret inside the text: the arrow moves the caret");
  cogs.setSelectionRange(4, 4);
  await doing(() => fireEvent.keyDown(cogs, { key: "ArrowRight" }));
  const may = cellOf("Cost of goods sold plan May 2026");
  assert.is(document.activeElement, may, "at the end of the text: the next month");
  assert.is(unsaved(), "2 unsaved changes");
  may.setSelectionRange(0, may.value.length);
  await doing(() => fireEvent.keyDown(may, { key: "ArrowLeft" }));
  assert.is(document.activeElement, cellOf("Cost of goods sold plan Apr 2026"), "the whole text selected, as on arriving: the month before");
  await doing(() => fireEvent.keyDown(document.activeElement!, { key: "ArrowLeft" }));
  assert.is(document.activeElement, cellOf("Cost of goods sold plan Apr 2026"), "nothing before the first month");
});

test("a version is kept under a name: a name in use is said under the field and stays to be corrected; once kept, it is listed and the field is empty", async () => {
  await renderScreen();
  const name = screen.getByRole("textbox", { name: "Save the FY 2026/27 plan as a version" }) as HTMLInputElement;
  await doing(() => fireEvent.change(name, { target: { value: "Budget 2026/27" } }));
  await doing(() => fireEvent.click(screen.getByRole("button", { name: "Save version" })));
  await act(settle);
  assert.match(document.getElementById(name.getAttribute("aria-describedby")!.split(" ")[0]!)?.textContent ?? "", /A planning version with this name already exists\./);
  assert.is(name.value, "Budget 2026/27");
  await doing(() => fireEvent.change(name, { target: { value: "Reforecast Q3" } }));
  await doing(() => fireEvent.click(screen.getByRole("button", { name: "Save version" })));
  await act(settle);
  assert.ok(within(screen.getByRole("table", { name: "Planning versions" })).getByRole("rowheader", { name: "Reforecast Q3" }));
  assert.is(name.value, "");
});

test.run();
