// The board pack as a PDF (export/pdf/) and sent as a PDF (send with attachPdf): the export prints
// the report's print route as the caller with a print token of that one report, appends the PDF
// attachments its attachments sections list (counted with pdf-lib; a damaged one is named on a
// closing page), answers 404 with the spec's text for another company's report, and sending
// renders once and attaches the same PDF to every mail through a real SMTP server — or sends
// nothing when the render fails. The printed pages themselves (text, themes) are checked by the
// browser test test/e2e/investor-reporting-pdf.test.ts, which prints with the real pool.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { SMTPServer } from "smtp-server";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { PDF_TIMEOUT } from "../../../../src/contracts/print";
import { REPORT_NOT_FOUND } from "../../../../src/domain/investor-reporting/texts";
import { PDF_FOR_SENDING_FAILED, SKIPPED_TITLE } from "../../../../src/server/features/investor-reporting/report-pdf";
import { HttpError } from "../../../../src/server/platform/http/errors";
import type { PdfPrinter } from "../../../../src/server/platform/print/pdf-pool";
import { verifyPrintToken } from "../../../../src/server/platform/print/print-tokens";
import { testApp } from "../../../support/app";
import { outboxOf } from "../../../support/outbox";
import { recordingPrinter, TEST_PDF } from "../../../support/printer";
import { investorCompany } from "./fixture";

