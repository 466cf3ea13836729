import type { FastifyReply, FastifyRequest } from "fastify";

/**
 * The refresh token lives in an HttpOnly cookie, sent only to the auth endpoints of the main API,
 * and only from our own pages (SameSite=Strict). Page scripts can never read it.
 */
export const REFRESH_COOKIE = "meridian_refresh";
export const REFRESH_COOKIE_PATH = "/api/auth/";

export function setRefreshCookie(reply: FastifyReply, token: string, expiresAt: Date, secure: boolean) {
  reply.setCookie(REFRESH_COOKIE, token, {
    httpOnly: true,
    secure,
    sameSite: "strict",
    path: REFRESH_COOKIE_PATH,
    expires: expiresAt,
  });
}

export function clearRefreshCookie(reply: FastifyReply, secure: boolean) {
  reply.clearCookie(REFRESH_COOKIE, { httpOnly: true, secure, sameSite: "strict", path: REFRESH_COOKIE_PATH });
}

export const refreshCookieOf = (request: FastifyRequest): string | undefined => request.cookies[REFRESH_COOKIE];
