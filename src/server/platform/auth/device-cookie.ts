import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import { API_ROOTS } from "../../../contracts/api-roots";

/**
 * OWASP's device cookie ("Slow Down Online Guessing Attacks with Device Cookies"): a browser
 * that signed in to an account gets a signed cookie bound to that account, and keeps a budget of
 * failed sign-ins of its own. The cookie is named after the account (one per account a browser
 * uses), carries a random nonce and an expiry, and a MAC over account, nonce and expiry; a copy
 * under another account's name, an expired or an altered one is no cookie at all.
 *
 * Accounts and addresses are named by keyed hashes (HMAC under a key derived from SECRET_KEY),
 * in the cookie's name and in the database alike: neither says which e-mail it stands for.
 */
export const DEVICE_COOKIE_PREFIX = "meridian_device_";
/** Sent only with sign-ins: nothing else needs it. */
export const DEVICE_COOKIE_PATH = `${API_ROOTS.auth}/auth/token/`;
/** How long a browser or an address stays trusted after its last successful sign-in. */
export const DEVICE_TRUST_DAYS = 180;
const TRUST_SECONDS = DEVICE_TRUST_DAYS * 24 * 60 * 60;

const keys = new Map<string, Buffer>();
const keyOf = (secretKey: string) => {
  let key = keys.get(secretKey);
  if (!key) {
    key = Buffer.from(hkdfSync("sha256", secretKey, "meridian", "sign-in-budget", 32));
    keys.set(secretKey, key);
  }
  return key;
};

/** A keyed hash naming `value` for `purpose` ("account", "address", "device"). */
export function keyedName(secretKey: string, purpose: string, value: string): string {
  return createHmac("sha256", keyOf(secretKey)).update(`${purpose}\n${value}`).digest("base64url");
}

/** The cookie name for an account (its keyed hash): cookie names allow base64url's letters. */
export const deviceCookieName = (account: string) => `${DEVICE_COOKIE_PREFIX}${account.slice(0, 16)}`;

const macOf = (secretKey: string, account: string, nonce: string, expires: number) => keyedName(secretKey, "device", `${account}.${nonce}.${expires}`);

/** The nonce of the request's valid device cookie for `account`, or null. */
export function deviceOf(request: FastifyRequest, secretKey: string, account: string, now: Date): string | null {
  const value = request.cookies[deviceCookieName(account)];
  const [nonce, expires, mac] = value?.split(".") ?? [];
  if (!nonce || !expires || !mac || !/^\d+$/.test(expires) || Number(expires) * 1000 <= now.getTime()) return null;
  const expected = Buffer.from(macOf(secretKey, account, nonce, Number(expires)));
  const presented = Buffer.from(mac);
  return presented.length === expected.length && timingSafeEqual(presented, expected) ? nonce : null;
}

/** A new device cookie for `account` (a fresh nonce: a fresh budget), HttpOnly and SameSite=Strict. */
export function setDeviceCookie(reply: FastifyReply, secretKey: string, account: string, secure: boolean, now: Date) {
  const nonce = randomBytes(16).toString("base64url");
  const expires = Math.floor(now.getTime() / 1000) + TRUST_SECONDS;
  reply.setCookie(deviceCookieName(account), `${nonce}.${expires}.${macOf(secretKey, account, nonce, expires)}`, {
    httpOnly: true,
    secure,
    sameSite: "strict",
    path: DEVICE_COOKIE_PATH,
    maxAge: TRUST_SECONDS,
  });
}