function multipart(filename: string, bytes: Buffer) {
  const boundary = `----meridian${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}

async function pdfOfPages(count: number, words: string) {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  for (let page = 0; page < count; page++) document.addPage([595, 842]).drawText(`${words} ${page + 1}`, { x: 72, y: 760, size: 14, font });
  return Buffer.from(await document.save());
}

const textOf = (pdf: Buffer) => {
  const work = mkdtempSync(join(tmpdir(), "report-pdf-"));
  try {
    writeFileSync(join(work, "x.pdf"), pdf);
    return execFileSync("pdftotext", ["-layout", join(work, "x.pdf"), "-"], { encoding: "utf8" });
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
};

test("export/pdf/ prints the report's print route as the caller (dark, landscape) with a token of that report only", async () => {
  const { app, services, call, writer, reader, nobody, stranger, ok, boardPack } = await investorCompany();
  const { id } = await boardPack("Board pack Q2");
  const { id: otherId } = await boardPack("Another pack");
  const printer = services.printer as ReturnType<typeof recordingPrinter>;
  const before = printer.jobs.length;
  const response = await app.inject({ method: "POST", url: `/api/investor-reporting/reports/${id}/export/pdf/`, headers: writer.headers, payload: {} });
  assert.is(response.statusCode, 200, response.body);
  assert.is(response.headers["content-type"], "application/pdf");
  assert.is(response.headers["content-disposition"], 'attachment; filename="Board-pack-Q2.pdf"');
  assert.is(response.headers["cache-control"], "no-store");
  assert.ok(response.rawPayload.equals(TEST_PDF), "no attachment: the printed PDF as it is");
  const job = printer.jobs[before]!;
  assert.equal([job.path, job.handoff.theme, job.handoff.orientation], [`/print/investor-reporting/${id}`, "dark", "landscape"], "dark by default (spec section 9)");
  const grant = await verifyPrintToken(services.signer, job.handoff.token);
  assert.equal(grant?.resource, { kind: "investor-report", id });

  // The print page reads the report and its data with the token; another report is unknown to it, and it never writes.
  const bearer = { authorization: `Bearer ${job.handoff.token}` };
  assert.is(ok(await call(bearer, "GET", `/api/investor-reporting/reports/${id}/`)).name, "Board pack Q2");
  assert.ok(ok(await call(bearer, "GET", `/api/investor-reporting/reports/${id}/data/`)).data);
  assert.is((await call(bearer, "GET", `/api/investor-reporting/reports/${otherId}/`)).status, 404);
  assert.is((await call(bearer, "GET", `/api/investor-reporting/reports/`)).status, 401, "the list takes no print token");
  assert.is((await call(bearer, "POST", `/api/investor-reporting/reports/${id}/approve/`)).status, 401);

  const light = await app.inject({ method: "POST", url: `/api/investor-reporting/reports/${id}/export/pdf/`, headers: reader.headers, payload: { theme: "light" } });
  assert.is(light.statusCode, 200, "a reader the report is shared with exports it");
  assert.is(printer.jobs.at(-1)!.handoff.theme, "light");

  const jobs = printer.jobs.length;
  const foreign = await stranger();
  for (const headers of [foreign.headers]) {
    const refused = await call(headers, "POST", `/api/investor-reporting/reports/${id}/export/pdf/`, {});
    assert.equal([refused.status, refused.body.detail], [404, REPORT_NOT_FOUND], "another company's report is unknown");
  }
  assert.equal([(await call(writer.headers, "POST", `/api/investor-reporting/reports/99999999/export/pdf/`, {})).status], [404]);
  assert.is((await call(nobody.headers, "POST", `/api/investor-reporting/reports/${id}/export/pdf/`, {})).status, 403);
  assert.is((await call(writer.headers, "POST", `/api/print-tokens/`, { resource: { kind: "investor-report", id } })).status, 201, "a person's preview mints a token of the report");
  assert.is((await call(foreign.headers, "POST", `/api/print-tokens/`, { resource: { kind: "investor-report", id } })).status, 404);
  assert.is(printer.jobs.length, jobs, "nothing printed for a refused export");
});

test("the attachments sections' PDFs are appended after the sections; a damaged one is named on a closing page", async () => {
  const { app, call, writer, ok, boardPack } = await investorCompany();
  const { id } = await boardPack("Pack with appendix");
  ok(await call(writer.headers, "POST", `/api/investor-reporting/reports/${id}/sections/`, { variant: "attachments", name: "Appendices" }), 201);
  const upload = async (filename: string, bytes: Buffer) => {
    const body = multipart(filename, bytes);
    const response = await app.inject({ method: "POST", url: `/api/investor-reporting/reports/${id}/files/`, headers: { ...writer.headers, ...body.headers }, payload: body.payload });
    assert.is(response.statusCode, 201, response.body);
  };
  await upload("cap-table.pdf", await pdfOfPages(2, "Cap table page"));
  await upload("notes.txt", Buffer.from("not a PDF, not appended"));
  await upload("damaged.pdf", Buffer.from("%PDF-1.7\nnot really"));
  await upload("minutes.pdf", await pdfOfPages(1, "Minutes page"));
  ok(await call(writer.headers, "POST", `/api/investor-reporting/reports/${id}/approve/`));
  const response = await app.inject({ method: "POST", url: `/api/investor-reporting/reports/${id}/export/pdf/`, headers: writer.headers, payload: { theme: "light" } });
  assert.is(response.statusCode, 200, response.body);
  const pack = await PDFDocument.load(response.rawPayload);
  assert.is(pack.getPageCount(), 1 + 2 + 1 + 1, "the printed page, the cap table's two, the minutes' one, the closing page");
  const text = textOf(response.rawPayload);
  assert.ok(text.indexOf("Cap table page 1") < text.indexOf("Cap table page 2") && text.indexOf("Cap table page 2") < text.indexOf("Minutes page 1"), "in the report's order");
  assert.ok(text.includes(SKIPPED_TITLE) && text.includes("damaged.pdf"));
  assert.not.ok(text.includes("notes.txt"), "files that are not PDFs are listed in the section, not appended");
});

/** A real SMTP server on loopback that keeps what it receives. */
async function smtpServer() {
  const received: { to: string[]; raw: string }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      let raw = "";
      stream.on("data", (chunk: Buffer) => (raw += chunk.toString()));
      stream.on("end", () => {
        received.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as { port: number }).port;
  return { url: `smtp://127.0.0.1:${port}`, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** The attachment of a received mail, decoded. */
function attachmentOf(raw: string): { fileName: string; bytes: Buffer } | null {
  const match = /Content-Type: application\/pdf;[^]*?name="?([^"\r\n]+)"?[^]*?Content-Transfer-Encoding: base64\r\n(?:[^\r\n]+\r\n)*?\r\n([A-Za-z0-9+/=\r\n]+?)\r\n(?:--|\r\n)/.exec(raw);
  return match ? { fileName: match[1]!, bytes: Buffer.from(match[2]!.replace(/\r\n/g, ""), "base64") } : null;
}

