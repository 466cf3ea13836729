import type { FastifyPluginAsync } from "fastify";
import { CODE_INVALID, NO_2FA_TO_RESET, NOT_ALLOWED_TO_REMOVE_2FA, PasscodeRequest, TWO_FACTOR_ALREADY_ENABLED, TwoFactorPolicyChange, type TwoFactorStatus } from "../../../contracts/two-factor";
import { authenticate } from "../../platform/auth/authenticate";
import { permissionsOf, requirePermission } from "../../platform/auth/permissions";
import { THROTTLE_RULES, tooManyAttempts } from "../../platform/auth/throttle";
import { decodeInput } from "../../platform/http/decode";
import { badRequest, notFound } from "../../platform/http/errors";
import type { AppServices } from "../../services";
import { endAllSessions } from "../auth/sessions";
import { beginSetup, checkCode, removeSecondFactor, secondFactorOf } from "./second-factor";

const ID = /^\d+$/;

/**
 * The authenticator-app second factor (main API): status, setup with QR code, activation by a
 * first code, removal (administrators only), and an administrator's reset of another user's.
 */
export const twoFactorRoutes: FastifyPluginAsync<AppServices> = async (app, services) => {
  const { signer, withTenant, throttle, totpSealer } = services;
  const setupAllowed = { allowPendingSecondFactorSetup: true };

  app.get("/auth/2fa/", async (request): Promise<TwoFactorStatus> => {
    const user = await authenticate(request, signer, withTenant, setupAllowed);
    return withTenant(user.tenantId, { kind: "user", userId: user.userId }, async (context) => {
      const state = await secondFactorOf(context, user.userId);
      const tenant = await context.db.selectFrom("tenants").select("two_factor_policy").executeTakeFirstOrThrow();
      const { isStaff, permissions } = await permissionsOf(context, user.userId);
      return { ...state, policy: tenant.two_factor_policy, can_remove: isStaff || permissions.has("manage_users"), can_set_policy: isStaff || permissions.has("manage_company_settings") };
    });
  });

  // The company's policy: mandatory sends users without a second factor to its setup.
  app.patch("/auth/2fa/policy/", async (request) => {
    const admin = await authenticate(request, signer, withTenant);
    const { policy } = decodeInput(TwoFactorPolicyChange, request.body);
    return withTenant(admin.tenantId, { kind: "user", userId: admin.userId }, async (context) => {
      await requirePermission(context, admin.userId, "manage_company_settings");
      await context.db.updateTable("tenants").set({ two_factor_policy: policy }).execute();
      await context.appendEvent({ type: "TwoFactorPolicyChanged", payload: { policy } });
      return { policy };
    });
  });

  app.post("/auth/2fa/setup/", async (request, reply) => {
    const user = await authenticate(request, signer, withTenant, setupAllowed);
    const setup = await withTenant(user.tenantId, { kind: "user", userId: user.userId }, async (context) => {
      if ((await secondFactorOf(context, user.userId)).enabled) throw badRequest({ detail: [TWO_FACTOR_ALREADY_ENABLED] });
      const row = await context.db.selectFrom("users").select("email").where("id", "=", user.userId).executeTakeFirstOrThrow();
      return beginSetup(context, user.userId, row.email, totpSealer);
    });
    reply.header("cache-control", "no-store");
    return setup;
  });

  app.post("/auth/2fa/activate/", async (request, reply) => {
    const user = await authenticate(request, signer, withTenant, setupAllowed);
    const { passcode } = decodeInput(PasscodeRequest, request.body);
    const key = `otp:${user.tenantId}:${user.userId}`;
    const attempts = await throttle.peek(key, THROTTLE_RULES.codePerUser);
    if (!attempts.allowed) throw tooManyAttempts(reply, attempts);
    const activated = await withTenant(user.tenantId, { kind: "user", userId: user.userId }, async (context) => {
      if (!(await checkCode(context, user.userId, passcode, totpSealer, new Date(), { pending: true }))) return false;
      await context.appendEvent({ type: "TwoFactorEnabled", payload: { userId: user.userId } });
      return true;
    });
    if (!activated) {
      await throttle.hit(key, THROTTLE_RULES.codePerUser);
      throw badRequest({ passcode: [CODE_INVALID] });
    }
    await throttle.clear(key);
    return { enabled: true };
  });

  app.post("/auth/2fa/deactivate/", async (request, reply) => {
    const user = await authenticate(request, signer, withTenant);
    const { passcode } = decodeInput(PasscodeRequest, request.body);
    const key = `otp:${user.tenantId}:${user.userId}`;
    const attempts = await throttle.peek(key, THROTTLE_RULES.codePerUser);
    if (!attempts.allowed) throw tooManyAttempts(reply, attempts);
    const removed = await withTenant(user.tenantId, { kind: "user", userId: user.userId }, async (context) => {
      await requirePermission(context, user.userId, "manage_users", NOT_ALLOWED_TO_REMOVE_2FA);
      if (!(await checkCode(context, user.userId, passcode, totpSealer, new Date()))) return false;
      await removeSecondFactor(context, user.userId);
      await context.appendEvent({ type: "TwoFactorDisabled", payload: { userId: user.userId } });
      return true;
    });
    if (!removed) {
      await throttle.hit(key, THROTTLE_RULES.codePerUser);
      throw badRequest({ passcode: [CODE_INVALID] });
    }
    return { enabled: false };
  });

  // An administrator resets a user's second factor; the user's sessions end with it.
  app.post<{ Params: { id: string } }>("/auth/users/:id/reset-2fa/", async (request, reply) => {
    const admin = await authenticate(request, signer, withTenant);
    if (!ID.test(request.params.id)) throw notFound();
    const userId = Number(request.params.id);
    await withTenant(admin.tenantId, { kind: "user", userId: admin.userId }, async (context) => {
      await requirePermission(context, admin.userId, "manage_users");
      const target = await context.db.selectFrom("users").select("id").where("id", "=", userId).executeTakeFirst();
      if (!target) throw notFound();
      if (!(await secondFactorOf(context, userId)).enabled) throw badRequest({ detail: [NO_2FA_TO_RESET] });
      const now = new Date();
      await removeSecondFactor(context, userId);
      await context.db.updateTable("users").set({ sessions_revoked_at: now }).where("id", "=", userId).execute();
      await endAllSessions(context, userId, "2fa reset", now);
      await context.appendEvent({ type: "TwoFactorReset", payload: { userId, by: admin.userId } });
    });
    return reply.status(204).send();
  });
};
