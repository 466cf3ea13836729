import { CURRENT_PASSWORD_INVALID, PasswordChange, PasswordResetConfirmation, PasswordResetRequest, PASSWORDS_DIFFER, RESET_TOKEN_INVALID, RESET_UID_INVALID } from "../../../contracts/account";
import { passwordProblems } from "../../../domain/auth/password-policy";
import { verifyPassword } from "../../platform/auth/passwords";
import { THROTTLE_RULES, tooManyAttempts } from "../../platform/auth/throttle";
import { clientAddress } from "../../platform/http/client-address";
import { badRequest } from "../../platform/http/errors";
import { credential, publicRoute, signedIn, userRoute } from "../../platform/http/route";
import { refreshCookieOf } from "../auth/session-cookie";
import { familyOfToken } from "../auth/sessions";
import { consumeResetToken, parseUid, replacePassword, sendResetLink } from "./password-reset";

/** Password reset by e-mail and password change (main API). */
export const passwordRoutes = [
  // Same answer, whether or not the address belongs to an account.
  publicRoute({
    method: "POST",
    path: "/auth/users/reset_password/",
    summary: "Send a password reset link to the address, if it belongs to an active account",
    body: PasswordResetRequest,
    status: 204,
    handle: async ({ body: { email }, request, reply, services }) => {
      const { database, withTenant, throttle, mailer, config } = services;
      const address = await throttle.hit(`reset:address:${clientAddress(request)}`, THROTTLE_RULES.resetPerAddress);
      if (!address.allowed) throw tooManyAttempts(reply, address);
      const normalized = email.trim().toLowerCase();
      const account = await throttle.hit(`reset:account:${normalized}`, THROTTLE_RULES.resetPerAccount);
      const login = await database.system.selectFrom("login_emails").select(["tenant_id", "user_id"]).where("email", "=", normalized).executeTakeFirst();
      if (login && account.allowed) {
        await withTenant(login.tenant_id, { kind: "system", name: "password-reset" }, async (context) => {
          const user = await context.db.selectFrom("users").select(["id", "email", "is_active"]).where("id", "=", login.user_id).executeTakeFirst();
          if (user?.is_active) await sendResetLink(context, user, mailer, config.publicUrl, new Date());
        });
      }
    },
  }),

  publicRoute({
    method: "POST",
    path: "/auth/users/reset_password_confirm/",
    summary: "Choose a new password with the reset (or welcome) link's uid and token",
    access: credential("the uid and token of a reset or welcome link, in the body"),
    body: PasswordResetConfirmation,
    status: 204,
    handle: async ({ body, request, reply, services }) => {
      const { withTenant, throttle } = services;
      const address = await throttle.hit(`reset-confirm:address:${clientAddress(request)}`, THROTTLE_RULES.resetPerAddress);
      if (!address.allowed) throw tooManyAttempts(reply, address);
      if (body.re_new_password !== undefined && body.re_new_password !== body.new_password) throw badRequest({ non_field_errors: [PASSWORDS_DIFFER] });
      const target = parseUid(body.uid);
      if (!target) throw badRequest({ uid: [RESET_UID_INVALID] });
      await withTenant(target.tenantId, { kind: "user", userId: target.userId }, async (context) => {
        const user = await context.db.selectFrom("users").select(["email", "first_name", "last_name", "is_active"]).where("id", "=", target.userId).executeTakeFirst();
        if (!user?.is_active) throw badRequest({ uid: [RESET_UID_INVALID] });
        const problems = passwordProblems(body.new_password, { email: user.email, firstName: user.first_name, lastName: user.last_name });
        if (problems.length > 0) throw badRequest({ new_password: problems });
        const now = new Date();
        if (!(await consumeResetToken(context, target.userId, body.token, now))) throw badRequest({ token: [RESET_TOKEN_INVALID] });
        await replacePassword(context, target.userId, body.new_password, now);
        await context.appendEvent({ type: "PasswordReset", payload: { userId: target.userId } });
      });
    },
  }),

  userRoute({
    method: "POST",
    path: "/auth/users/set_password/",
    summary: "Change the signed-in user's password (the current one is asked)",
    access: signedIn(),
    body: PasswordChange,
    status: 204,
    handle: async ({ body, user, request, reply, services, inTenant }) => {
      const { throttle } = services;
      if (body.re_new_password !== undefined && body.re_new_password !== body.new_password) throw badRequest({ non_field_errors: [PASSWORDS_DIFFER] });
      const throttleKey = `password-change:${user.tenantId}:${user.userId}`;
      const attempts = await throttle.peek(throttleKey, THROTTLE_RULES.codePerUser);
      if (!attempts.allowed) throw tooManyAttempts(reply, attempts);
      const cookie = refreshCookieOf(request);
      const outcome = await inTenant(async (context) => {
        const row = await context.db.selectFrom("users").select(["email", "first_name", "last_name", "password_hash"]).where("id", "=", user.userId).executeTakeFirstOrThrow();
        if (!row.password_hash || !(await verifyPassword(body.current_password, row.password_hash))) return "wrong-password" as const;
        const problems = passwordProblems(body.new_password, { email: row.email, firstName: row.first_name, lastName: row.last_name });
        if (problems.length > 0) throw badRequest({ new_password: problems });
        const keepFamily = cookie ? await familyOfToken(context, cookie) : undefined;
        await replacePassword(context, user.userId, body.new_password, new Date(), keepFamily ? { keepFamily } : {});
        await context.appendEvent({ type: "PasswordChanged", payload: { userId: user.userId } });
        return "changed" as const;
      });
      if (outcome === "wrong-password") {
        // Counted outside the transaction: the throttle is the owner connection's, never a tenant's.
        await throttle.hit(throttleKey, THROTTLE_RULES.codePerUser);
        throw badRequest({ current_password: [CURRENT_PASSWORD_INVALID] });
      }
    },
  }),
];
