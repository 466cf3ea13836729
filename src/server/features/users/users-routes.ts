import { Schema } from "@effect/schema";
import { CANNOT_CHANGE_YOURSELF, EMAIL_TAKEN, ManagedUser, NewUser, OutboxMail, PermissionChange, sentMessage, UserChange } from "../../../contracts/users";
import type { TenantContext } from "../../db/tenancy";
import { hashPassword } from "../../platform/auth/passwords";
import { badRequest, notFound } from "../../platform/http/errors";
import { IdParams, needs, userRoute } from "../../platform/http/route";
import { Text } from "../../../contracts/fields";
import { issuePasswordLink, WELCOME_TOKEN_LIFETIME_MS, welcomeMail } from "../account/password-reset";
import { createUser, generatedPassword, listUsers, requireAllowedPassword, setActive, setGroups, setUserGrants } from "./users-service";

/** Unique violations of the global e-mail index mean the address is taken (maybe elsewhere). */
const isUniqueViolation = (error: unknown) => typeof error === "object" && error !== null && (error as { code?: string }).code === "23505";

const existingUser = async (context: TenantContext, userId: number) => {
  const user = await context.db.selectFrom("users").select(["id", "email", "is_superuser"]).where("id", "=", userId).executeTakeFirst();
  if (!user || user.is_superuser) throw notFound();
  return user;
};

const companyName = async (context: TenantContext) => (await context.db.selectFrom("tenants").select("name").executeTakeFirstOrThrow()).name;

const userById = async (context: TenantContext, userId: number) => (await listUsers(context, undefined)).find((user) => user.id === userId)!;

const MANAGE_USERS = needs("manage_users");
const GroupWithPermissions = Schema.Struct({ id: Schema.Number, name: Schema.String, permissions: Schema.Array(Schema.String) });

/**
 * User administration (main API), for company administrators only (manage_users): list, invite,
 * edit, deactivate, delete, groups and per-user grants, welcome e-mails.
 */
