import { test } from "uvu";
import * as assert from "uvu/assert";
import { ARCHIVE_HAS_ERRORS, CHOOSE_STATEMENT_FIRST, UPLOAD_FIRST } from "../../../../src/contracts/accounting";
import { MISSING_FILES_TEXT, SELECT_CATEGORY_TEXT } from "../../../../src/domain/integrations/accounting";
import { UNSAFE_ENTRY_NAME } from "../../../../src/server/platform/files/zip-guard";
import { writeZip } from "../../../../src/server/platform/files/zip-writer";
import { accountingCompany, archiveOf, BOOKINGS, csv, setUpStatementAndMapping } from "./fixture";

test("the wizard end to end: statement, upload, bookings, open positions, mapping, completion writes the P&L actuals with their event", async () => {
  const company = await accountingCompany();
  const { call, upload, ids, actuals } = company;
  const start = await call("GET", "/setup/");
  assert.is(start.statusCode, 200);
  assert.equal({ ...start.json(), categories: undefined }, { status: "not_started", completedAt: null, statement: { categoryId: null, lines: [] }, categories: undefined, import: null, mapping: { needed: 0, missing: 0 }, sampleAvailable: false });
  // Only stored money KPIs of financial categories can be lines; each says its default side and whether the caller may write it.
  assert.equal(start.json().categories, [
    { id: ids.pl, name: "P&L", kpis: [{ id: ids.revenue, name: "revenue", parentId: null, defaultSide: "income", writable: true }, { id: ids.costs, name: "costs", parentId: null, defaultSide: "expense", writable: true }] },
  ]);

  // Nothing to map or complete before the statement and the upload.
  assert.equal((await call("POST", "/complete/")).json(), { detail: [CHOOSE_STATEMENT_FIRST] });
  const statement = await call("PUT", "/statement/", { categoryId: ids.pl, lines: [{ kpi: ids.costs, side: "expense" }, { kpi: ids.revenue, side: "income" }] });
  assert.is(statement.statusCode, 200, statement.body);
  assert.equal(statement.json().statement, { categoryId: ids.pl, lines: [{ kpi: ids.revenue, side: "income" }, { kpi: ids.costs, side: "expense" }] });
  assert.equal((await call("POST", "/complete/")).json(), { detail: [UPLOAD_FIRST] });

  const uploaded = await upload(archiveOf({}, { "readme.txt": "exported by hand" }));
  assert.is(uploaded.statusCode, 201, uploaded.body);
  const setup = uploaded.json();
  assert.equal({ ...setup.import, id: 0, uploadedAt: "" }, { id: 0, fileName: "books.zip", uploadedAt: "", uploadedBy: setup.import.uploadedBy, firstMonth: "2026-01-01", lastMonth: "2026-03-01", accounts: 7, bookings: 7, debtors: 2, creditors: 1 });
  // 4400, 4700, 6000 and 7600 have bookings; 4990 has none and asks nothing.
  assert.equal(setup.mapping, { needed: 4, missing: 4 });
  const importId = setup.import.id;

  const page = await call("GET", `/imports/${importId}/bookings/?limit=2&offset=1`);
  assert.equal(page.json(), {
    count: 7,
    offset: 1,
    limit: 2,
    results: [
      { line: 4, date: "2026-01-31", debitAccount: "6000", creditAccount: "1200", amount: 400, documentNumber: "BANK-1", text: "Salaries January" },
      { line: 3, date: "2026-01-31", debitAccount: "4700", creditAccount: "1400", amount: 0.5, documentNumber: "GS-1", text: "Discount" },
    ].sort((a, b) => a.line - b.line),
  });
  assert.is((await call("GET", `/imports/${importId}/bookings/?account=1400`)).json().count, 4);
  assert.equal((await call("GET", `/imports/${importId}/bookings/?month=2026-03`)).json().results.map((booking: { line: number }) => booking.line), [6, 7, 8]);
  const debtors = (await call("GET", `/imports/${importId}/open-positions/?kind=debtor`)).json();
  assert.equal({ count: debtors.count, total: debtors.total, names: debtors.results.map((item: { name: string }) => item.name) }, { count: 2, total: 1974.5, names: ["Alpen AG", "Berg KG"] });
  assert.equal((await call("GET", `/imports/${importId}/open-positions/?kind=creditor`)).json().results, [{ line: 2, number: "70001", name: "Hosting GmbH", documentNumber: "ER-1", documentDate: "2026-03-20", dueDate: "2026-04-19", amount: 120 }]);
  const accounts = (await call("GET", `/imports/${importId}/accounts/`)).json().results;
  assert.equal(accounts.find((account: { number: string }) => account.number === "1400"), { number: "1400", name: "Receivables", type: "asset", bookings: 4, balance: 2000, needsCategory: false });
  assert.equal(accounts.find((account: { number: string }) => account.number === "4990"), { number: "4990", name: "Unused revenue account", type: "revenue", bookings: 0, balance: 0, needsCategory: false });

  // Every P&L account with bookings needs a category: 'Please select a category' under each one left out.
  const partial = await call("PUT", "/mapping/", { accounts: [{ account: "4400", category: ids.revenue }, { account: "6000", category: ids.costs }] });
  assert.is(partial.statusCode, 400);
  assert.equal(partial.json(), { "accounts.4700": [SELECT_CATEGORY_TEXT], "accounts.7600": [SELECT_CATEGORY_TEXT] });
  const wrong = await call("PUT", "/mapping/", { accounts: [{ account: "4400", category: ids.profit }, { account: "9999", category: null }, { account: "4700", category: ids.revenue }, { account: "6000", category: ids.costs }, { account: "7600", category: null }] });
  assert.equal(wrong.json(), { "accounts.4400": ["is not a line of the financial statement"], "accounts.9999": ["is not an account of the current import"] });
  assert.equal((await call("POST", "/complete/")).json(), { detail: ["4 accounts still without a category."], "accounts.4400": [SELECT_CATEGORY_TEXT], "accounts.4700": [SELECT_CATEGORY_TEXT], "accounts.6000": [SELECT_CATEGORY_TEXT], "accounts.7600": [SELECT_CATEGORY_TEXT] });

  await setUpStatementAndMapping(company);
  const mapped = (await call("GET", "/setup/")).json();
  assert.equal([mapped.status, mapped.mapping], ["not_started", { needed: 4, missing: 0 }]);
  const before = await company.lastSeq();
  const completed = await call("POST", "/complete/");
  assert.is(completed.statusCode, 200, completed.body);
  assert.equal(completed.json().written, { values: 6, firstMonth: "2026-01-01", lastMonth: "2026-03-01" });
  assert.is(completed.json().setup.status, "completed");
  // Revenue: 1000.50 − 0.50 in January (replacing the manual 1), 2000 in February, 0 in March; costs 400, 0, 450; taxes nowhere.
  assert.equal(await actuals(ids.revenue), { "2026-01-01": 1000, "2026-02-01": 2000, "2026-03-01": 0 });
  assert.equal(await actuals(ids.costs), { "2026-01-01": 400, "2026-02-01": 0, "2026-03-01": 450 });
  const events = await company.eventsAfter(before);
  assert.equal(events.map((event) => event.type), ["AccountingSetupCompleted", "KpiValueEdited"]);
  assert.equal(events[1]!.payload["source"], "accounting");
  assert.is((events[1]!.payload["values"] as unknown[]).length, 6);
  // The values read back through the KPI API: the financial dashboard's source.
  const values = await company.app.inject({ method: "POST", url: "/api/kpis/values/", headers: company.headers.admin, payload: { startDate: "2026-01-01", date: "2026-03-01", idList: [ids.profit] } });
  assert.equal(values.json().kpis[0].values.map((value: { value: number }) => value.value), [600, 2000, -450]);
});

