import { Schema } from "@effect/schema";
import { PrintResource } from "../../../contracts/print";
import { SESSION_ID_CLAIM } from "../auth/session-status";
import type { TokenSigner, TokenSubject } from "../auth/tokens";

/**
 * Print tokens: signed with their own key (tokens.ts derives one per type), so a print token never
 * passes as an access token nor an access token as a print token. Two minutes is enough for a page
 * to load and print, and short enough that a leaked one is nearly worthless; it only reads (GET
 * routes that declare `print`) and only the one resource it names where a route is scoped to it.
 */
export const PRINT_TOKEN_LIFETIME_SECONDS = 120;

const RESOURCE_CLAIM = "res";

export interface PrintGrant extends TokenSubject {
  readonly resource: PrintResource;
  readonly claims: Record<string, unknown>;
}

/**
 * A token that prints `resource` as `subject`. `sessionId` ties it to the sign-in it was minted
 * from, so signing out ends it too; an operator's token (scripts/render-print.mjs) has none.
 */
export async function mintPrintToken(signer: TokenSigner, subject: TokenSubject, resource: PrintResource, sessionId: string | null = null): Promise<{ token: string; expiresAt: Date }> {
  const expiresAt = new Date(Date.now() + PRINT_TOKEN_LIFETIME_SECONDS * 1000);
  const token = await signer.sign("print", subject, PRINT_TOKEN_LIFETIME_SECONDS, {
    [RESOURCE_CLAIM]: { kind: resource.kind, id: resource.id },
    ...(sessionId ? { [SESSION_ID_CLAIM]: sessionId } : {}),
  });
  return { token, expiresAt };
}

/** The grant of a valid print token; null when expired, forged, of another type or naming no resource. */
export async function verifyPrintToken(signer: TokenSigner, token: string): Promise<PrintGrant | null> {
  const subject = await signer.verify("print", token);
  if (!subject) return null;
  const resource = Schema.decodeUnknownOption(PrintResource)(subject.claims[RESOURCE_CLAIM]);
  if (resource._tag === "None") return null;
  return { ...subject, resource: resource.value };
}

export const samePrintResource = (a: PrintResource, b: PrintResource) => a.kind === b.kind && a.id === b.id;
