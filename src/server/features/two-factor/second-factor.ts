import QRCode from "qrcode";
import type { TwoFactorSetup } from "../../../contracts/two-factor";
import type { TenantContext } from "../../db/tenancy";
import type { Sealer } from "../../platform/auth/sealing";
import { acceptedStep, newTotpSecret, otpauthUrl } from "./totp";

export interface SecondFactorState {
  readonly enabled: boolean;
  readonly pending: boolean;
}

export async function secondFactorOf({ db }: TenantContext, userId: number): Promise<SecondFactorState> {
  const row = await db.selectFrom("user_totp").select("confirmed_at").where("user_id", "=", userId).executeTakeFirst();
  return { enabled: !!row?.confirmed_at, pending: !!row && !row.confirmed_at };
}

/** Starts (or restarts) setup: a new secret, not yet active, and what the app needs to add it. */
export async function beginSetup(context: TenantContext, userId: number, email: string, sealer: Sealer): Promise<TwoFactorSetup> {
  const secret = newTotpSecret();
  await context.db.deleteFrom("user_totp").where("user_id", "=", userId).where("confirmed_at", "is", null).execute();
  await context.db.insertInto("user_totp").values({ tenant_id: context.tenantId, user_id: userId, secret_sealed: sealer.seal(secret), confirmed_at: null }).execute();
  const url = otpauthUrl(secret, email);
  return { secret, otpauth_url: url, qr_svg: await QRCode.toString(url, { type: "svg", margin: 1, errorCorrectionLevel: "M" }) };
}

/**
 * Checks a code against the user's secret (the pending one when `pending`), accepting each time
 * step once. On success the step is stored, and a pending secret becomes the active one.
 */
export async function checkCode(context: TenantContext, userId: number, code: string, sealer: Sealer, now: Date, options: { pending?: boolean } = {}): Promise<boolean> {
  const row = await context.db.selectFrom("user_totp").select(["secret_sealed", "confirmed_at", "last_used_step"]).where("user_id", "=", userId).forUpdate().executeTakeFirst();
  if (!row || (options.pending ? row.confirmed_at !== null : row.confirmed_at === null)) return false;
  const step = acceptedStep(sealer.open(row.secret_sealed), code.trim(), row.last_used_step, now);
  if (step === null) return false;
  await context.db
    .updateTable("user_totp")
    .set({ last_used_step: step, ...(options.pending ? { confirmed_at: now } : {}) })
    .where("user_id", "=", userId)
    .execute();
  return true;
}

export async function removeSecondFactor(context: TenantContext, userId: number) {
  await context.db.deleteFrom("user_totp").where("user_id", "=", userId).execute();
}

/** Whether the user must set up a second factor before doing anything else. */
export async function mustSetUpSecondFactor(context: TenantContext, userId: number): Promise<boolean> {
  const tenant = await context.db.selectFrom("tenants").select("two_factor_policy").executeTakeFirstOrThrow();
  return tenant.two_factor_policy === "mandatory" && !(await secondFactorOf(context, userId)).enabled;
}