test("a ZIP without the required files: the spec's text and the missing names, nothing written", async () => {
  const company = await accountingCompany();
  const before = await company.lastSeq();
  const answer = await company.upload(archiveOf({ debtors: undefined, creditors: undefined }));
  assert.is(answer.statusCode, 400);
  assert.equal(answer.json(), { detail: [MISSING_FILES_TEXT], missing: ["debtors.csv", "creditors.csv"] });
  assert.equal(Object.values(await company.rowCounts()), [0, 0, 0, 0, 0, 0]);
  assert.is(await company.lastSeq(), before);
});

test("zip bombs, climbing names and files that are no archive are refused quickly; nothing written", async () => {
  const company = await accountingCompany();
  const before = await company.lastSeq();
  const bomb = archiveOf({ bookings: undefined }, { "bookings.csv": Buffer.concat([Buffer.from(`${csv(BOOKINGS)}\n`), Buffer.alloc(300 * 1024 * 1024, 0x20)]) });
  assert.ok(bomb.length < 2 * 1024 * 1024, `the bomb packs small (${bomb.length} bytes)`);
  const started = Date.now();
  const bombed = await company.upload(bomb);
  assert.equal([bombed.statusCode, bombed.json()], [400, { file: ["The ZIP archive unpacks to more than 64 MB."] }]);
  assert.ok(Date.now() - started < 5000, `refused in ${Date.now() - started} ms`);

  const climbing = await company.upload(archiveOf({}, { "../../etc/cron.d/accounts.csv": "x" }));
  assert.equal([climbing.statusCode, climbing.json()], [400, { file: [UNSAFE_ENTRY_NAME] }]);
  const many = await company.upload(archiveOf({}, Object.fromEntries(Array.from({ length: 120 }, (_, index) => [`notes/${index}.txt`, "x"]))));
  assert.equal(many.json(), { file: ["The ZIP archive has more than 100 entries."] });
  const text = await company.upload(Buffer.from(csv(BOOKINGS)));
  assert.equal(text.json(), { file: ["The file is not a valid ZIP archive."] });
  const twice = await company.upload(archiveOf({}, { "old/accounts.csv": "account_number,name,type" }));
  assert.equal(twice.json(), { file: ["The ZIP archive holds accounts.csv more than once; keep one."] });
  assert.equal(Object.values(await company.rowCounts()), [0, 0, 0, 0, 0, 0]);
  assert.is(await company.lastSeq(), before);
});

