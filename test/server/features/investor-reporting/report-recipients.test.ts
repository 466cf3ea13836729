// Recipients and sending: the actions add, remove, set and notify; sending through the outbox
// (one mail per recipient, each with its own personal link); the personal link records who
// opened the report and when, and stops working once a later sending replaced it.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { RECIPIENT_TWICE, RECIPIENT_UNKNOWN, SUBJECT_REQUIRED } from "../../../../src/domain/investor-reporting/texts";
import { outboxOf } from "../../../support/outbox";
import { investorCompany } from "./fixture";

const emailsOf = (report: { recipients: { email: string }[] }) => report.recipients.map((recipient) => recipient.email);

test("add, remove and set change the list (addresses without case, each once); remove names only listed ones", async () => {
  const { call, writer, ok, boardPack } = await investorCompany();
  const { id } = await boardPack();
  const recipients = (action: string, list: { email: string; name?: string }[]) => call(writer.headers, "POST", `/api/investor-reporting/reports/${id}/recipients/`, { action, recipients: list });
  assert.equal(emailsOf(ok(await recipients("add", [{ email: "Anna@Investor.example", name: "Anna" }, { email: "ben@investor.example" }])).report), ["anna@investor.example", "ben@investor.example"]);
  assert.equal(emailsOf(ok(await recipients("add", [{ email: "anna@investor.example" }, { email: "cleo@investor.example" }])).report), ["anna@investor.example", "ben@investor.example", "cleo@investor.example"], "an address already listed is kept once");
  assert.equal((await recipients("add", [{ email: "dan@x.example" }, { email: "DAN@x.example" }])).body, { "recipients.1.email": [RECIPIENT_TWICE] });
  assert.equal((await recipients("remove", [{ email: "nobody@x.example" }])).body, { "recipients.0.email": [RECIPIENT_UNKNOWN] });
  assert.equal(emailsOf(ok(await recipients("remove", [{ email: "BEN@investor.example" }])).report), ["anna@investor.example", "cleo@investor.example"]);
  const set = ok(await recipients("set", [{ email: "cleo@investor.example", name: "Cleo" }, { email: "dora@investor.example" }])).report;
  assert.equal(set.recipients.map((recipient: { email: string; name: string }) => [recipient.email, recipient.name]), [["cleo@investor.example", "Cleo"], ["dora@investor.example", ""]]);
  assert.is((await recipients("add", [{ email: "not an address" }])).status, 400);
});

test("sending mails each recipient through the outbox with a personal link; the link records the opening and leads to the report", async () => {
  const { app, call, writer, ok, boardPack, tenantId, events } = await investorCompany();
  const { id } = await boardPack();
  ok(await call(writer.headers, "POST", `/api/investor-reporting/reports/${id}/recipients/`, { action: "set", recipients: [{ email: "anna@investor.example", name: "Anna" }, { email: "ben@investor.example" }] }));
  ok(await call(writer.headers, "POST", `/api/investor-reporting/reports/${id}/approve/`));
  assert.equal((await call(writer.headers, "POST", `/api/investor-reporting/reports/${id}/send/`, { subject: "  " })).body, { subject: [SUBJECT_REQUIRED] });
  assert.is(ok(await call(writer.headers, "GET", `/api/investor-reporting/reports/${id}/`)).status, "approved", "a refused send changes nothing");
  const sent = ok(await call(writer.headers, "POST", `/api/investor-reporting/reports/${id}/send/`, { subject: "Q1 board pack", message: "Our quarter in numbers." }));
  assert.equal(sent, { detail: "Successfully sent 2 e-mails.", sent: 2, failures: [] });
  const mails = await outboxOf(tenantId);
  assert.equal(mails.map((mail) => [mail.to_address, mail.subject]), [["anna@investor.example", "Q1 board pack"], ["ben@investor.example", "Q1 board pack"]]);
  assert.match(mails[0]!.text_body, /Dear Anna,/);
  assert.match(mails[0]!.text_body, /Our quarter in numbers\./);
  const links = mails.map((mail) => /\/api\/investor-reporting\/links\/([^/\s]+)\//.exec(mail.text_body)![1]!);
  assert.is(new Set(links).size, 2, "a link of each recipient's own");
  assert.not.ok(mails[0]!.text_body.includes("Bearer") || /access/i.test(links[0]!), "no access token in the link");

  const open = (token: string) => app.inject({ method: "GET", url: `/api/investor-reporting/links/${token}/` });
  const opened = await open(links[0]!);
  assert.is(opened.statusCode, 302);
  assert.match(opened.headers.location as string, new RegExp(`/investor-reporting/${id}$`));
  await open(links[0]!);
  const report = ok(await call(writer.headers, "GET", `/api/investor-reporting/reports/${id}/`));
  const anna = report.recipients.find((recipient: { email: string }) => recipient.email === "anna@investor.example");
  const ben = report.recipients.find((recipient: { email: string }) => recipient.email === "ben@investor.example");
  assert.is(anna.openCount, 2);
  assert.ok(anna.firstOpenedAt && anna.lastOpenedAt && anna.firstOpenedAt <= anna.lastOpenedAt);
  assert.equal([ben.openCount, ben.firstOpenedAt], [0, null]);
  assert.is((await events("ReportOpened")).length, 2);

  const forged = `${links[0]!.split(".")[0]}.${"A".repeat(32)}`;
  assert.is((await open(forged)).statusCode, 404, "the secret must match");
  assert.is((await open("bm90LWEtbGluaw.xyz")).statusCode, 404);

  // Notify mails a new link; the old one stops working.
  const notified = ok(await call(writer.headers, "POST", `/api/investor-reporting/reports/${id}/recipients/`, { action: "notify", recipients: [{ email: "anna@investor.example" }] }));
  assert.is(notified.notified.detail, "Successfully sent 1 e-mails.");
  assert.is((await open(links[0]!)).statusCode, 404, "replaced by the new link");
  const latest = (await outboxOf(tenantId, "anna@investor.example")).at(-1)!;
  assert.is((await open(/\/api\/investor-reporting\/links\/([^/\s]+)\//.exec(latest.text_body)![1]!)).statusCode, 302);
});

test("readers see neither recipients nor shares; sending and recipients need write_investor_reporting", async () => {
  const { call, writer, reader, ok, boardPack } = await investorCompany();
  const { id } = await boardPack();
  ok(await call(writer.headers, "POST", `/api/investor-reporting/reports/${id}/recipients/`, { action: "add", recipients: [{ email: "anna@investor.example" }] }));
  const seen = ok(await call(reader.headers, "GET", `/api/investor-reporting/reports/${id}/`));
  assert.equal([seen.recipients, seen.shares, seen.canEdit], [[], [], false]);
  assert.is((await call(reader.headers, "POST", `/api/investor-reporting/reports/${id}/recipients/`, { action: "add", recipients: [{ email: "x@y.example" }] })).status, 403);
  assert.is((await call(reader.headers, "POST", `/api/investor-reporting/reports/${id}/approve/`)).status, 403);
});

test.run();
