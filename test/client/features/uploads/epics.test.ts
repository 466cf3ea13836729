import { test } from "uvu";
import * as assert from "uvu/assert";
import type { UploadCheck } from "../../../../src/contracts/uploads";
import { json } from "../../effect/fake-server";
import { testClient } from "../../support/harness";

const signedIn = (client: ReturnType<typeof testClient>) => client.tokens.set({ access: "a", accessExpiresAt: Date.now() + 60_000, refreshExpiresAt: Date.now() + 60_000 });
const file = () => new Blob(["secret file bytes"], { type: "text/csv" });
const check = (overrides: Partial<UploadCheck> = {}): UploadCheck => ({
  id: 7,
  type: "reporting",
  fileName: "actuals.csv",
  status: "checked",
  state: "partially successful with errors",
  createdAt: "2026-11-23T10:00:00.000Z",
  importedAt: null,
  rows: 3,
  validRows: 2,
  values: 24,
  unchanged: 0,
  errors: 1,
  warnings: 0,
  importedRows: null,
  importedValues: null,
  layout: "months-as-columns",
  columns: ["Kennzahl", "01.04.2026"],
  mapping: { id: "Kennzahl", name: null, date: null, value: null },
  problems: [{ row: 4, column: "A", severity: "error", message: "'abc' is not a KPI ID: the ID is the whole number in the template's ID column." }],
  preview: [],
  ...overrides,
});
const history = { count: 1, offset: 0, limit: 20, yearsAvailable: [2026], year: null, results: [] };

test("a check sends the file with the columns the person named; importing the valid rows shows the outcome and reloads the history", async () => {
  const client = testClient({
    "POST /api/uploads/check/": () => json(201, check()),
    "POST /api/uploads/7/import/": () => json(200, check({ status: "imported", importedAt: "2026-11-23T10:01:00.000Z", importedRows: "valid", importedValues: 24 })),
    "GET /api/uploads/": () => json(200, history),
  });
  signedIn(client);
  client.bus.dispatch({ _tag: "CheckUpload", uploadType: "reporting", file: file(), fileName: "actuals.csv", mapping: { id: "Kennzahl", name: null, date: null, value: null } });
  await client.waitFor("UploadChecked");
  const sent = client.server.calls.find((call) => call.path === "/api/uploads/check/")!;
  assert.equal(Object.fromEntries(sent.query), { type: "reporting", idColumn: "Kennzahl" });
  assert.is(client.store.getState().uploads.current.status, "checked");
  assert.not.match(JSON.stringify(client.events), /secret file bytes/, "the file is not in the session log");

  client.bus.dispatch({ _tag: "ImportUpload", uploadId: 7, rows: "valid" });
  await client.waitFor("UploadImported");
  assert.equal(client.server.calls.find((call) => call.path === "/api/uploads/7/import/")!.body, { rows: "valid" });
  assert.equal([client.store.getState().uploads.current.check?.status, client.store.getState().uploads.current.check?.importedValues], ["imported", 24]);
  await client.waitFor("UploadHistoryLoaded");
  assert.ok(client.types().includes("ToastShown"), "the person's own import gets its toast");
});

test("a refused file shows the server's words; a refused import keeps the check on screen", async () => {
  const client = testClient({
    "POST /api/uploads/check/": (_call, count) => (count === 1 ? json(400, { file: ["The file is not a valid Excel workbook (.xlsx)."] }) : json(201, check())),
    "POST /api/uploads/7/import/": () => json(400, { detail: ["The file has errors, so nothing was imported: correct the rows listed and upload it again, or import only the valid rows."] }),
    "GET /api/uploads/": () => json(200, history),
  });
  signedIn(client);
  client.bus.dispatch({ _tag: "CheckUpload", uploadType: "reporting", file: file(), fileName: "broken.xlsx", mapping: null });
  await client.waitFor("UploadCheckFailed");
  assert.equal(client.store.getState().uploads.current, { status: "error", uploadType: "reporting", fileName: "broken.xlsx", check: null, message: "The file is not a valid Excel workbook (.xlsx)." });
  client.bus.dispatch({ _tag: "CheckUpload", uploadType: "reporting", file: file(), fileName: "actuals.csv", mapping: null });
  await client.waitFor("UploadChecked");
  client.bus.dispatch({ _tag: "ImportUpload", uploadId: 7, rows: "all" });
  await client.waitFor("UploadImportFailed");
  const current = client.store.getState().uploads.current;
  assert.equal([current.status, current.check?.id, current.message], ["checked", 7, "The file has errors, so nothing was imported: correct the rows listed and upload it again, or import only the valid rows."]);
});

test("the data input grid saves one month's pending values of several KPIs in one request", async () => {
  const client = testClient({
    "POST /api/kpis/monthly-values/": (call, count) =>
      count === 1
        ? json(200, { values: (call.body as { values: { kpi: number; date: string; value: number | "-" }[] }).values.map((value) => ({ ...value, value: value.value === "-" ? null : value.value })) })
        : json(403, { detail: "You don't have permission to change values of this KPI." }),
  });
  signedIn(client);
  for (const [kpiId, date, text] of [[1, "2026-10-01", "1,200"], [2, "2026-10-01", "-"], [2, "2026-09-01", "5"]] as const) client.bus.dispatch({ _tag: "EditKpiValue", kpiId, date, text, unit: "number" });
  client.bus.dispatch({ _tag: "SaveMonthValues", date: "2026-10-01", kpiIds: [1, 2, 3] });
  await client.waitFor("KpiValueEdited");
  assert.equal(client.server.calls[0]!.body, { values: [{ kpi: 1, date: "2026-10-01", value: 1200 }, { kpi: 2, date: "2026-10-01", value: "-" }] });
  client.bus.dispatch({ _tag: "EditKpiValue", kpiId: 1, date: "2026-10-01", text: "7", unit: "number" });
  client.bus.dispatch({ _tag: "SaveMonthValues", date: "2026-10-01", kpiIds: [1] });
  await client.waitFor("KpiMonthValuesSaveFailed");
  assert.is(client.store.getState().kpis.saving[1]?.message, "You don't have permission to change values of this KPI.");
  assert.equal(client.store.getState().kpis.pending[1], { "2026-10-01": { text: "7", value: 7 } }, "the typed value stays");
});

test.run();