export const usersRoutes = [
  userRoute({
    method: "GET",
    path: "/vw/auth/users/",
    summary: "The company's users, optionally filtered by a search text",
    access: MANAGE_USERS,
    query: Schema.Struct({ search: Schema.optional(Text(254)) }),
    response: Schema.Array(ManagedUser),
    handle: ({ query, inTenant }) => inTenant((context) => listUsers(context, query.search)),
  }),

  userRoute({
    method: "GET",
    path: "/permissions/groups/",
    summary: "The company's groups with their permissions",
    access: MANAGE_USERS,
    response: Schema.Array(GroupWithPermissions),
    handle: ({ inTenant }) =>
      inTenant(async ({ db }) => {
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
  }),

  userRoute({
    method: "POST",
    path: "/auth/users/",
    summary: "Invite a user: with a password, or a welcome e-mail to choose one",
    access: MANAGE_USERS,
    body: NewUser,
    response: ManagedUser,
    status: 201,
    handle: async ({ body: input, services, inTenant }) => {
      const email = input.email.trim().toLowerCase();
      const person = { email, firstName: input.first_name?.trim() ?? "", lastName: input.last_name?.trim() ?? "" };
      if (input.password !== undefined) requireAllowedPassword(input.password, person);
      const taken = await services.database.system.selectFrom("login_emails").select("email").where("email", "=", email).executeTakeFirst();
      if (taken) throw badRequest({ email: [EMAIL_TAKEN] });
      // Hashed before the transaction: scrypt takes its time and must not hold the connection.
      const passwordHash = await hashPassword(input.password ?? generatedPassword(person), { priority: "bulk" });
      try {
        return await inTenant(async (context) => {
          const userId = await createUser(context, {
            email,
            firstName: input.first_name?.trim() ?? "",
            lastName: input.last_name?.trim() ?? "",
            passwordHash,
            groupIds: input.groups ?? [],
          });
          // Without a password the user chooses one from the welcome mail's link.
          if (!input.password || input.send_welcome_email) {
            const link = await issuePasswordLink(context, userId, services.config.publicUrl, new Date(), WELCOME_TOKEN_LIFETIME_MS);
            await services.mailer.send(context, welcomeMail(email, await companyName(context), link));
          }
          await context.appendEvent({ type: "UserCreated", payload: { userId, email } });
          return (await listUsers(context, email)).find((user) => user.id === userId)!;
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw badRequest({ email: [EMAIL_TAKEN] });
        throw error;
      }
    },
  }),

  userRoute({
    method: "PATCH",
    path: "/auth/users/{id}/",
    summary: "Change a user's names, or deactivate or reactivate them",
    access: MANAGE_USERS,
    params: IdParams,
    body: UserChange,
    response: ManagedUser,
    handle: ({ params: { id: userId }, body: change, user: admin, inTenant }) =>
      inTenant(async (context) => {
        await existingUser(context, userId);
        if (change.is_active === false && userId === admin.userId) throw badRequest({ is_active: [CANNOT_CHANGE_YOURSELF] });
        const names = { ...(change.first_name !== undefined ? { first_name: change.first_name.trim() } : {}), ...(change.last_name !== undefined ? { last_name: change.last_name.trim() } : {}) };
        if (Object.keys(names).length) await context.db.updateTable("users").set(names).where("id", "=", userId).execute();
        if (change.is_active !== undefined) await setActive(context, userId, change.is_active, new Date());
        await context.appendEvent({ type: "UserChanged", payload: { userId, ...change } });
        return userById(context, userId);
      }),
  }),

  userRoute({
    method: "DELETE",
    path: "/auth/users/{id}/",
    summary: "Delete a user",
    access: MANAGE_USERS,
    params: IdParams,
    status: 204,
    handle: ({ params: { id: userId }, user: admin, inTenant }) =>
      inTenant(async (context) => {
        await existingUser(context, userId);
        if (userId === admin.userId) throw badRequest({ detail: [CANNOT_CHANGE_YOURSELF] });
        await context.db.deleteFrom("users").where("id", "=", userId).execute();
        await context.appendEvent({ type: "UserDeleted", payload: { userId } });
      }),
  }),

  userRoute({
    method: "PATCH",
    path: "/permissions/users/{id}/",
    summary: "Set a user's groups and per-user grants",
    access: MANAGE_USERS,
    params: IdParams,
    body: PermissionChange,
    response: ManagedUser,
    handle: ({ params: { id: userId }, body: change, inTenant }) =>
      inTenant(async (context) => {
        await existingUser(context, userId);
        if (change.groups) await setGroups(context, userId, change.groups);
        if (change.user_permissions) await setUserGrants(context, userId, change.user_permissions);
        await context.appendEvent({ type: "UserPermissionsChanged", payload: { userId, ...change } });
        return userById(context, userId);
      }),
  }),

  // Resends the onboarding mail: a fresh link to choose a password.
  userRoute({
    method: "GET",
    path: "/auth/users/{id}/send-welcome-email/",
    summary: "Send a user a new welcome e-mail with a link to choose a password",
    access: MANAGE_USERS,
    params: IdParams,
    response: Schema.Struct({ detail: Schema.String }),
    handle: async ({ params, services, inTenant }) => {
      const { tenantId, mail } = await inTenant(async (context) => {
        const user = await existingUser(context, params.id);
        const link = await issuePasswordLink(context, user.id, services.config.publicUrl, new Date(), WELCOME_TOKEN_LIFETIME_MS);
        return { tenantId: context.tenantId, mail: welcomeMail(user.email, await companyName(context), link) };
      });
      const outcome = await services.mailer.sendNow(tenantId, mail);
      if (!outcome.delivered) throw badRequest({ detail: [`The e-mail to ${mail.to} could not be sent: ${outcome.error}`] });
      return { detail: sentMessage(1) };
    },
  }),

  // The company's outbox: what was sent or stored, without bodies (they carry sign-in links).
  userRoute({
    method: "GET",
    path: "/outbox/",
    summary: "The company's last 200 e-mails, without their bodies",
    access: MANAGE_USERS,
    response: Schema.Array(OutboxMail),
    handle: ({ inTenant }) =>
      inTenant(({ db }) =>
        db
          .selectFrom("outbox_mails")
          .select(["id", "to_address as to", "subject", "transport", "status", "error", "created_at", "sent_at"])
          .orderBy("id", "desc")
          .limit(200)
          .execute(),
      ),
  }),
];
