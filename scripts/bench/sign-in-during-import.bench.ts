// Other users' sign-ins (POST /auth-api/auth/token/) while an administrator imports 1,000 users
// from the users template: p95 of sign-ins alone, then of sign-ins run back to back for as long
// as the import runs (its 1,000 password hashes, its transaction and its welcome mails), in the
// same run. The app runs in-process on embedded PGlite, the default installation.
process.env["LOG_LEVEL"] ??= "silent";
import ExcelJS from "exceljs";
import { TEMPLATE_COLUMNS, TEMPLATE_MAX_ROWS } from "../../src/server/features/users/users-template";
import { defaultHashingLimits } from "../../src/server/platform/auth/hashing-queue";
import { passwordHashing } from "../../src/server/platform/auth/passwords";
import { testApp } from "../../test/support/app";
import { createTestTenant, createTestUser } from "../../test/support/database";

const ALONE = 60;
const PASSWORD = "a sign-in bench password";
const GOAL = 2;

const { app, services } = await testApp();
const company = await createTestTenant({ name: "Importing company" });
const admin = await createTestUser(company, { groups: [{ name: "Administrator", permissions: ["manage_users"] }] });
const adminToken = await services.signer.sign("access", { tenantId: company, userId: admin.id }, 3600);
const elsewhere = await createTestTenant({ name: "Signing-in company" });
const people = await Promise.all(Array.from({ length: 5 }, () => createTestUser(elsewhere, { password: PASSWORD })));

let turn = 0;
/** One sign-in of the next person, each from their own address; its wall time in ms. */
async function signIn(): Promise<number> {
  const index = turn++ % people.length;
  const start = performance.now();
  const answer = await app.inject({ method: "POST", url: "/auth-api/auth/token/", payload: { email: people[index]!.email, password: PASSWORD }, remoteAddress: `10.90.0.${index}` });
  const ms = performance.now() - start;
  if (answer.statusCode !== 200) throw new Error(`sign-in answered ${answer.statusCode}: ${answer.body}`);
  return ms;
}

/** The users template filled with 1,000 new users (no passwords: each gets a generated one). */
async function templateOf1000(): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet("Users");
  sheet.addRow([...TEMPLATE_COLUMNS]);
  for (let index = 0; index < TEMPLATE_MAX_ROWS; index++) sheet.addRow([`imported-${index}@bench.example`, `First${index}`, `Last${index}`, "Administrator", ""]);
  return Buffer.from(await book.xlsx.writeBuffer());
}

function multipart(file: Buffer) {
  const boundary = "----meridian-bench-boundary";
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="users.xlsx"\r\nContent-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n`);
  return { payload: Buffer.concat([head, file, Buffer.from(`\r\n--${boundary}--\r\n`)]), headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)]!;
};

for (let index = 0; index < 5; index++) await signIn(); // warm-up
const alone: number[] = [];
for (let index = 0; index < ALONE; index++) alone.push(await signIn());

const upload = multipart(await templateOf1000());
const importStart = performance.now();
let importDone = false;
const importing = app
  .inject({ method: "POST", url: "/api/auth/users/template/", headers: { authorization: `Bearer ${adminToken}`, ...upload.headers }, payload: upload.payload })
  .finally(() => (importDone = true));
const during: number[] = [];
let whileHashing = 0;
while (!importDone) {
  const hashing = passwordHashing.state().running.bulk + passwordHashing.state().waiting.bulk > 0;
  during.push(await signIn());
  if (hashing) whileHashing++;
}
const imported = await importing;
const importSeconds = (performance.now() - importStart) / 1000;
if (imported.statusCode !== 201 || imported.json().created !== TEMPLATE_MAX_ROWS) throw new Error(`the import answered ${imported.statusCode}: ${imported.body.slice(0, 300)}`);
if (whileHashing < 20) throw new Error(`only ${whileHashing} sign-ins ran while the import hashed: nothing was measured`);

const row = (label: string, times: number[]) => ({
  case: label,
  "sign-ins": times.length,
  "median ms": +percentile(times, 0.5).toFixed(1),
  "p95 ms": +percentile(times, 0.95).toFixed(1),
  "max ms": +Math.max(...times).toFixed(1),
});
const ratio = percentile(during, 0.95) / percentile(alone, 0.95);
const limits = defaultHashingLimits();
console.log(
  JSON.stringify({
    name: `other users' sign-ins during a ${TEMPLATE_MAX_ROWS.toLocaleString("en")}-row users import (PGlite, in-process)`,
    rows: [row("alone", alone), row(`during the import (${importSeconds.toFixed(1)} s)`, during)],
    ratios: [{ label: "sign-in p95 during the import / alone", value: ratio, goal: `≤ ${GOAL}`, met: ratio <= GOAL }],
    notes: [
      `hashing: ${limits.slots} at once, at most ${limits.bulkSlots} of them bulk (import) hashes; ${whileHashing} of ${during.length} sign-ins ran while the import hashed`,
      "sign-ins run back to back from before the upload until its answer, through its transaction and welcome mails too",
    ],
  }),
);
process.exit(0);
