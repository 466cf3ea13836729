import type { FastifyRequest } from "fastify";
import type { WithTenant } from "../../db/tenancy";
import { MFA_SETUP_REQUIRED } from "../../../contracts/two-factor";
import { HttpError, unauthorized } from "../http/errors";
import type { TokenSigner } from "./tokens";

/** The signed-in user a request acts for. */
export interface RequestUser {
  readonly tenantId: string;
  readonly userId: number;
  readonly isStaff: boolean;
}

export const MISSING_CREDENTIALS = "Authentication credentials were not provided.";
export const INVALID_TOKEN = "Given token not valid for any token type";

/**
 * Reads `Authorization: Bearer <access token>` and checks the user still exists and is active,
 * on every request, so a deactivation takes effect at once. Tokens never travel in URLs.
 */
export async function authenticate(
  request: FastifyRequest,
  signer: TokenSigner,
  withTenant: WithTenant,
  options: { allowPendingSecondFactorSetup?: boolean } = {},
): Promise<RequestUser> {
  const header = request.headers.authorization;
  if (!header) throw unauthorized(MISSING_CREDENTIALS);
  const [scheme, token] = header.split(" ");
  if (scheme !== "Bearer" || !token) throw unauthorized(INVALID_TOKEN);
  const subject = await signer.verify("access", token);
  if (!subject) throw unauthorized(INVALID_TOKEN);
  const user = await withTenant(subject.tenantId, { kind: "user", userId: subject.userId }, ({ db }) =>
    db.selectFrom("users").select(["is_active", "is_staff", "sessions_revoked_at"]).where("id", "=", subject.userId).executeTakeFirst(),
  );
  if (!user?.is_active) throw unauthorized(INVALID_TOKEN);
  // A 2FA reset, a deactivation or a password reset ends sessions at once, access tokens included.
  const issuedAt = Number(subject.claims["iatms"] ?? Number(subject.claims["iat"]) * 1000);
  if (user.sessions_revoked_at && issuedAt < user.sessions_revoked_at.getTime()) throw unauthorized(INVALID_TOKEN);
  // Under a mandatory 2FA policy, a user without a second factor may only set one up.
  if (subject.claims["mfa_setup"] === true && !options.allowPendingSecondFactorSetup) {
    throw new HttpError(403, { detail: MFA_SETUP_REQUIRED, code: "mfa_setup_required" });
  }
  return { tenantId: subject.tenantId, userId: subject.userId, isStaff: user.is_staff };
}