test("send with attachPdf renders the board pack once and mails it to every recipient by SMTP; a failed render sends nothing", async () => {
  const { writer, ok, boardPack, tenantId, call } = await investorCompany();
  const smtp = await smtpServer();
  const printer = recordingPrinter();
  const { app } = await testApp({ smtpUrl: smtp.url }, { printer });
  const inject = async (method: "POST" | "GET", url: string, payload?: object) => {
    const response = await app.inject({ method, url, headers: writer.headers, ...(payload ? { payload } : {}) });
    return { status: response.statusCode, body: response.json() };
  };
  const { id } = await boardPack("Pack to send");
  ok(await call(writer.headers, "POST", `/api/investor-reporting/reports/${id}/recipients/`, { action: "set", recipients: [{ email: "anna@investor.example", name: "Anna" }, { email: "ben@investor.example" }] }));
  assert.is((await inject("POST", `/api/investor-reporting/reports/${id}/send/`, { subject: "Q2", attachPdf: true })).status, 409, "a draft is refused before anything is rendered");
  assert.is(printer.jobs.length, 0);
  ok(await call(writer.headers, "POST", `/api/investor-reporting/reports/${id}/approve/`));

  const sent = ok(await inject("POST", `/api/investor-reporting/reports/${id}/send/`, { subject: "Q2 board pack", attachPdf: true, theme: "light" }));
  assert.equal(sent, { detail: "Successfully sent 2 e-mails.", sent: 2, failures: [] });
  assert.is(printer.jobs.length, 1, "rendered once for all recipients");
  assert.is(printer.jobs[0]!.handoff.theme, "light", "in the sender's theme");
  assert.equal(smtp.received.map((mail) => mail.to).sort(), [["anna@investor.example"], ["ben@investor.example"]]);
  for (const mail of smtp.received) {
    const attached = attachmentOf(mail.raw);
    assert.ok(attached, "the mail carries a PDF");
    assert.is(attached!.fileName, "Pack-to-send.pdf");
    assert.ok(attached!.bytes.equals(TEST_PDF), "the rendered board pack");
  }
  const outbox = await outboxOf(tenantId);
  assert.equal(outbox.map((mail) => mail.attachments), [[{ fileName: "Pack-to-send.pdf", mediaType: "application/pdf", size: TEST_PDF.length }], [{ fileName: "Pack-to-send.pdf", mediaType: "application/pdf", size: TEST_PDF.length }]], "the outbox records what was attached, not the bytes");

  // A render that fails: a clear answer and not one mail.
  const failing: PdfPrinter = { ...printer, print: async () => { throw new HttpError(504, { detail: PDF_TIMEOUT }); } };
  const { app: failingApp } = await testApp({ smtpUrl: smtp.url }, { printer: failing });
  const refused = await failingApp.inject({ method: "POST", url: `/api/investor-reporting/reports/${id}/send/`, headers: writer.headers, payload: { subject: "Again", attachPdf: true } });
  assert.is(refused.statusCode, 504);
  assert.is(refused.json().detail, `${PDF_FOR_SENDING_FAILED} ${PDF_TIMEOUT}`);
  assert.is(smtp.received.length, 2, "nothing more was sent");
  assert.is((await outboxOf(tenantId)).length, 2);
  await failingApp.close();
  await app.close();
  await smtp.close();
});

test.run();
