import type { InvestorReport } from "../../../contracts/investor-reporting";
import { normalizeEmail, planRecipients, type RecipientAction, type RecipientInput } from "../../../domain/investor-reporting/recipients";
import { transition, type ReportAction } from "../../../domain/investor-reporting/status";
import { NO_RECIPIENTS, SENT_COUNT } from "../../../domain/investor-reporting/texts";
import type { TenantContext } from "../../db/tenancy";
import { badRequest, HttpError } from "../../platform/http/errors";
import type { MailAttachment, OutgoingMail } from "../../platform/mail/mailer";
import type { ReportReader } from "./report-access";
import { computeReportData } from "./report-data";
import { sharedReadersOf } from "./report-repository";
import { openForWrite, reportView } from "./report-service";
import { linkPath, linkTokenOf, newLinkSecret } from "./personal-links";

/**
 * Status and recipients (spec sections 4 and 7): approve freezes the figures, send mails every
 * recipient a personal link, notify mails them again. Approval and sending are recorded as the
 * events ReportApproved and ReportSent with who and when, for the report's readers.
 */

/** draft → approved: every section's data computed now and stored with the status, in one update. */
export async function approveReport(context: TenantContext, id: number, reader: ReportReader, now = new Date()): Promise<InvestorReport> {
  const report = await openForWrite(context, id, reader);
  const next = allowed(report.status, "approve");
  const frozen = await computeReportData(context, report, now);
  await context.db
    .updateTable("investor_reports")
    .set({ status: next, frozen_data: JSON.stringify(frozen), approved_by: reader.userId || null, approved_at: now, updated_at: now })
    .where("id", "=", id)
    .execute();
  await context.appendEvent({ type: "ReportApproved", payload: { reportId: id, approvedBy: reader.userId, approvedAt: now.toISOString(), readers: await sharedReadersOf(context, id) } });
  return reportView(context, id, reader);
}

export interface SendRequest {
  readonly subject: string;
  readonly message: string;
  readonly attachPdf: boolean;
  readonly theme: "light" | "dark";
}

/**
 * approved (or sent) → sent, in the caller's transaction: each recipient gets a new personal link
 * (the old one stops working) and the mails to deliver are answered; the route delivers them
 * after the commit, so the answer can list whose mail failed. With attachPdf the route renders the
 * board pack first (once, report-pdf.ts) and hands it in as `pdf`: every mail carries the same file.
 */
export async function prepareSending(context: TenantContext, id: number, body: SendRequest, reader: ReportReader, publicUrl: string, now = new Date(), pdf: MailAttachment | null = null): Promise<OutgoingMail[]> {
  const { report, next, recipients } = await checkSending(context, id, reader);
  const attachments = body.attachPdf && pdf ? [pdf] : [];
  const mails = await mintLinks(context, recipients, now, (recipient, link) => ({ to: recipient.email, subject: body.subject.trim(), text: reportMail(recipient.name, body.message, report.name, link), attachments }), publicUrl);
  await context.db.updateTable("investor_reports").set({ status: next, sent_by: reader.userId || null, sent_at: now, updated_at: now }).where("id", "=", id).execute();
  await context.appendEvent({
    type: "ReportSent",
    payload: { reportId: id, sentBy: reader.userId, sentAt: now.toISOString(), recipientCount: recipients.length, theme: body.theme, attachPdf: body.attachPdf, readers: await sharedReadersOf(context, id) },
  });
  return mails;
}

/**
 * What sending needs, checked without changing anything: a report the writer may send (approved or
 * sent) and at least one recipient. The route asks it before rendering a PDF that would be refused.
 */
export async function checkSending(context: TenantContext, id: number, reader: ReportReader) {
  const report = await openForWrite(context, id, reader);
  const next = allowed(report.status, "send");
  const recipients = await context.db.selectFrom("investor_report_recipients").select(["id", "email", "name"]).where("report_id", "=", id).orderBy("email").execute();
  if (recipients.length === 0) throw badRequest({ recipients: [NO_RECIPIENTS] });
  return { report, next, recipients };
}