test("bad rows are reported by file, row and column, all files at once; nothing written", async () => {
  const company = await accountingCompany();
  const before = await company.lastSeq();
  const answer = await company.upload(
    archiveOf({
      accounts: "account_number;name;type\n4400;Sales;revenue\n4400;Again;revenue\n6000;Salaries;cost\n1200;Bank;asset",
      bookings: csv([BOOKINGS[0]!, ["2026-01-10", "1200", "4400", "12,345"], ["2026-02-30", "6000", "1200", "5"], ["2026-01-11", "1200", "4400", "5", "", ""]]),
      debtors: 'number,name,document_number,document_date,due_date,amount\n1,"Unclosed,RE-1,2026-01-01,,5\n',
      creditors: "number,name\n1,A",
    }),
  );
  assert.is(answer.statusCode, 400);
  assert.equal(answer.json(), {
    detail: [ARCHIVE_HAS_ERRORS],
    rows: [
      "debtors.csv, row 2: a quoted field is never closed",
      "accounts.csv, row 3, account_number: account 4400 is listed twice (first in row 2)",
      "accounts.csv, row 4, type: must be one of revenue, expense, asset, liability, equity",
      "bookings.csv, row 2: has 4 fields, the header 6",
      "bookings.csv, row 3: has 4 fields, the header 6",
      "creditors.csv, row 1: the header lacks the columns document_number, document_date, amount",
    ],
  });
  const second = await company.upload(archiveOf({ bookings: csv([BOOKINGS[0]!, ["2026-01-10", "1200", "4400", "12,345", "", ""], ["2026-02-30", "6000", "1200", "5", "", ""], ["2026-01-11", "1200", "4401", "5", "", ""]]) }));
  assert.equal(second.json().rows, [
    "bookings.csv, row 2, amount: must be a positive amount like 1234.56 or 1234,56 (at most two decimals, no thousands separators)",
    "bookings.csv, row 3, date: is not a real calendar date",
    "bookings.csv, row 4, credit_account: account 4401 is not in accounts.csv",
  ]);
  assert.equal(Object.values(await company.rowCounts()), [0, 0, 0, 0, 0, 0]);
  assert.is(await company.lastSeq(), before);
});

