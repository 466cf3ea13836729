import { Schema } from "@effect/schema";
import { EMAIL_TAKEN, sentMessage } from "../../../contracts/users";
import { passwordProblems } from "../../../domain/auth/password-policy";
import { hashPassword } from "../../platform/auth/passwords";
import { checkXlsx, XlsxRefused } from "../../platform/files/xlsx-guard";
import { badRequest } from "../../platform/http/errors";
import { quoted } from "../../platform/http/decode";
import { needs, userRoute, type UploadedFile } from "../../platform/http/route";
import type { OutgoingMail } from "../../platform/mail/mailer";
import type { TenantContext } from "../../db/tenancy";
import { issuePasswordLink, WELCOME_TOKEN_LIFETIME_MS, welcomeMail } from "../account/password-reset";
import { createUser, generatedPassword } from "./users-service";
import { buildUsersTemplate, readUsersTemplate, TemplateUnreadable, type TemplateRow } from "./users-template";

export const TEMPLATE_MAX_BYTES = 2 * 1024 * 1024;
export const FILE_ERRONEOUS = "The file is erroneous. Nothing was imported: correct the rows listed and upload it again.";
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

const groupsOf = (context: TenantContext) => context.db.selectFrom("groups").select(["id", "name"]).orderBy("name").execute();

const ImportAnswer = Schema.Struct({
  created: Schema.Number,
  detail: Schema.String,
  failures: Schema.Array(Schema.Struct({ email: Schema.String, error: Schema.String })),
});

/**
 * The users template (xlsx): download it, fill it in, upload it. An upload is checked whole:
 * one bad row and nothing is written, the answer lists every bad row. Every new user gets a
 * welcome mail; the answer says how many were sent and which failed.
 */
export const usersImportRoutes = [
  userRoute({
    method: "GET",
    path: "/auth/users/template/",
    summary: "The users template (xlsx) with the company's groups",
    access: needs("manage_users"),
    response: { mediaType: XLSX, description: "The template workbook" },
    handle: async ({ inTenant, reply }) => {
      const groups = await inTenant(groupsOf);
      const file = await buildUsersTemplate(groups.map((group) => group.name));
      return reply.header("content-type", XLSX).header("content-disposition", 'attachment; filename="meridian-users-template.xlsx"').send(file);
    },
  }),

  userRoute<undefined, undefined, UploadedFile>({
    method: "POST",
    path: "/auth/users/template/",
    summary: "Import the users of a filled-in template: all rows or none",
    access: needs("manage_users"),
    upload: { field: "file", maxBytes: TEMPLATE_MAX_BYTES, mediaTypes: [XLSX] },
    bodyLimit: TEMPLATE_MAX_BYTES + 64 * 1024,
    response: ImportAnswer,
    status: 201,
    handle: async ({ body: file, inTenant, services, user: admin }) => {
      const { database, mailer, config } = services;
      const groups = await inTenant(groupsOf);
      let rows: TemplateRow[];
      try {
        // The archive is checked by what it really unpacks to before the spreadsheet reader sees it.
        await checkXlsx(file.bytes);
        rows = await readUsersTemplate(file.bytes);
      } catch (error) {
        if (error instanceof TemplateUnreadable || error instanceof XlsxRefused) throw badRequest({ file: [error.message] });
        throw error;
      }
      if (rows.length === 0) throw badRequest({ file: ["The file lists no users."] });
      const emails = rows.map((row) => row.email).filter(Boolean);
      // "in ()" is no SQL: a file without a single address asks nothing.
      const taken = new Set(emails.length === 0 ? [] : (await database.system.selectFrom("login_emails").select("email").where("email", "in", emails).execute()).map((row) => row.email));
      const seen = new Set<string>();
      const errors = rows.flatMap((row) => {
        const messages: string[] = [...row.problems];
        if (!EMAIL.test(row.email)) messages.push(row.email ? `${quoted(row.email)} is not a valid e-mail address.` : "The e-mail address is missing.");
        else if (seen.has(row.email)) messages.push(`${quoted(row.email)} is listed twice.`);
        else if (taken.has(row.email)) messages.push(`${row.email}: ${EMAIL_TAKEN}`);
        seen.add(row.email);
        for (const name of row.groups) if (!groups.some((group) => group.name === name)) messages.push(`There is no group ${quoted(name)}.`);
        if (row.password) messages.push(...passwordProblems(row.password, { email: row.email, firstName: row.firstName, lastName: row.lastName }));
        return messages.length ? [`Row ${row.row}: ${messages.join(" ")}`] : [];
      });
      if (errors.length) throw badRequest({ detail: [FILE_ERRONEOUS], rows: errors });

      const hashes = await Promise.all(rows.map((row) => hashPassword(row.password || generatedPassword(row), { priority: "bulk" })));
      const mails: OutgoingMail[] = await inTenant(async (context) => {
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
      return { created: rows.length, detail: sentMessage(outcomes.length - failures.length), failures };
    },
  }),
];
