// The liquidity API's numbers and files (issue 17): the projection of a small scenario (opening
// balance from the cash KPI, FX), the headcount import (all rows or none), the template, and
// seeding transactions from the accounting import with the master data's states.
import ExcelJS from "exceljs";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { IMPORT_NOT_WORKBOOK, MASTER_DATA_MESSAGES } from "../../../../src/contracts/liquidity";
import { IMPORT_REFUSED } from "../../../../src/server/features/liquidity/headcount-service";
import { HEADCOUNT_COLUMNS } from "../../../../src/server/features/liquidity/headcount-template";
import { liquidityWorld, system, type LiquidityWorld } from "./liquidity-fixture";

let world: LiquidityWorld;
test.before(async () => {
  world = await liquidityWorld();
});
test.after(async () => {
  await world.app.close();
});

const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

async function upload(scenarioId: number, bytes: Buffer, who = world.planner) {
  const boundary = "----liquidity";
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="headcount.xlsx"\r\nContent-Type: ${XLSX}\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const response = await world.app.inject({ method: "POST", url: `/api/liquidity/scenarios/${scenarioId}/employees/import/`, headers: { ...who.headers, "content-type": `multipart/form-data; boundary=${boundary}` }, payload });
  return { status: response.statusCode, body: response.json() };
}

