import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from "node:crypto";
import { createHashingQueue, defaultHashingLimits, type HashingQueue, type HashPriority } from "./hashing-queue";

/**
 * Password hashing with scrypt, a memory-hard function built into Node (no native add-on to
 * build). N=2^15, r=8 needs 32 MiB and some 100 ms of one CPU per hash; the parameters travel
 * in the stored string so they can be raised later without invalidating old hashes.
 *
 * Every hash runs off the main thread (libuv's threadpool) through one priority queue, so the
 * hashes of a users import never make a sign-in wait (see hashing-queue.ts).
 */
const DEFAULTS = { N: 2 ** 15, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;

export type { HashPriority } from "./hashing-queue";

export interface HashOptions {
  /** `interactive` (the default) for a person's own password; `bulk` for passwords set for others. */
  readonly priority?: HashPriority;
}

/** The process's one queue: every hash in the process shares its limits. */
export const passwordHashing: HashingQueue = createHashingQueue(defaultHashingLimits());

function scrypt(password: string, salt: Buffer, options: ScryptOptions, priority: HashPriority): Promise<Buffer> {
  return passwordHashing.run(
    priority,
    () =>
      new Promise<Buffer>((resolve, reject) =>
        scryptCallback(password.normalize("NFKC"), salt, KEY_LENGTH, { ...options, maxmem: 256 * 1024 * 1024 }, (error, key) =>
          error ? reject(error) : resolve(key),
        ),
      ),
  );
}

export async function hashPassword(password: string, options: HashOptions = {}): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, DEFAULTS, options.priority ?? "interactive");
  return `scrypt$${DEFAULTS.N}$${DEFAULTS.r}$${DEFAULTS.p}$${salt.toString("base64")}$${key.toString("base64")}`;
}

export async function verifyPassword(password: string, stored: string, options: HashOptions = {}): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split("$");
  if (scheme !== "scrypt" || !n || !r || !p || !salt || !key) return false;
  const expected = Buffer.from(key, "base64");
  const actual = await scrypt(password, Buffer.from(salt, "base64"), { N: Number(n), r: Number(r), p: Number(p) }, options.priority ?? "interactive");
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
