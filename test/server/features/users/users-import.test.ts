import ExcelJS from "exceljs";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { testApp } from "../../../support/app";
import { createTestTenant, createTestUser } from "../../../support/database";
import { outboxOf } from "../../../support/outbox";

async function setup() {
  const { app, services } = await testApp();
  const tenantId = await createTestTenant();
  const admin = await createTestUser(tenantId, { groups: [{ name: "Administrator", permissions: ["manage_users"] }] });
  await createTestUser(tenantId, { groups: [{ name: "Employee", permissions: [] }] });
  const token = await services.signer.sign("access", { tenantId, userId: admin.id }, 300);
  return { app, tenantId, token };
}

async function workbook(rows: (string | number)[][], header = ["E-mail", "First name", "Last name", "Groups"]) {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet("Users");
  sheet.addRow(header);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

function multipart(file: Buffer, name = "users.xlsx") {
  const boundary = "----meridian-test-boundary";
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, file, tail]), headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}

test("the template downloads as a workbook with the columns and the company's groups", async () => {
  const { app, token } = await setup();
  const response = await app.inject({ method: "GET", url: "/api/auth/users/template/", headers: { authorization: `Bearer ${token}` } });
  assert.is(response.statusCode, 200);
  assert.match(String(response.headers["content-disposition"]), /meridian-users-template\.xlsx/);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
  assert.equal((book.getWorksheet("Users")!.getRow(1).values as unknown[]).slice(1), ["E-mail", "First name", "Last name", "Groups"]);
  const groups = book.getWorksheet("Groups")!.getColumn(1).values.slice(2);
  assert.equal(groups, ["Administrator", "Employee"]);
});

test("a good file creates every user and sends each a welcome mail", async () => {
  const { app, tenantId, token } = await setup();
  const file = await workbook([
    ["ann@import.example", "Ann", "A", "Employee"],
    [],
    ["Ben@Import.example", "Ben", "B", "Employee, Administrator"],
  ]);
  const response = await app.inject({ method: "POST", url: "/api/auth/users/template/", headers: { authorization: `Bearer ${token}`, ...multipart(file).headers }, payload: multipart(file).payload });
  assert.is(response.statusCode, 201, response.body);
  assert.equal(response.json(), { created: 2, detail: "Successfully sent 2 e-mails.", failures: [] });
  const users = (await app.inject({ method: "GET", url: "/api/vw/auth/users/?search=import.example", headers: { authorization: `Bearer ${token}` } })).json();
  assert.equal(users.map((user: { email: string; groups: { name: string }[] }) => [user.email, user.groups.map((group) => group.name)]), [
    ["ann@import.example", ["Employee"]],
    ["ben@import.example", ["Administrator", "Employee"]],
  ]);
  assert.is((await outboxOf(tenantId)).filter((mail) => mail.subject.startsWith("Welcome")).length, 2);
});

test("one bad row and nothing is written; every bad row is listed", async () => {
  const { app, token } = await setup();
  const taken = await createTestUser(await createTestTenant());
  const file = await workbook([
    ["fine@import2.example", "Fine", "F", "Employee"],
    ["not an address", "X", "Y", ""],
    ["fine@import2.example", "Again", "A", ""],
    [taken.email, "T", "T", "Nonexistent"],
  ]);
  const response = await app.inject({ method: "POST", url: "/api/auth/users/template/", headers: { authorization: `Bearer ${token}`, ...multipart(file).headers }, payload: multipart(file).payload });
  assert.is(response.statusCode, 400);
  const body = response.json();
  assert.match(body.detail[0], /^The file is erroneous/);
  assert.equal(body.rows, [
    'Row 3: "not an address" is not a valid e-mail address.',
    "Row 4: fine@import2.example is listed twice.",
    `Row 5: ${taken.email}: A user with that email already exists. There is no group "Nonexistent".`,
  ]);
  const users = (await app.inject({ method: "GET", url: "/api/vw/auth/users/?search=import2.example", headers: { authorization: `Bearer ${token}` } })).json();
  assert.equal(users, [], "nothing was written");
});

test("not a workbook, the wrong sheet, or too large: clear errors, nothing written", async () => {
  const { app, token } = await setup();
  const send = (file: Buffer) => app.inject({ method: "POST", url: "/api/auth/users/template/", headers: { authorization: `Bearer ${token}`, ...multipart(file).headers }, payload: multipart(file).payload });
  assert.equal((await send(Buffer.from("hello, I am a CSV"))).json(), { file: ["The file is not a valid Excel workbook (.xlsx)."] });
  assert.equal((await send(await workbook([["a@b.example"]], ["Name", "Other"]))).json(), { file: ["The first row must be the template's header (E-mail, First name, Last name, Groups)."] });
  const huge = await send(Buffer.alloc(2 * 1024 * 1024 + 10, 1));
  assert.equal([huge.statusCode, huge.json()], [413, { file: ["The file you are trying to upload exceeds the maximum allowed size of 2 MB."] }]);
  const noFile = await app.inject({ method: "POST", url: "/api/auth/users/template/", headers: { authorization: `Bearer ${token}` }, payload: {} });
  assert.is(noFile.statusCode, 400);
});

test.run();
