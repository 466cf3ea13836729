import { test } from "uvu";
import * as assert from "uvu/assert";
import { readEventsAfter } from "../../../../src/server/db/event-log";
import { testDatabase } from "../../../support/database";
import { FIXTURE_FILES, warehouseCompany } from "./warehouse-fixture";

const system = { kind: "system", name: "test" } as const;

async function eventsOf(tenantId: string) {
  const { withTenant } = await testDatabase();
  return withTenant(tenantId, system, ({ db }) => readEventsAfter(db, 0, 1000));
}

async function dealRows(tenantId: string) {
  const { withTenant } = await testDatabase();
  return withTenant(tenantId, system, ({ db }) => db.selectFrom("warehouse_deals").select(["deal_key", "amount", "stage"]).orderBy("deal_key").execute());
}

test("an upload replaces its kind, says how many rows and data issues, shows on the raw data screen and as an event", async () => {
  const { tenantId, upload, get } = await warehouseCompany({ employees: FIXTURE_FILES.employees, products: FIXTURE_FILES.products });
  const answer = await upload("deals", FIXTURE_FILES.deals.join("\r\n"), undefined, "crm export.csv");
  assert.is(answer.statusCode, 201, answer.body);
  assert.equal(answer.json(), { kind: "deals", rows: 6, issues: 2, detail: "6 rows of deals imported. 2 data issues to look at under Data issues." });
  const raw = (await get("/raw-data/")).json();
  const deals = raw.kinds.find((kind: { kind: string }) => kind.kind === "deals");
  assert.equal([deals.rows, deals.lastUpload.fileName, deals.lastUpload.rows], [6, "crm export.csv", 6]);
  assert.match(deals.lastUpload.by, /@test\.example$/, "who uploaded it (a user without a name is named by e-mail)");
  assert.ok(deals.columns.some((column: { name: string; required: boolean }) => column.name === "Deal ID" && column.required));
  assert.is(raw.kinds.find((kind: { kind: string }) => kind.kind === "sales-targets").lastUpload, null);

  const again = await upload("deals", ["Deal ID,Created,Stage,Amount", "N1,2025-05-01,Lead,10"].join("\n"));
  assert.is(again.statusCode, 201, again.body);
  assert.equal(await dealRows(tenantId), [{ deal_key: "N1", amount: 10, stage: "lead" }], "the new file is the whole of the deals now");
  const uploaded = (await eventsOf(tenantId)).filter((event) => event.type === "WarehouseDataUploaded").map((event) => event.payload);
  assert.equal(uploaded.slice(-2), [
    { kind: "deals", rows: 6, fileName: "crm export.csv" },
    { kind: "deals", rows: 1, fileName: "deals.csv" },
  ]);
});

test("one unreadable cell and nothing is written: every problem by row and column", async () => {
  const { tenantId, upload, get } = await warehouseCompany();
  const before = await dealRows(tenantId);
  const eventsBefore = (await eventsOf(tenantId)).length;
  const answer = await upload(
    "deals",
    [
      "Deal ID,Name,Stage,Amount,Created,Closed",
      "N1,Fine,Won,100,2025-05-01,2025-05-20",
      "N2,Bad stage,Signed,100,2025-05-01,",
      "",
      "N3,Bad number,Lead,\"12,5\",2025-05-01,",
      "N1,Twice,Lead,1,2025-05-02,",
      ",No id,Lead,1,31.02.2025,",
    ].join("\n"),
  );
  assert.is(answer.statusCode, 400);
  assert.equal(answer.json(), {
    detail: "The file has errors. Nothing was imported: correct the rows listed and upload it again.",
    rows: [
      'Row 3, Stage: "Signed" is not a stage: use Lead, MQL, SQL, Proposal, Negotiation, Won, Lost.',
      'Row 5, Amount: "12,5": Enter a number in English format, such as 1234.56 or 1,234.56: a point for decimals, commas only between groups of three digits.',
      'Row 6, Deal ID: "N1" is listed twice (first in row 2).',
      "Row 7, Deal ID: This field is required.",
      'Row 7, Created: "31.02.2025" is not a date: write 2026-04-30 or 30.04.2026.',
    ],
  });
  assert.equal(await dealRows(tenantId), before, "the deals are as they were");
  assert.is((await eventsOf(tenantId)).length, eventsBefore, "no event");
  const raw = (await get("/raw-data/")).json();
  assert.is(raw.kinds.find((kind: { kind: string }) => kind.kind === "deals").lastUpload.fileName, "deals.csv", "no upload recorded");
});

test("files that are no CSV of the kind: one clear message, nothing written", async () => {
  const { tenantId, upload } = await warehouseCompany();
  const before = await dealRows(tenantId);
  const refusals: [string | Buffer, string][] = [
    [Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00]), "The file is not a CSV text file."],
    ["Name,Stage\nx,Lead", "The first row must name the columns; Deal ID, Created are missing. The columns are: Deal ID, Name, Customer, Owner ID, Product ID, Stage, Amount, Cost, Recurring months, Created, MQL date, SQL date, Proposal date, Negotiation date, Expected close, Closed."],
    ["Deal ID,Created", "The file has no rows below its header."],
    ['Deal ID,Created\n"D1,2025-01-01', "The file could not be read as CSV near line 2: check its quotes."],
    ["\n\n", "The file is empty."],
  ];
  for (const [content, message] of refusals) {
    const answer = await upload("deals", content);
    assert.is(answer.statusCode, 400, message);
    assert.equal(answer.json(), { file: [message] });
  }
  assert.equal(await dealRows(tenantId), before);
});

test("semicolons, a byte-order mark, Windows-1252 and dd.mm.yyyy dates, as European spreadsheets write them", async () => {
  const { get, upload } = await warehouseCompany({});
  const text = "\ufeffEmployee ID;Name;Department;Hired;Left;FTE\nE1;J\u00fcrgen M\u00fcller;Vertrieb;01.02.2024;;0.8\n";
  assert.is((await upload("employees", Buffer.from(text.replace("\ufeff", ""), "latin1"))).statusCode, 201, "Windows-1252");
  const utf8 = await upload("employees", Buffer.from(text, "utf8"));
  assert.is(utf8.statusCode, 201, utf8.body);
  const people = (await get("/list-views/employee-count/?from=2024-02-01&to=2024-02-01")).json();
  assert.equal(people.rows[0].cells, { month: "2024-02-01", headcount: 1, fte: 0.8, hires: 1, leavers: 0, attrition: null, "department:Vertrieb": 1 });
});

test("uploading needs the data management permission; another company's data stays its own", async () => {
  const owner = await warehouseCompany();
  const other = await warehouseCompany({});
  const reader = await owner.tokenOf(["access_deep_drills"], "Reader");
  assert.is((await owner.upload("deals", FIXTURE_FILES.deals.join("\n"), reader.headers)).statusCode, 403);
  assert.is((await other.upload("deals", ["Deal ID,Created,Stage,Amount", "D1,2025-01-01,Lead,5"].join("\n"))).statusCode, 201);
  assert.equal((await dealRows(owner.tenantId)).map((row) => row.deal_key), ["D1", "D2", "D3", "D4", "D5", "D6"], "the other company's upload replaced only its own deals");
  assert.is((await dealRows(other.tenantId)).length, 1);
});

test.run();
