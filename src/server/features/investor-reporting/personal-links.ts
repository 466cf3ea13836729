import { timingSafeEqual } from "node:crypto";
import { isTenantId } from "../../db/tenancy";
import { newSecret, secretHash } from "../../platform/auth/opaque-secrets";

/**
 * A recipient's personal link (issue 14, "beyond the anchors"): its own kind of credential,
 * scoped to one recipient of one report, good for one thing only: recording that the recipient
 * opened the report, then leading them to it. It is not an access token and opens nothing by
 * itself (the report page still needs a sign-in). The link names the company and the recipient
 * and carries a random secret; only the secret's SHA-256 is stored, so a database reader cannot
 * make links. Sending again makes a new secret, and the old link stops working.
 */
export interface LinkSubject {
  readonly tenantId: string;
  readonly recipientId: number;
}

export function newLinkSecret(): { secret: string; hash: string } {
  const secret = newSecret(24);
  return { secret, hash: secretHash(secret) };
}

export const linkTokenOf = (subject: LinkSubject, secret: string) => `${Buffer.from(`${subject.tenantId}.${subject.recipientId}`).toString("base64url")}.${secret}`;

/** The public path the mail links to (under the main API root). */
export const linkPath = (token: string) => `/api/investor-reporting/links/${token}/`;

export function parseLinkToken(token: string): (LinkSubject & { secret: string }) | null {
  const [subject, secret, ...rest] = token.split(".");
  if (!subject || !secret || rest.length > 0 || secret.length > 64) return null;
  const [tenantId, recipient, ...more] = Buffer.from(subject, "base64url").toString().split(".");
  const recipientId = Number(recipient);
  if (!tenantId || !isTenantId(tenantId) || more.length > 0 || !/^\d{1,15}$/.test(recipient ?? "") || !Number.isSafeInteger(recipientId) || recipientId < 1) return null;
  return { tenantId, recipientId, secret };
}

export function secretMatches(secret: string, storedHash: string | null): boolean {
  if (!storedHash) return false;
  const given = Buffer.from(secretHash(secret));
  const stored = Buffer.from(storedHash);
  return given.length === stored.length && timingSafeEqual(given, stored);
}
