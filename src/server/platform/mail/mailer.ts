import nodemailer, { type Transporter } from "nodemailer";
import type { FastifyBaseLogger } from "fastify";
import type { TenantContext, WithTenant } from "../../db/tenancy";

export interface OutgoingMail {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  /** Files the mail carries (the board pack's PDF). The outbox records their names and sizes only. */
  readonly attachments?: readonly MailAttachment[];
}

export interface MailAttachment {
  readonly fileName: string;
  readonly mediaType: string;
  readonly content: Buffer;
}

export interface DeliveryOutcome {
  readonly delivered: boolean;
  readonly error?: string;
}

/**
 * Mail with nodemailer. Every mail is recorded in the tenant's outbox; with SMTP_URL it is sent
 * by SMTP, otherwise it stays in the embedded outbox and is printed to the log with its links.
 * Delivery never happens inside a database transaction.
 */
export interface Mailer {
  /** Records the mail in the caller's transaction; delivers it once that transaction commits. */
  send(context: TenantContext, mail: OutgoingMail): Promise<void>;
  /** Records, delivers and reports at once (bulk sends report each recipient). */
  sendNow(tenantId: string, mail: OutgoingMail): Promise<DeliveryOutcome>;
  close(): void;
}

const system = { kind: "system", name: "mailer" } as const;

export function createMailer(options: { smtpUrl: string | undefined; from: string; log: FastifyBaseLogger; withTenant: WithTenant }): Mailer {
  const transport: Transporter | null = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
  const via = transport ? "smtp" : "outbox";

  const deliver = async (mail: OutgoingMail): Promise<DeliveryOutcome> => {
    if (!transport) {
      options.log.info({ mail: { to: mail.to, subject: mail.subject, text: mail.text, attachments: attachmentList(mail) } }, `outbox: mail to ${mail.to}: ${mail.subject}`);
      return { delivered: true };
    }
    try {
      await transport.sendMail({
        from: options.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        attachments: (mail.attachments ?? []).map((file) => ({ filename: file.fileName, contentType: file.mediaType, content: file.content })),
      });
      return { delivered: true };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      options.log.error({ to: mail.to, err: error }, "mail delivery failed");
      return { delivered: false, error: message };
    }
  };

  const record = (context: TenantContext, mail: OutgoingMail) =>
    context.db
      .insertInto("outbox_mails")
      .values({ tenant_id: context.tenantId, to_address: mail.to, subject: mail.subject, text_body: mail.text, transport: via, error: null, sent_at: null, attachments: JSON.stringify(attachmentList(mail)) })
      .returning("id")
      .executeTakeFirstOrThrow()
      .then((row) => row.id);

  const settle = (tenantId: string, id: number, outcome: DeliveryOutcome) =>
    options.withTenant(tenantId, system, ({ db }) =>
      db
        .updateTable("outbox_mails")
        .set({ status: outcome.delivered ? (transport ? "sent" : "stored") : "failed", error: outcome.error ?? null, sent_at: new Date() })
        .where("id", "=", id)
        .execute(),
    );

  return {
    async send(context, mail) {
      const id = await record(context, mail);
      context.afterCommit(async () => {
        await settle(context.tenantId, id, await deliver(mail)).catch((error: unknown) => options.log.error({ err: error }, "could not record mail delivery"));
      });
    },
    async sendNow(tenantId, mail) {
      const id = await options.withTenant(tenantId, system, (context) => record(context, mail));
      const outcome = await deliver(mail);
      await settle(tenantId, id, outcome);
      return outcome;
    },
    close: () => transport?.close(),
  };
}

/** What the outbox and the log keep of a mail's files: names, types and sizes. */
const attachmentList = (mail: OutgoingMail) => (mail.attachments ?? []).map((file) => ({ fileName: file.fileName, mediaType: file.mediaType, size: file.content.length }));

/** The sender address: MAIL_FROM, else no-reply at the public host. */
export function mailSender(publicUrl: string, env: NodeJS.ProcessEnv = process.env): string {
  return env["MAIL_FROM"] || `Meridian <no-reply@${new URL(publicUrl).hostname}>`;
}
