import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

/**
 * Seals secrets at rest (TOTP seeds) with AES-256-GCM under a key derived from SECRET_KEY, so a
 * database dump alone does not hand out second factors. The purpose names the derived key.
 */
export interface Sealer {
  seal(plaintext: string): string;
  open(sealed: string): string;
}

export function createSealer(secretKey: string, purpose: string): Sealer {
  const key = Buffer.from(hkdfSync("sha256", secretKey, "meridian-sealing", purpose, 32));
  return {
    seal(plaintext) {
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", key, iv);
      const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64url");
    },
    open(sealed) {
      const bytes = Buffer.from(sealed, "base64url");
      const decipher = createDecipheriv("aes-256-gcm", key, bytes.subarray(0, 12));
      decipher.setAuthTag(bytes.subarray(12, 28));
      return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString("utf8");
    },
  };
}
