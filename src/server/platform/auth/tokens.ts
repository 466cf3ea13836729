import { hkdfSync } from "node:crypto";
import { errors, jwtVerify, SignJWT } from "jose";

/**
 * Signed, short-lived tokens. Each token type is signed with its own key derived from SECRET_KEY
 * and carries its type, so an MFA-step, print or embed token can never pass as an access token.
 */
export type TokenType = "access" | "mfa" | "print" | "embed" | "sso-flow";

export interface TokenSubject {
  readonly tenantId: string;
  readonly userId: number;
}

export interface TokenSigner {
  sign(type: TokenType, subject: TokenSubject, lifetimeSeconds: number, extra?: Record<string, unknown>): Promise<string>;
  /** The subject, or null for a token that is expired, forged, or of another type. */
  verify(type: TokenType, token: string): Promise<(TokenSubject & { claims: Record<string, unknown> }) | null>;
}

export const ACCESS_TOKEN_LIFETIME_SECONDS = 5 * 60;

export function createTokenSigner(secretKey: string): TokenSigner {
  const keys = new Map<TokenType, Uint8Array>();
  const keyFor = (type: TokenType) => {
    let key = keys.get(type);
    if (!key) {
      key = new Uint8Array(hkdfSync("sha256", secretKey, "meridian", `token:${type}`, 32));
      keys.set(type, key);
    }
    return key;
  };
  return {
    async sign(type, subject, lifetimeSeconds, extra = {}) {
      // iatms: the issue time in milliseconds, so "sessions ended at T" is exact.
      return new SignJWT({ ...extra, typ: type, tid: subject.tenantId, iatms: Date.now() })
        .setProtectedHeader({ alg: "HS256" })
        .setSubject(String(subject.userId))
        .setIssuedAt()
        .setExpirationTime(Math.floor(Date.now() / 1000) + lifetimeSeconds)
        .sign(keyFor(type));
    },
    async verify(type, token) {
      try {
        const { payload } = await jwtVerify(token, keyFor(type), { algorithms: ["HS256"] });
        const userId = Number(payload.sub);
        if (payload["typ"] !== type || typeof payload["tid"] !== "string" || !Number.isSafeInteger(userId)) return null;
        return { tenantId: payload["tid"], userId, claims: payload };
      } catch (error) {
        if (error instanceof errors.JOSEError) return null;
        throw error;
      }
    },
  };
}
