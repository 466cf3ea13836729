import { Schema } from "@effect/schema";
import { CODE_INVALID, NO_2FA_TO_RESET, NOT_ALLOWED_TO_REMOVE_2FA, PasscodeRequest, TWO_FACTOR_ALREADY_ENABLED, TwoFactorPolicyChange, TwoFactorSetup, TwoFactorStatus } from "../../../contracts/two-factor";
import { THROTTLE_RULES, tooManyAttempts } from "../../platform/auth/throttle";
import { badRequest, notFound } from "../../platform/http/errors";
import { IdParams, needs, signedIn, userRoute } from "../../platform/http/route";
import { endAllSessions } from "../auth/sessions";
import { beginSetup, checkCode, removeSecondFactor, secondFactorOf } from "./second-factor";

/**
 * The authenticator-app second factor (main API): status, setup with QR code, activation by a
 * first code, removal (administrators only), and an administrator's reset of another user's.
 */
export const twoFactorRoutes = [
  userRoute({
    method: "GET",
    path: "/auth/2fa/",
    summary: "The signed-in user's second factor, the company's policy and what the user may change",
    access: signedIn({ duringSecondFactorSetup: true }),
    response: TwoFactorStatus,
    handle: ({ user, reader, inTenant }) =>
      inTenant(async (context): Promise<TwoFactorStatus> => {
        const state = await secondFactorOf(context, user.userId);
        const tenant = await context.db.selectFrom("tenants").select("two_factor_policy").executeTakeFirstOrThrow();
        const { isStaff, permissions } = reader;
        return { ...state, policy: tenant.two_factor_policy, can_remove: isStaff || permissions.has("manage_users"), can_set_policy: isStaff || permissions.has("manage_company_settings") };
      }),
  }),

  // The company's policy: mandatory sends users without a second factor to its setup.
  userRoute({
    method: "PATCH",
    path: "/auth/2fa/policy/",
    summary: "Set the company's two-factor policy (optional or mandatory)",
    access: needs("manage_company_settings"),
    body: TwoFactorPolicyChange,
    response: TwoFactorPolicyChange,
    handle: ({ body: { policy }, inTenant }) =>
      inTenant(async (context) => {
        await context.db.updateTable("tenants").set({ two_factor_policy: policy }).execute();
        await context.appendEvent({ type: "TwoFactorPolicyChanged", payload: { policy } });
        return { policy };
      }),
  }),

  userRoute({
    method: "POST",
    path: "/auth/2fa/setup/",
    summary: "Begin setting up the authenticator app: the secret and its QR code",
    access: signedIn({ duringSecondFactorSetup: true }),
    response: TwoFactorSetup,
    handle: async ({ user, reply, services, inTenant }) => {
      const setup = await inTenant(async (context) => {
        if ((await secondFactorOf(context, user.userId)).enabled) throw badRequest({ detail: [TWO_FACTOR_ALREADY_ENABLED] });
        const row = await context.db.selectFrom("users").select("email").where("id", "=", user.userId).executeTakeFirstOrThrow();
        return beginSetup(context, user.userId, row.email, services.totpSealer);
      });
      reply.header("cache-control", "no-store");
      return setup;
    },
  }),

  userRoute({
    method: "POST",
    path: "/auth/2fa/activate/",
    summary: "Turn the second factor on with a first code from the app",
    access: signedIn({ duringSecondFactorSetup: true }),
    body: PasscodeRequest,
    response: Schema.Struct({ enabled: Schema.Boolean }),
    handle: async ({ body: { passcode }, user, reply, services, inTenant }) => {
      const { throttle, totpSealer } = services;
      const key = `otp:${user.tenantId}:${user.userId}`;
      const attempts = await throttle.peek(key, THROTTLE_RULES.codePerUser);
      if (!attempts.allowed) throw tooManyAttempts(reply, attempts);
      const activated = await inTenant(async (context) => {
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
    },
  }),

  userRoute({
    method: "POST",
    path: "/auth/2fa/deactivate/",
    summary: "Turn the signed-in administrator's second factor off with a current code",
    access: needs("manage_users", { deniedDetail: NOT_ALLOWED_TO_REMOVE_2FA }),
    body: PasscodeRequest,
    response: Schema.Struct({ enabled: Schema.Boolean }),
    handle: async ({ body: { passcode }, user, reply, services, inTenant }) => {
      const { throttle, totpSealer } = services;
      const key = `otp:${user.tenantId}:${user.userId}`;
      const attempts = await throttle.peek(key, THROTTLE_RULES.codePerUser);
      if (!attempts.allowed) throw tooManyAttempts(reply, attempts);
      const removed = await inTenant(async (context) => {
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
    },
  }),

  // An administrator resets a user's second factor; the user's sessions end with it.
  userRoute({
    method: "POST",
    path: "/auth/users/{id}/reset-2fa/",
    summary: "Reset a user's second factor; their sessions end",
    access: needs("manage_users"),
    params: IdParams,
    status: 204,
    handle: ({ params: { id: userId }, user: admin, inTenant }) =>
      inTenant(async (context) => {
        const target = await context.db.selectFrom("users").select("id").where("id", "=", userId).executeTakeFirst();
        if (!target) throw notFound();
        if (!(await secondFactorOf(context, userId)).enabled) throw badRequest({ detail: [NO_2FA_TO_RESET] });
        const now = new Date();
        await removeSecondFactor(context, userId);
        await context.db.updateTable("users").set({ sessions_revoked_at: now }).where("id", "=", userId).execute();
        await endAllSessions(context, userId, "2fa reset", now);
        await context.appendEvent({ type: "TwoFactorReset", payload: { userId, by: admin.userId } });
      }),
  }),
];
