import multipart from "@fastify/multipart";
import type { FastifyPluginAsync } from "fastify";
import { EMAIL_TAKEN, sentMessage } from "../../../contracts/users";
import { authenticate } from "../../platform/auth/authenticate";
import { hashPassword } from "../../platform/auth/passwords";
import { requirePermission } from "../../platform/auth/permissions";
import { badRequest, HttpError } from "../../platform/http/errors";
import type { OutgoingMail } from "../../platform/mail/mailer";
import type { AppServices } from "../../services";
import { issuePasswordLink, WELCOME_TOKEN_LIFETIME_MS, welcomeMail } from "../account/password-reset";
import { createUser, generatedPassword } from "./users-service";
import { buildUsersTemplate, readUsersTemplate, TemplateUnreadable, type TemplateRow } from "./users-template";

export const TEMPLATE_MAX_BYTES = 2 * 1024 * 1024;
export const FILE_ERRONEOUS = "The file is erroneous. Nothing was imported: correct the rows listed and upload it again.";
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/**
 * The users template (xlsx): download it, fill it in, upload it. An upload is checked whole:
 * one bad row and nothing is written, the answer lists every bad row. Every new user gets a
 * welcome mail; the answer says how many were sent and which failed.
 */
export const usersImportRoutes: FastifyPluginAsync<AppServices> = async (app, services) => {
  const { signer, withTenant, database, mailer, config } = services;
  await app.register(multipart, { limits: { fileSize: TEMPLATE_MAX_BYTES, files: 1, fields: 5 } });

  const administrator = async (request: Parameters<typeof authenticate>[0]) => {
    const admin = await authenticate(request, signer, withTenant);
    const groups = await withTenant(admin.tenantId, { kind: "user", userId: admin.userId }, async (context) => {
      await requirePermission(context, admin.userId, "manage_users");
      return context.db.selectFrom("groups").select(["id", "name"]).orderBy("name").execute();
    });
    return { admin, groups };
  };

  app.get("/auth/users/template/", async (request, reply) => {
    const { groups } = await administrator(request);
    const file = await buildUsersTemplate(groups.map((group) => group.name));
    return reply.header("content-type", XLSX).header("content-disposition", 'attachment; filename="meridian-users-template.xlsx"').send(file);
  });

  app.post("/auth/users/template/", async (request, reply) => {
    const { admin, groups } = await administrator(request);
    if (!request.isMultipart()) throw badRequest({ file: ["Upload the filled-in template as a file."] });
    const part = await request.file();
    if (!part) throw badRequest({ file: ["No file was submitted."] });
    const buffer = await part.toBuffer().catch((error: { statusCode?: number }) => {
      if (error.statusCode === 413) throw new HttpError(413, { file: [`The file you are trying to upload exceeds the maximum allowed size of ${TEMPLATE_MAX_BYTES / 1024 / 1024} MB.`] });
      throw error;
    });
    let rows: TemplateRow[];
    try {
      rows = await readUsersTemplate(buffer);
    } catch (error) {
      if (error instanceof TemplateUnreadable) throw badRequest({ file: [error.message] });
      throw error;
    }
    if (rows.length === 0) throw badRequest({ file: ["The file lists no users."] });

    const taken = new Set(
      (await database.system.selectFrom("login_emails").select("email").where("email", "in", rows.map((row) => row.email).filter(Boolean)).execute()).map((row) => row.email),
    );
    const seen = new Set<string>();
    const errors = rows.flatMap((row) => {
      const messages: string[] = [];
      if (!EMAIL.test(row.email)) messages.push(row.email ? `"${row.email}" is not a valid e-mail address.` : "The e-mail address is missing.");
      else if (seen.has(row.email)) messages.push(`${row.email} is listed twice.`);
      else if (taken.has(row.email)) messages.push(`${row.email}: ${EMAIL_TAKEN}`);
      seen.add(row.email);
      for (const name of row.groups) if (!groups.some((group) => group.name === name)) messages.push(`There is no group "${name}".`);
      return messages.length ? [`Row ${row.row}: ${messages.join(" ")}`] : [];
    });
    if (errors.length) throw badRequest({ detail: [FILE_ERRONEOUS], rows: errors });

    const hashes = await Promise.all(rows.map(() => hashPassword(generatedPassword())));
    const mails: OutgoingMail[] = await withTenant(admin.tenantId, { kind: "user", userId: admin.userId }, async (context) => {
      const company = (await context.db.selectFrom("tenants").select("name").executeTakeFirstOrThrow()).name;
      const welcome: OutgoingMail[] = [];
      for (const [index, row] of rows.entries()) {
        const groupIds = row.groups.map((name) => groups.find((group) => group.name === name)!.id);
        const userId = await createUser(context, { email: row.email, firstName: row.firstName, lastName: row.lastName, passwordHash: hashes[index]!, groupIds });
        welcome.push(welcomeMail(row.email, company, await issuePasswordLink(context, userId, config.publicUrl, new Date(), WELCOME_TOKEN_LIFETIME_MS)));
      }
      await context.appendEvent({ type: "UsersImported", payload: { count: rows.length } });
      return welcome;
    });
    const outcomes = await Promise.all(mails.map(async (mail) => ({ to: mail.to, outcome: await mailer.sendNow(admin.tenantId, mail) })));
    const failures = outcomes.filter((item) => !item.outcome.delivered).map((item) => ({ email: item.to, error: item.outcome.error ?? "not sent" }));
    return reply.status(201).send({ created: rows.length, detail: sentMessage(outcomes.length - failures.length), failures });
  });
};