/** The answer of a send or notify once the mails went out: 'Successfully sent {count} e-mails.' and the failures. */
export function sendOutcome(outcomes: readonly { to: string; delivered: boolean; error?: string | undefined }[]) {
  const sent = outcomes.filter((outcome) => outcome.delivered).length;
  return { detail: SENT_COUNT(sent), sent, failures: outcomes.filter((outcome) => !outcome.delivered).map((outcome) => ({ email: outcome.to, error: outcome.error ?? "Delivery failed." })) };
}

/**
 * POST /investor-reporting/reports/{id}/recipients/: add, remove and set change the list (at any
 * status: the figures do not depend on it); notify mails the named recipients (all when none is
 * named) a new personal link, a sent report only. The mails to deliver are answered, as in sending.
 */
export async function changeRecipients(
  context: TenantContext,
  id: number,
  body: { action: RecipientAction; recipients: readonly RecipientInput[] },
  reader: ReportReader,
  publicUrl: string,
  now = new Date(),
): Promise<{ report: InvestorReport; mails: OutgoingMail[] }> {
  const report = await openForWrite(context, id, reader);
  if (body.action === "notify") allowed(report.status, "notify");
  const current = await context.db.selectFrom("investor_report_recipients").select(["id", "email", "name"]).where("report_id", "=", id).execute();
  const plan = planRecipients(current.map((recipient) => recipient.email), body.action, body.recipients);
  if (Object.keys(plan.problems).length > 0) throw badRequest(plan.problems);
  if (plan.remove.length > 0) await context.db.deleteFrom("investor_report_recipients").where("report_id", "=", id).where("email", "in", [...plan.remove]).execute();
  if (plan.add.length > 0) {
    await context.db.insertInto("investor_report_recipients").values(plan.add.map((recipient) => ({ tenant_id: context.tenantId, report_id: id, email: recipient.email, name: recipient.name }))).execute();
  }
  // Set also renames the ones kept.
  if (body.action === "set") {
    for (const input of body.recipients) {
      await context.db.updateTable("investor_report_recipients").set({ name: input.name.trim() }).where("report_id", "=", id).where("email", "=", normalizeEmail(input.email)).execute();
    }
  }
  const notified = new Set(plan.notify);
  const mails = await mintLinks(context, current.filter((recipient) => notified.has(recipient.email)), now, (recipient, link) => ({ to: recipient.email, subject: `Reminder: ${report.name}`, text: reportMail(recipient.name, "", report.name, link) }), publicUrl);
  await context.db.updateTable("investor_reports").set({ updated_at: now }).where("id", "=", id).execute();
  await context.appendEvent({ type: "ReportRecipientsChanged", payload: { reportId: id, action: body.action, added: plan.add.length, removed: plan.remove.length, notified: mails.length, readers: [] } });
  return { report: await reportView(context, id, reader), mails };
}

/** A new personal link for each recipient (stored as its hash), and the mail that carries it. */
async function mintLinks<R extends { id: number; email: string; name: string }>(context: TenantContext, recipients: readonly R[], now: Date, mailOf: (recipient: R, link: string) => OutgoingMail, publicUrl: string) {
  const mails: OutgoingMail[] = [];
  for (const recipient of recipients) {
    const { secret, hash } = newLinkSecret();
    await context.db.updateTable("investor_report_recipients").set({ link_hash: hash, last_sent_at: now }).where("id", "=", recipient.id).execute();
    mails.push(mailOf(recipient, `${publicUrl}${linkPath(linkTokenOf({ tenantId: context.tenantId, recipientId: recipient.id }, secret))}`));
  }
  return mails;
}

function allowed(status: Parameters<typeof transition>[0], action: ReportAction) {
  const outcome = transition(status, action);
  if (!outcome.ok) throw new HttpError(409, { detail: outcome.message });
  return outcome.status;
}

const reportMail = (name: string, message: string, reportName: string, link: string) =>
  [`${name ? `Dear ${name}` : "Hello"},`, "", ...(message.trim() ? [message.trim(), ""] : []), `The report "${reportName}" is ready for you:`, link, "", "This link is personal: please do not forward it."].join("\n");