test("a re-import replaces the previous import's values; a new account without a category waits for completion", async () => {
  const company = await accountingCompany();
  const { call, upload, ids, actuals } = company;
  await upload(archiveOf());
  await setUpStatementAndMapping(company);
  assert.is((await call("POST", "/complete/")).statusCode, 200);
  assert.equal(await actuals(ids.revenue), { "2026-01-01": 1000, "2026-02-01": 2000, "2026-03-01": 0 });

  // The next month's archive: February to April. A completed setup whose accounts all have categories completes at once.
  const next = csv([BOOKINGS[0]!, ["2026-02-03", "1400", "4400", "10", "", ""], ["2026-04-30", "6000", "1200", "7", "", ""]]);
  const before = await company.lastSeq();
  const replaced = await upload(archiveOf({ bookings: next }));
  assert.is(replaced.statusCode, 201, replaced.body);
  assert.is(replaced.json().status, "completed");
  assert.equal(await actuals(ids.revenue), { "2026-02-01": 10, "2026-03-01": 0, "2026-04-01": 0 }, "January's value, written by the previous import, is gone");
  assert.equal(await actuals(ids.costs), { "2026-02-01": 0, "2026-03-01": 0, "2026-04-01": 7 });
  const events = await company.eventsAfter(before);
  assert.equal(events.map((event) => event.type), ["AccountingImportUploaded", "AccountingSetupCompleted", "KpiValueEdited"]);
  assert.ok((events[2]!.payload["values"] as { date: string; value: number | null }[]).some((value) => value.date === "2026-01-01" && value.value === null), "the removed month is in the event");

  // An archive with a new P&L account: the setup waits for its category; the P&L keeps the last completed figures until then.
  const withNewAccount = await upload(archiveOf({ accounts: csv([["account_number", "name", "type"], ["1400", "Receivables", "asset"], ["4400", "Sales", "revenue"], ["4800", "Other income", "revenue"], ["6000", "Salaries", "expense"], ["1200", "Bank", "asset"]]), bookings: csv([BOOKINGS[0]!, ["2026-05-03", "1400", "4800", "10", "", ""]]) }));
  assert.equal([withNewAccount.json().status, withNewAccount.json().mapping], ["not_started", { needed: 1, missing: 1 }]);
  assert.equal(await actuals(ids.costs), { "2026-02-01": 0, "2026-03-01": 0, "2026-04-01": 7 });
  assert.equal((await call("POST", "/complete/")).json()["accounts.4800"], [SELECT_CATEGORY_TEXT]);
  assert.is((await call("PUT", "/mapping/", { accounts: [{ account: "4800", category: ids.revenue }] })).statusCode, 200);
  assert.equal((await call("POST", "/complete/")).json().written, { values: 2, firstMonth: "2026-05-01", lastMonth: "2026-05-01" });
  assert.equal(await actuals(ids.costs), { "2026-05-01": 0 });
  assert.equal(await actuals(ids.revenue), { "2026-05-01": 10 });
});

test("deleting the import removes its rows and the values written from it; another company's or an old id is not found", async () => {
  const company = await accountingCompany();
  const other = await accountingCompany();
  const { call, upload, ids, actuals } = company;
  const first = (await upload(archiveOf())).json().import.id;
  await setUpStatementAndMapping(company);
  await call("POST", "/complete/");
  // A second upload replaces the first: the first's id is gone.
  const current = (await upload(archiveOf())).json().import.id;
  assert.is.not(current, first);
  for (const path of [`/imports/${first}/bookings/`, `/imports/${first}/accounts/`, `/imports/${first}/open-positions/?kind=debtor`]) assert.is((await call("GET", path)).statusCode, 404, path);
  assert.is((await call("DELETE", `/imports/${first}/`)).statusCode, 404);

  // Another company's administrator cannot read or delete it.
  const before = await company.rowCounts();
  for (const path of [`/imports/${current}/bookings/`, `/imports/${current}/accounts/`, `/imports/${current}/open-positions/?kind=creditor`]) assert.is((await other.call("GET", path)).statusCode, 404, path);
  assert.is((await other.call("DELETE", `/imports/${current}/`)).statusCode, 404);
  assert.equal(await company.rowCounts(), before);

  const seq = await company.lastSeq();
  const deleted = await call("DELETE", `/imports/${current}/`);
  assert.is(deleted.statusCode, 200);
  assert.equal([deleted.json().import, deleted.json().status], [null, "not_started"]);
  assert.equal(await company.rowCounts(), { accounting_imports: 0, accounting_accounts: 0, accounting_bookings: 0, accounting_open_positions: 0, accounting_account_mappings: 4, accounting_written_values: 0 });
  assert.equal(await actuals(ids.revenue), {}, "the values written from the import are gone (the manual January value was replaced by it)");
  assert.equal((await company.eventsAfter(seq)).map((event) => event.type), ["AccountingImportDeleted", "KpiValueEdited"]);
});

