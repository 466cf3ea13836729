import { pino } from "pino";
import { SMTPServer } from "smtp-server";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { createMailer } from "../../../../src/server/platform/mail/mailer";
import { testApp } from "../../../support/app";
import { createTestTenant, createTestUser, testDatabase } from "../../../support/database";
import { outboxOf, resetLinkOf } from "../../../support/outbox";

interface Received {
  from: string;
  to: string[];
  raw: string;
}

/** A real SMTP server on loopback that keeps what it receives, and refuses one address. */
async function smtpServer() {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (address.address.startsWith("bounce")) return callback(new Error("550 mailbox unavailable"));
      callback();
    },
    onData(stream, session, callback) {
      let raw = "";
      stream.on("data", (chunk: Buffer) => (raw += chunk.toString()));
      stream.on("end", () => {
        received.push({ from: session.envelope.mailFrom ? (session.envelope.mailFrom as { address: string }).address : "", to: session.envelope.rcptTo.map((rcpt) => rcpt.address), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as { port: number }).port;
  return { url: `smtp://127.0.0.1:${port}`, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const silent = pino({ level: "silent" });

test("with SMTP_URL mail goes out by SMTP and the outbox records it as sent", async () => {
  const smtp = await smtpServer();
  const { withTenant } = await testDatabase();
  const tenantId = await createTestTenant();
  const mailer = createMailer({ smtpUrl: smtp.url, from: "Meridian <no-reply@kpi.example>", log: silent, withTenant });
  const outcome = await mailer.sendNow(tenantId, { to: "ada@demo.example", subject: "Hello", text: "Line one\nhttps://kpi.example/x" });
  assert.equal(outcome, { delivered: true });
  assert.is(smtp.received.length, 1);
  assert.equal([smtp.received[0]?.from, smtp.received[0]?.to], ["no-reply@kpi.example", ["ada@demo.example"]]);
  assert.match(smtp.received[0]!.raw, /Subject: Hello/);
  const [mail] = await outboxOf(tenantId);
  assert.equal([mail?.transport, mail?.status, mail?.error], ["smtp", "sent", null]);
  mailer.close();
  await smtp.close();
});

test("a refused recipient is reported and recorded as failed", async () => {
  const smtp = await smtpServer();
  const { withTenant } = await testDatabase();
  const tenantId = await createTestTenant();
  const mailer = createMailer({ smtpUrl: smtp.url, from: "no-reply@kpi.example", log: silent, withTenant });
  const outcome = await mailer.sendNow(tenantId, { to: "bounce@demo.example", subject: "Hello", text: "x" });
  assert.is(outcome.delivered, false);
  assert.match(outcome.error ?? "", /550|mailbox unavailable/);
  const [mail] = await outboxOf(tenantId);
  assert.is(mail?.status, "failed");
  mailer.close();
  await smtp.close();
});

test("a password reset link arrives by real SMTP", async () => {
  const smtp = await smtpServer();
  const { app } = await testApp({ smtpUrl: smtp.url, publicUrl: "https://kpi.example" });
  const tenantId = await createTestTenant();
  const user = await createTestUser(tenantId, { password: "an old long password" });
  assert.is((await app.inject({ method: "POST", url: "/api/auth/users/reset_password/", payload: { email: user.email } })).statusCode, 204);
  await outboxOf(tenantId);
  assert.is(smtp.received.length, 1);
  const body = smtp.received[0]!.raw.replace(/=\r?\n/g, "");
  assert.match(body, /https:\/\/kpi\.example\/password\/reset\/confirm\//);
  const { uid, token } = resetLinkOf(body);
  const confirmed = await app.inject({ method: "POST", url: "/api/auth/users/reset_password_confirm/", payload: { uid, token, new_password: "the new long password" } });
  assert.is(confirmed.statusCode, 204);
  await app.close();
  await smtp.close();
});

test.run();
