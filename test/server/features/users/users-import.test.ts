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
  assert.equal((book.getWorksheet("Users")!.getRow(1).values as unknown[]).slice(1), ["E-mail", "First name", "Last name", "Groups", "Password"]);
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
    'Row 4: "fine@import2.example" is listed twice.',
    `Row 5: ${taken.email}: A user with that email already exists. There is no group "Nonexistent".`,
  ]);
  const users = (await app.inject({ method: "GET", url: "/api/vw/auth/users/?search=import2.example", headers: { authorization: `Bearer ${token}` } })).json();
  assert.equal(users, [], "nothing was written");
});

test("a password in the file obeys the password rules, reported per row; a good one signs in, an empty one is generated", async () => {
  const { app, token } = await setup();
  const header = ["E-mail", "First name", "Last name", "Groups", "Password"];
  const send = async (rows: (string | number)[][]) => {
    const file = multipart(await workbook(rows, header));
    return app.inject({ method: "POST", url: "/api/auth/users/template/", headers: { authorization: `Bearer ${token}`, ...file.headers }, payload: file.payload });
  };
  const refused = await send([
    ["ann@rules.example", "Ann", "Archer", "Employee", "short"],
    ["ben@rules.example", "Ben", "Baker", "Employee", "a perfectly fine one"],
    ["cyd@rules.example", "Cyd", "Carpenter", "Employee", "carpenter-2024!"],
    ["dee@rules.example", "Dee", "D", "Employee", 123456789012],
  ]);
  assert.is(refused.statusCode, 400);
  assert.equal(refused.json().rows, [
    "Row 2: This password is too short. It must contain at least 12 characters.",
    "Row 4: The password is too similar to your e-mail address or name.",
    "Row 5: This password is too common. This password is entirely numeric.",
  ]);
  const users = await app.inject({ method: "GET", url: "/api/vw/auth/users/?search=rules.example", headers: { authorization: `Bearer ${token}` } });
  assert.equal(users.json(), [], "nothing was written");

  const accepted = await send([
    ["ben@rules.example", "Ben", "Baker", "Employee", "a perfectly fine one"],
    ["eve@rules.example", "Eve", "E", "Employee", ""],
  ]);
  assert.equal([accepted.statusCode, accepted.json().created], [201, 2], accepted.body);
  const signIn = await app.inject({ method: "POST", url: "/auth-api/auth/token/", payload: { email: "ben@rules.example", password: "a perfectly fine one" } });
  assert.is(signIn.statusCode, 200);
});

test("not a workbook, the wrong sheet, or too large: clear errors, nothing written", async () => {
  const { app, token } = await setup();
  const send = (file: Buffer) => app.inject({ method: "POST", url: "/api/auth/users/template/", headers: { authorization: `Bearer ${token}`, ...multipart(file).headers }, payload: multipart(file).payload });
  assert.equal((await send(Buffer.from("hello, I am a CSV"))).json(), { file: ["The file is not a valid Excel workbook (.xlsx)."] });
  assert.equal((await send(await workbook([["a@b.example"]], ["Name", "Other"]))).json(), { file: ["The first row must be the template's header (E-mail, First name, Last name, Groups, Password)."] });
  const huge = await send(Buffer.alloc(2 * 1024 * 1024 + 10, 1));
  assert.equal([huge.statusCode, huge.json()], [413, { file: ["The file you are trying to upload exceeds the maximum allowed size of 2 MB."] }]);
  const noFile = await app.inject({ method: "POST", url: "/api/auth/users/template/", headers: { authorization: `Bearer ${token}` }, payload: {} });
  assert.is(noFile.statusCode, 400);
});

test("a formula is never read for its cached result; a group named like a formula survives the round trip", async () => {
  const { app, tenantId, token } = await setup();
  await createTestUser(tenantId, { groups: [{ name: "=Finance", permissions: [] }] });
  const template = await app.inject({ method: "GET", url: "/api/auth/users/template/", headers: { authorization: `Bearer ${token}` } });
  const exported = new ExcelJS.Workbook();
  await exported.xlsx.load(template.rawPayload as unknown as ArrayBuffer);
  const exportedGroups = exported.getWorksheet("Groups")!.getColumn(1).values.slice(2);
  assert.ok(exportedGroups.includes("'=Finance"), `the export escapes the formula-like name: ${JSON.stringify(exportedGroups)}`);

  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet("Users");
  sheet.addRow(["E-mail", "First name", "Last name", "Groups"]);
  sheet.addRow([{ formula: 'CONCAT("eve","@formula.example")', result: "eve@formula.example" }, "Eve", "E", "Employee"]);
  const withFormula = Buffer.from(await book.xlsx.writeBuffer());
  const refused = await app.inject({ method: "POST", url: "/api/auth/users/template/", headers: { authorization: `Bearer ${token}`, ...multipart(withFormula).headers }, payload: multipart(withFormula).payload });
  assert.is(refused.statusCode, 400);
  assert.ok((refused.json().rows as string[]).some((row) => row.startsWith("Row 2: The E-mail cell holds a formula")), refused.body);

  const roundTrip = await workbook([["fin@formula.example", "Fin", "F", "'=Finance"]]);
  const accepted = await app.inject({ method: "POST", url: "/api/auth/users/template/", headers: { authorization: `Bearer ${token}`, ...multipart(roundTrip).headers }, payload: multipart(roundTrip).payload });
  assert.is(accepted.statusCode, 201, accepted.body);
});

test("a 0-byte or truncated workbook answers 400 at once", async () => {
  const { app, token } = await setup();
  const good = await workbook([["x@truncated.example", "X", "Y", "Employee"]]);
  for (const file of [Buffer.alloc(0), good.subarray(0, 200)]) {
    const response = await app.inject({ method: "POST", url: "/api/auth/users/template/", headers: { authorization: `Bearer ${token}`, ...multipart(file).headers }, payload: multipart(file).payload });
    assert.is(response.statusCode, 400, response.body);
  }
});

test.run();