test("the statement takes only writable stored money KPIs of one financial category; permissions decide who may do what", async () => {
  const company = await accountingCompany();
  const { call, ids } = company;
  const lines = (kpi: number) => ({ categoryId: ids.pl, lines: [{ kpi, side: "income" }] });
  assert.equal((await call("PUT", "/statement/", lines(ids.profit))).json(), { "lines.0.kpi": ["must be a KPI of the chosen category that holds money and is not calculated"] });
  assert.equal((await call("PUT", "/statement/", lines(ids.margin))).json(), { "lines.0.kpi": ["must be a KPI of the chosen category that holds money and is not calculated"] });
  assert.equal((await call("PUT", "/statement/", lines(ids.bookingsKpi))).json(), { "lines.0.kpi": ["must be a KPI of the chosen category that holds money and is not calculated"] });
  assert.equal((await call("PUT", "/statement/", { categoryId: ids.other, lines: [{ kpi: ids.bookingsKpi, side: "income" }] })).json(), { categoryId: ["must be a financial category"] });
  assert.equal((await call("PUT", "/statement/", { categoryId: ids.pl, lines: [] })).json(), { lines: ["Choose at least one KPI of the statement."] });
  assert.equal((await call("PUT", "/statement/", { categoryId: ids.pl, lines: [{ kpi: ids.revenue, side: "income" }, { kpi: ids.revenue, side: "expense" }] })).json(), { "lines.1.kpi": ["is listed twice"] });
  assert.is((await call("PUT", "/statement/", { categoryId: 2 ** 40, lines: [{ kpi: ids.revenue, side: "income" }] })).statusCode, 404);

  // The manager may manage integrations but not write level-2 values: costs cannot be their line.
  assert.is((await call("PUT", "/statement/", lines(ids.costs), "manager")).statusCode, 403);
  assert.is((await call("PUT", "/statement/", lines(ids.revenue), "manager")).statusCode, 200);
  // Someone without the integration permission gets nothing.
  for (const [method, path] of [["GET", "/setup/"], ["PUT", "/statement/"], ["POST", "/complete/"], ["GET", "/sample/"]] as const) {
    assert.is((await call(method, path, method === "PUT" ? lines(ids.revenue) : undefined, "employee")).statusCode, 403, `${method} ${path}`);
  }
  assert.is((await company.upload(archiveOf(), "employee")).statusCode, 403);
});

test("completion needs every line writable by the person completing", async () => {
  const company = await accountingCompany();
  await company.upload(archiveOf());
  await setUpStatementAndMapping(company);
  const refused = await company.call("POST", "/complete/", undefined, "manager");
  assert.equal([refused.statusCode, refused.json()], [403, { detail: "costs: You may not write the values of this KPI." }]);
  assert.is((await company.call("GET", "/setup/")).json().status, "not_started");
});

test("no sample archive outside the demo companies", async () => {
  const company = await accountingCompany();
  assert.equal((await company.call("GET", "/sample/")).json(), { detail: "There is no sample archive for this company." });
  assert.is((await company.call("POST", "/sample/")).statusCode, 404);
});

test("a semicolon export in Windows-1252 with a byte order mark... reads like the comma one", async () => {
  const company = await accountingCompany();
  const latin = Buffer.from("account_number;name;type\n1200;Bank;asset\n1400;Forderungen;asset\n4400;Erl\xf6se;revenue\n4700;Erl\xf6sschm\xe4lerungen;revenue\n6000;L\xf6hne;expense\n7600;Steuern;expense\n", "latin1");
  const answer = await company.upload(writeZip([
    { name: "export/ACCOUNTS.CSV", content: latin },
    { name: "export/bookings.csv", content: Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(csv(BOOKINGS, ";"))]) },
    { name: "export/debtors.csv", content: Buffer.from(csv([["number", "name", "document_number", "document_date", "amount"], ["1", "Müller", "RE-1", "01.03.2026", "5,00"]], ";")) },
    { name: "export/creditors.csv", content: Buffer.from("number\tname\tdocument_number\tdocument_date\tdue_date\tamount\n") },
  ]));
  assert.is(answer.statusCode, 201, answer.body);
  const accounts = (await company.call("GET", `/imports/${answer.json().import.id}/accounts/`)).json().results;
  assert.equal(accounts.map((account: { name: string }) => account.name), ["Bank", "Forderungen", "Erlöse", "Erlösschmälerungen", "Löhne", "Steuern"]);
  assert.equal(answer.json().import.bookings, 7);
});

test.run();
