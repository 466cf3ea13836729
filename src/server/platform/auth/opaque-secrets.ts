import { createHash, randomBytes } from "node:crypto";

/**
 * Opaque secrets: refresh tokens, password links, report recipients' personal links. Each is
 * random, travels only to its holder, and is stored only as its SHA-256, so a reader of the
 * database cannot make one.
 */
export const newSecret = (bytes = 32) => randomBytes(bytes).toString("base64url");

export const secretHash = (secret: string) => createHash("sha256").update(secret).digest("hex");
