import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from "node:crypto";

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

/**
 * A sealer whose key can be rotated: new seals use the current key and name it (`k1.<key id>.…`,
 * the id a hash of the derived key, which says nothing about it); opening also takes the old keys,
 * and text sealed before key ids existed (by `createSealer`) is tried with every key. So an
 * operator sets a new key, keeps the old one listed until everything is sealed again
 * (`isCurrent` says what still needs it), then drops it.
 */
export interface RotatingSealer extends Sealer {
  /** Whether `sealed` is sealed with the current key (nothing to do when sealing everything again). */
  isCurrent(sealed: string): boolean;
}

const KEYED = /^k1\.([0-9a-f]{16})\.([A-Za-z0-9_-]+)$/;

export function createRotatingSealer(currentKey: string, oldKeys: readonly string[], purpose: string): RotatingSealer {
  const keys = [currentKey, ...oldKeys.filter((key) => key !== currentKey)].map((material) => {
    const key = Buffer.from(hkdfSync("sha256", material, "meridian-sealing", purpose, 32));
    return { sealer: createSealer(material, purpose), id: createHash("sha256").update("meridian-key-id").update(key).digest("hex").slice(0, 16) };
  });
  const current = keys[0]!;
  return {
    seal: (plaintext) => `k1.${current.id}.${current.sealer.seal(plaintext)}`,
    open(sealed) {
      const keyed = KEYED.exec(sealed);
      if (keyed) {
        const key = keys.find((candidate) => candidate.id === keyed[1]);
        if (!key) throw new Error("sealed with a key this installation does not have");
        return key.sealer.open(keyed[2]!);
      }
      for (const key of keys) {
        try {
          return key.sealer.open(sealed);
        } catch {
          // the next key
        }
      }
      throw new Error("no key of this installation opens it");
    },
    isCurrent: (sealed) => KEYED.exec(sealed)?.[1] === current.id,
  };
}
