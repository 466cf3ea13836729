import type { FastifyRequest } from "fastify";
import type { TenantContext, WithTenant } from "../../db/tenancy";
import { MFA_SETUP_REQUIRED } from "../../../contracts/two-factor";
import { HttpError, unauthorized } from "../http/errors";
import { accessSessionOf, sessionStatus, type AccessSession } from "./session-status";
import type { TokenSigner } from "./tokens";
import type { PrintResource } from "../../../contracts/print";
import { verifyPrintToken } from "../print/print-tokens";

/** The signed-in user a request acts for. */
export interface RequestUser {
  readonly tenantId: string;
  readonly userId: number;
  readonly isStaff: boolean;
  /** The session the access token belongs to (an open event stream watches it). */
  readonly session: AccessSession;
  /** Called with a print token (a print page reading its data): what it prints. Null for an access token. */
  readonly printing: PrintResource | null;
}

export const MISSING_CREDENTIALS = "Authentication credentials were not provided.";
export const INVALID_TOKEN = "Given token not valid for any token type";

/**
 * Reads `Authorization: Bearer <access token>` and checks, on every request, that its session
 * still stands (`sessionStatus`), so a deactivation or a sign-out takes effect at once. Tokens
 * never travel in URLs.
 */
export async function authenticate(
  request: FastifyRequest,
  signer: TokenSigner,
  withTenant: WithTenant,
  options: { allowPendingSecondFactorSetup?: boolean } = {},
): Promise<RequestUser> {
  return (await authenticateWith(request, signer, withTenant, options, async () => undefined)).user;
}

/**
 * authenticate, and in the same transaction `alsoRead` what the request needs to know of the
 * user (their permissions), so checking who calls costs one transaction.
 */
export async function authenticateWith<T>(
  request: FastifyRequest,
  signer: TokenSigner,
  withTenant: WithTenant,
  options: { allowPendingSecondFactorSetup?: boolean; acceptPrintToken?: boolean },
  alsoRead: (context: TenantContext, userId: number) => Promise<T>,
): Promise<{ user: RequestUser; extra: T }> {
  const header = request.headers.authorization;
  if (!header) throw unauthorized(MISSING_CREDENTIALS);
  const [scheme, token] = header.split(" ");
  if (scheme !== "Bearer" || !token) throw unauthorized(INVALID_TOKEN);
  // Only routes that declare `print` take a print token, and only when it is not an access token:
  // each type has its own key, so neither ever verifies as the other.
  const access = await signer.verify("access", token);
  const grant = !access && options.acceptPrintToken ? await verifyPrintToken(signer, token) : null;
  const subject = access ?? grant;
  const session = subject ? accessSessionOf(subject) : null;
  if (!subject || !session) throw unauthorized(INVALID_TOKEN);
  // An inactive user, ended sessions (2FA reset, deactivation, password reset) or a signed-out or
  // revoked family: refused at once, not only when the access token runs out.
  const [status, extra] = await withTenant(subject.tenantId, { kind: "user", userId: subject.userId }, async (context) => {
    const status = await sessionStatus(context.db, session);
    return [status, status.ended ? undefined : await alsoRead(context, subject.userId)] as const;
  });
  if (status.ended) throw unauthorized(INVALID_TOKEN);
  // Under a mandatory 2FA policy, a user without a second factor may only set one up.
  if (subject.claims["mfa_setup"] === true && !options.allowPendingSecondFactorSetup) {
    throw new HttpError(403, { detail: MFA_SETUP_REQUIRED, code: "mfa_setup_required" });
  }
  return { user: { tenantId: subject.tenantId, userId: subject.userId, isStaff: status.isStaff, session, printing: grant?.resource ?? null }, extra: extra as T };
}
