import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import { CANNOT_CHANGE_YOURSELF, EMAIL_TAKEN, NewUser, PermissionChange, sentMessage, UserChange } from "../../../contracts/users";
import type { TenantContext } from "../../db/tenancy";
import { authenticate, type RequestUser } from "../../platform/auth/authenticate";
import { hashPassword } from "../../platform/auth/passwords";
import { requirePermission } from "../../platform/auth/permissions";
import { decodeInput } from "../../platform/http/decode";
import { badRequest, notFound } from "../../platform/http/errors";
import type { AppServices } from "../../services";
import { issuePasswordLink, WELCOME_TOKEN_LIFETIME_MS, welcomeMail } from "../account/password-reset";
import { createUser, generatedPassword, listUsers, setActive, setGroups, setUserGrants } from "./users-service";

const ID = /^\d+$/;

/** Unique violations of the global e-mail index mean the address is taken (maybe elsewhere). */
const isUniqueViolation = (error: unknown) => typeof error === "object" && error !== null && (error as { code?: string }).code === "23505";

/**
 * User administration (main API), for company administrators only (manage_users): list, invite,
 * edit, deactivate, delete, groups and per-user grants, welcome e-mails.
 */
export const usersRoutes: FastifyPluginAsync<AppServices> = async (app, services) => {
  const { signer, withTenant, database, mailer, config } = services;

  /** Runs `work` for an administrator of the signed-in user's company. */
  const asAdministrator = async <T>(request: FastifyRequest, work: (context: TenantContext, admin: RequestUser) => Promise<T>) => {
    const admin = await authenticate(request, signer, withTenant);
    return withTenant(admin.tenantId, { kind: "user", userId: admin.userId }, async (context) => {
      await requirePermission(context, admin.userId, "manage_users");
      return work(context, admin);
    });
  };

  const userIdOf = (raw: string) => {
    if (!ID.test(raw)) throw notFound();
    return Number(raw);
  };

  const existingUser = async (context: TenantContext, userId: number) => {
    const user = await context.db.selectFrom("users").select(["id", "email", "is_superuser"]).where("id", "=", userId).executeTakeFirst();
    if (!user || user.is_superuser) throw notFound();
    return user;
  };

  const companyName = async (context: TenantContext) => (await context.db.selectFrom("tenants").select("name").executeTakeFirstOrThrow()).name;

  app.get<{ Querystring: { search?: string } }>("/vw/auth/users/", (request) => asAdministrator(request, (context) => listUsers(context, request.query.search)));

  app.get("/permissions/groups/", (request) =>
    asAdministrator(request, async ({ db }) => {
      const rows = await db
        .selectFrom("groups")
        .leftJoin("group_permissions", (join) => join.onRef("group_permissions.tenant_id", "=", "groups.tenant_id").onRef("group_permissions.group_id", "=", "groups.id"))
        .select(["groups.id", "groups.name", "group_permissions.permission"])
        .orderBy("groups.name")
        .orderBy("group_permissions.permission")
        .execute();
      const groups = new Map<number, { id: number; name: string; permissions: string[] }>();
      for (const row of rows) {
        const group = groups.get(row.id) ?? { id: row.id, name: row.name, permissions: [] };
        if (row.permission) group.permissions.push(row.permission);
        groups.set(row.id, group);
      }
      return [...groups.values()];
    }),
  );

  app.post("/auth/users/", async (request, reply) => {
    // Permission first: only administrators may learn whether an address is taken.
    await asAdministrator(request, async () => undefined);
    const input = decodeInput(NewUser, request.body);
    const email = input.email.trim().toLowerCase();
    const taken = await database.system.selectFrom("login_emails").select("email").where("email", "=", email).executeTakeFirst();
    if (taken) throw badRequest({ email: [EMAIL_TAKEN] });
    // Hashed before the transaction: scrypt takes its time and must not hold the connection.
    const passwordHash = await hashPassword(input.password ?? generatedPassword());
    try {
      const created = await asAdministrator(request, async (context) => {
        const userId = await createUser(context, {
          email,
          firstName: input.first_name?.trim() ?? "",
          lastName: input.last_name?.trim() ?? "",
          passwordHash,
          groupIds: input.groups ?? [],
        });
        // Without a password the user chooses one from the welcome mail's link.
        if (!input.password || input.send_welcome_email) {
          const link = await issuePasswordLink(context, userId, config.publicUrl, new Date(), WELCOME_TOKEN_LIFETIME_MS);
          await mailer.send(context, welcomeMail(email, await companyName(context), link));
        }
        await context.appendEvent({ type: "UserCreated", payload: { userId, email } });
        return (await listUsers(context, email)).find((user) => user.id === userId)!;
      });
      return reply.status(201).send(created);
    } catch (error) {
      if (isUniqueViolation(error)) throw badRequest({ email: [EMAIL_TAKEN] });
      throw error;
    }
  });

  app.patch<{ Params: { id: string } }>("/auth/users/:id/", (request) =>
    asAdministrator(request, async (context, admin) => {
      const userId = userIdOf(request.params.id);
      const change = decodeInput(UserChange, request.body);
      await existingUser(context, userId);
      if (change.is_active === false && userId === admin.userId) throw badRequest({ is_active: [CANNOT_CHANGE_YOURSELF] });
      const names = { ...(change.first_name !== undefined ? { first_name: change.first_name.trim() } : {}), ...(change.last_name !== undefined ? { last_name: change.last_name.trim() } : {}) };
      if (Object.keys(names).length) await context.db.updateTable("users").set(names).where("id", "=", userId).execute();
      if (change.is_active !== undefined) await setActive(context, userId, change.is_active, new Date());
      await context.appendEvent({ type: "UserChanged", payload: { userId, ...change } });
      return (await listUsers(context, undefined)).find((user) => user.id === userId)!;
    }),
  );

  app.delete<{ Params: { id: string } }>("/auth/users/:id/", async (request, reply) => {
    await asAdministrator(request, async (context, admin) => {
      const userId = userIdOf(request.params.id);
      await existingUser(context, userId);
      if (userId === admin.userId) throw badRequest({ detail: [CANNOT_CHANGE_YOURSELF] });
      await context.db.deleteFrom("users").where("id", "=", userId).execute();
      await context.appendEvent({ type: "UserDeleted", payload: { userId } });
    });
    return reply.status(204).send();
  });

  app.patch<{ Params: { id: string } }>("/permissions/users/:id/", (request) =>
    asAdministrator(request, async (context) => {
      const userId = userIdOf(request.params.id);
      const change = decodeInput(PermissionChange, request.body);
      await existingUser(context, userId);
      if (change.groups) await setGroups(context, userId, change.groups);
      if (change.user_permissions) await setUserGrants(context, userId, change.user_permissions);
      await context.appendEvent({ type: "UserPermissionsChanged", payload: { userId, ...change } });
      return (await listUsers(context, undefined)).find((user) => user.id === userId)!;
    }),
  );

  // Resends the onboarding mail: a fresh link to choose a password.
  app.get<{ Params: { id: string } }>("/auth/users/:id/send-welcome-email/", async (request) => {
    const { tenantId, mail } = await asAdministrator(request, async (context) => {
      const user = await existingUser(context, userIdOf(request.params.id));
      const link = await issuePasswordLink(context, user.id, config.publicUrl, new Date(), WELCOME_TOKEN_LIFETIME_MS);
      return { tenantId: context.tenantId, mail: welcomeMail(user.email, await companyName(context), link) };
    });
    const outcome = await mailer.sendNow(tenantId, mail);
    if (!outcome.delivered) throw badRequest({ detail: [`The e-mail to ${mail.to} could not be sent: ${outcome.error}`] });
    return { detail: sentMessage(1) };
  });

  // The company's outbox: what was sent or stored, without bodies (they carry sign-in links).
  app.get("/outbox/", (request) =>
    asAdministrator(request, ({ db }) =>
      db
        .selectFrom("outbox_mails")
        .select(["id", "to_address as to", "subject", "transport", "status", "error", "created_at", "sent_at"])
        .orderBy("id", "desc")
        .limit(200)
        .execute(),
    ),
  );
};