async function workbook(rows: unknown[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet("Headcount");
  sheet.addRow(HEADCOUNT_COLUMNS.map(([, header]) => header));
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

test("the projection opens with the cash KPI's June actual and takes salaries, employer costs and contracts; FX converts every amount", async () => {
  const { call, planner, employee, contract } = world;
  const scenario = await world.scenario(planner, "Small plan", { settings: { months: 3, vatSettlement: "none", revenueKpiId: null, employerCostRate: 20 } });
  await call(planner, "POST", `/scenarios/${scenario.id}/employees/`, employee({ fixSalary: 120_000 }));
  await call(planner, "POST", `/scenarios/${scenario.id}/expenses/`, contract({ amount: 1000 }));
  const local = await call(planner, "GET", `/scenarios/${scenario.id}/projection/`);
  assert.is(local.status, 200, JSON.stringify(local.body));
  assert.equal([local.body.currency, local.body.opening.amount, local.body.opening.fromKpi, local.body.opening.date], ["EUR", 100_000, true, "2026-07-01"]);
  assert.equal(
    local.body.months.map((month: any) => [month.month, month.opening, month.outflows.salaries, month.outflows.employerCosts, month.outflows.contracts, month.inflows.revenue, month.closing]),
    [
      ["2026-07-01", 100_000, 10_000, 2_000, 1_000, 0, 87_000],
      ["2026-08-01", 87_000, 10_000, 2_000, 1_000, 0, 74_000],
      ["2026-09-01", 74_000, 10_000, 2_000, 1_000, 0, 61_000],
    ],
  );
  assert.equal(local.body.lowest, { date: "2026-09-30", amount: 61_000 });
  assert.equal(local.body.runway, { months: null, runsOutOn: null });

  const usd = await call(planner, "GET", `/scenarios/${scenario.id}/projection/?fxRate=${world.fxRate}`);
  assert.equal([usd.status, usd.body.currency, usd.body.opening.amount, usd.body.months[0].closing, usd.body.lowest.amount], [200, "USD", 125_000, 108_750, 76_250]);
  const unknown = await call(planner, "GET", `/scenarios/${scenario.id}/projection/?fxRate=999999`);
  assert.equal([unknown.status, unknown.body.fxRate], [400, ["There is no such FX rate."]]);

  // Without the cash KPI's read permission the opening is not taken from it.
  await call(planner, "PATCH", `/scenarios/${scenario.id}/`, { writeUserIds: [world.outsider.id] });
  const blind = await call(world.outsider, "GET", `/scenarios/${scenario.id}/projection/`);
  assert.equal([blind.status, blind.body.opening.amount, blind.body.opening.fromKpi], [200, 0, false]);
});

test("the headcount import takes all rows or none; the template is a workbook naming the departments", async () => {
  const { call, planner } = world;
  const template = await call(planner, "GET", "/employees/template/");
  assert.is(template.status, 200);
  assert.match(String(template.headers["content-type"]), "spreadsheetml");
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(template.raw as unknown as ArrayBuffer);
  assert.equal(book.worksheets[0]!.getRow(1).values, [undefined, ...HEADCOUNT_COLUMNS.map(([, header]) => header)]);
  assert.ok(JSON.stringify(book.worksheets[1]!.getSheetValues()).includes("Sales"));

  const scenario = await world.scenario(planner, "Imported plan", { departmentIds: [world.sales] });
  const good = await workbook([
    ["E-10", "Ada Lovelace", "full_time", "Sales", "Lead", 40, 90000, "2026-01-01", "", "CC-1", "no", ""],
    ["", "Open: account executive", "full_time", "sales", "AE", 40, 70000, "2026-10-01", "", "CC-1", "yes", 25],
    ["E-11", "Grace Hopper", "part_time", "", "Engineer", 20, 45000, new Date(Date.UTC(2026, 2, 1)), "2027-02-28", "", "no", ""],
  ]);
  const imported = await upload(scenario.id, good);
  assert.equal([imported.status, imported.body], [200, { created: 3, updated: 0 }]);
  const employees = (await call(planner, "GET", `/scenarios/${scenario.id}/employees/`)).body.employees;
  assert.equal(
    employees.map((each: any) => [each.employeeId, each.fullName, each.department?.name ?? null, each.fte, each.openPosition, each.hireDate, each.terminationDate, each.employerCostRate]),
    [
      ["E-10", "Ada Lovelace", "Sales", 1, false, "2026-01-01", null, null],
      [null, "Open: account executive", "Sales", 1, true, "2026-10-01", null, 25],
      ["E-11", "Grace Hopper", null, 0.5, false, "2026-03-01", "2027-02-28", null],
    ],
  );

  // One bad row: nothing is written, every bad row is named.
  const bad = await workbook([
    ["E-10", "Ada Lovelace", "full_time", "Sales", "Lead", 40, 95000, "2026-01-01", "", "CC-1", "no", ""],
    ["E-12", "", "astronaut", "Marketing", "", 90, -5, "2026-13-01", "", "", "maybe", ""],
    ["E-13", "Alan Turing", "full_time", "", "", 40, 80000, "2026-05-01", "2026-04-01", "", "no", ""],
  ]);
  const refused = await upload(scenario.id, bad);
  assert.is(refused.status, 400, JSON.stringify(refused.body));
  assert.is(refused.body.detail, IMPORT_REFUSED);
  assert.equal(refused.body.rows.map((row: { row: number }) => row.row), [3, 4]);
  const messages = refused.body.rows[0].messages.join(" | ");
  for (const expected of ["Open position: write yes or no.", "Department: Choose a department of the company.", "Full name:", "Employment type:", "Weekly hours:", "Fix salary:", "Hire date:"]) assert.ok(messages.includes(expected), `${expected} in ${messages}`);
  assert.equal(refused.body.rows[1].messages, ["Termination date: The termination date cannot be before the hire date."]);
  const unchanged = (await call(planner, "GET", `/scenarios/${scenario.id}/employees/`)).body.employees;
  assert.equal(unchanged, employees);

  // A row with a known employee ID updates that employee.
  const update = await upload(scenario.id, await workbook([["E-10", "Ada King", "full_time", "Sales", "Lead", 40, 95000, "2026-01-01", "", "CC-1", "no", ""]]));
  assert.equal([update.status, update.body], [200, { created: 0, updated: 1 }]);
  assert.equal((await call(planner, "GET", `/scenarios/${scenario.id}/employees/`)).body.employees[0].fixSalary, 95_000);
  const notBook = await upload(scenario.id, Buffer.from("not a workbook"));
  assert.equal([notBook.status, notBook.body.file?.length], [400, 1]);
  const otherBook = await upload(scenario.id, await (async () => {
    const book = new ExcelJS.Workbook();
    book.addWorksheet("Users").addRow(["E-mail", "First name"]);
    return Buffer.from(await book.xlsx.writeBuffer());
  })());
  assert.equal([otherBook.status, otherBook.body.file], [400, [IMPORT_NOT_WORKBOOK]]);
  assert.is((await upload(scenario.id, good, world.reader)).status, 404);
});

test("seeding: one transaction per vendor and expense account whose bookings recur; the master data's states", async () => {
  const { call, planner, withTenant, tenantId } = world;
  const scenario = await world.scenario(planner, "Seeded plan");
  const empty = await call(planner, "GET", `/scenarios/${scenario.id}/expenses/`);
  assert.equal(empty.body.masterData, { state: "not_configured", message: MASTER_DATA_MESSAGES.not_configured, seededAt: null });
  const addImport = (bookings: [string, string, string, number][], accounts: [string, string, "expense" | "asset" | "liability"][]) =>
    withTenant(tenantId, system, async ({ db }) => {
      // One import per company: a new one replaces the last, as the accounting upload does.
      await db.deleteFrom("accounting_imports").execute();
      const { id } = await db.insertInto("accounting_imports").values({ tenant_id: tenantId, file_name: "books.zip", uploaded_by: null, first_month: "2026-01-01", last_month: "2026-05-01", accounts: accounts.length, bookings: bookings.length, debtors: 0, creditors: 1, uploaded_at: new Date() }).returning("id").executeTakeFirstOrThrow();
      await db.insertInto("accounting_accounts").values(accounts.map(([number, name, type]) => ({ tenant_id: tenantId, import_id: id, number, name, type }))).execute();
      if (bookings.length > 0) await db.insertInto("accounting_bookings").values(bookings.map(([date, debit, credit, cents], index) => ({ tenant_id: tenantId, import_id: id, line: index + 2, booking_date: date, debit_account: debit, credit_account: credit, amount_cents: cents }))).execute();
      await db.insertInto("accounting_open_positions").values({ tenant_id: tenantId, import_id: id, kind: "creditor", line: 2, number: "70001", name: "Landlord GmbH", document_number: "R-1", document_date: "2026-05-01", due_date: null, amount_cents: 100 }).execute();
      return id;
    });
  await addImport([], [["1200", "Bank", "asset"]]);
  const nothing = await call(planner, "POST", `/scenarios/${scenario.id}/expenses/seed/`);
  assert.equal([nothing.status, nothing.body.masterData.state, nothing.body.masterData.message, nothing.body.transactions], [200, "error", MASTER_DATA_MESSAGES.error, []]);

  const monthlyRent: [string, string, string, number][] = ["01", "02", "03", "04", "05"].map((month) => [`2026-${month}-01`, "6300", "70001", 250_000]);
  const quarterlyInsurance: [string, string, string, number][] = [["2026-01-15", "6400", "1200", 90_000], ["2026-04-15", "6400", "1200", 110_000]];
  const oneOff: [string, string, string, number][] = [["2026-02-10", "6500", "1200", 5_000]];
  await addImport([...monthlyRent, ...quarterlyInsurance, ...oneOff, ["2026-03-01", "1200", "70001", 1]], [["6300", "Rent", "expense"], ["6400", "Insurance", "expense"], ["6500", "Repairs", "expense"], ["1200", "Bank", "asset"]]);
  const pending = await call(planner, "GET", `/scenarios/${scenario.id}/expenses/`);
  assert.is(pending.body.masterData.state, "pending_update");
  const seeded = await call(planner, "POST", `/scenarios/${scenario.id}/expenses/seed/`);
  assert.is(seeded.status, 200, JSON.stringify(seeded.body));
  assert.equal(
    seeded.body.transactions.map((each: any) => [each.account, each.vendor, each.frequency, each.amount, each.startDate, each.endDate, each.seeded]),
    [
      ["6300 Rent", "Landlord GmbH", "monthly", 2500, "2026-06-01", null, true],
      ["6400 Insurance", "Bank", "quarterly", 1000, "2026-07-15", null, true],
    ],
  );
  assert.equal([seeded.body.masterData.state, seeded.body.masterData.message], ["active", null]);
  // Seeding again replaces the seeded rows and leaves the hand-made ones.
  await call(planner, "POST", `/scenarios/${scenario.id}/expenses/`, world.contract());
  const again = await call(planner, "POST", `/scenarios/${scenario.id}/expenses/seed/`);
  assert.equal([again.body.transactions.length, again.body.contracts.length], [2, 1]);
  // A new scenario is seeded when it is created.
  const fresh = await world.scenario(planner, "Seeded at birth");
  assert.is(fresh.transactionCount, 2);
});

test.run();
