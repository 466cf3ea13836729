import { Schema } from "@effect/schema";
import type { AppConfig } from "../../contracts/app-config";
import type { SessionTokens } from "../../contracts/auth";
import { PRINT_DEFAULTS, PRINT_HANDOFF_KEY, PRINT_ORIENTATIONS, PrintTokenGrant, type PrintHandoff, type PrintOrientation, type PrintTheme } from "../../contracts/print";
import { REPORT_NOT_FOUND } from "../../domain/investor-reporting/texts";
import { printRouteOf, type PrintRoute } from "../../domain/navigation/print-routes";

/**
 * Print mode (issue 13): on a print route the app runs without the shell, the event stream,
 * session refresh or auto-logout, and reads its data with a print token. The server's renderer
 * hands the token over before the page's scripts run (window.__meridianPrint, never the address);
 * a person's print preview in their own browser mints one with their session instead.
 */
export interface PrintEnvironment {
  readonly route: PrintRoute;
  /** The renderer's handoff; null in a person's browser. */
  readonly handoff: PrintHandoff | null;
  readonly theme: PrintTheme;
  readonly orientation: PrintOrientation;
}

const Handoff = Schema.Struct({ token: Schema.String, theme: Schema.Literal("light", "dark"), orientation: Schema.Literal(...PRINT_ORIENTATIONS) });

/**
 * The print environment of this page, or null off print routes. Theme and orientation: the
 * renderer's, else the address's ?theme= and ?orientation= (a preview's choices, not secrets),
 * else the route's defaults (contracts/print.ts PRINT_DEFAULTS).
 */
export function printEnvironment(location: Pick<Location, "pathname" | "search">, handoffSource: unknown): PrintEnvironment | null {
  const route = printRouteOf(location.pathname);
  if (!route) return null;
  const decoded = Schema.decodeUnknownOption(Handoff)(handoffSource);
  const handoff = decoded._tag === "Some" ? decoded.value : null;
  const params = new URLSearchParams(location.search);
  const defaults = PRINT_DEFAULTS[route.purpose];
  const theme = handoff?.theme ?? oneOf(params.get("theme"), ["light", "dark"] as const) ?? defaults.theme;
  const orientation = handoff?.orientation ?? oneOf(params.get("orientation"), PRINT_ORIENTATIONS) ?? defaults.orientation;
  return { route, handoff, theme, orientation };
}

/**
 * The renderer's handoff of the print this page is making. The first print's comes in
 * window.__meridianPrint (set before any script ran); a page the pool keeps on the app is handed
 * each next print's with `handOverPrint` (main.tsx, window.__meridianPrintNext) and cleared
 * between prints, so no token of one print stays for the next.
 */
let handedOver: { readonly handoff: unknown } | null = null;

export function handOverPrint(handoff: unknown): void {
  handedOver = { handoff };
  // The first print's handoff goes too (the renderer defines it configurable for this).
  if (typeof window !== "undefined") Reflect.deleteProperty(window, PRINT_HANDOFF_KEY);
}

/** True when the server's renderer prints this page (not a person's preview). */
export function printedByRenderer(): boolean {
  return currentPrintEnvironment()?.handoff != null;
}

/** The print environment of the running page (null off print routes, and outside a browser). */
export function currentPrintEnvironment(): PrintEnvironment | null {
  if (typeof window === "undefined") return null;
  const source = handedOver ? handedOver.handoff : (window as unknown as Record<string, unknown>)[PRINT_HANDOFF_KEY];
  return printEnvironment(window.location, source);
}

export const PRINT_ACCESS_ENDED = "The print's access ended before the page had its data (a read the print token may not make, or the session ended). Try the export again.";
export const SIGN_IN_TO_PRINT = "Sign in to print: this page reads its data with your session. Open it again from the dashboard once you are signed in.";

/**
 * The print token as the session tokens the HTTP client keeps: the renderer's as handed over, or
 * a new one minted with the person's refresh cookie (used again to renew it: it lasts two minutes).
 */
export async function printSessionTokens(environment: PrintEnvironment, roots: AppConfig["roots"], fetcher: typeof fetch, now: () => number): Promise<SessionTokens> {
  if (environment.handoff) {
    const expiresAt = new Date(expiryOf(environment.handoff.token) ?? now() + 60_000).toISOString();
    return { access: environment.handoff.token, access_expires_at: expiresAt, refresh_expires_at: expiresAt };
  }
  const post = (path: string, body: unknown, bearer?: string) =>
    fetcher(`${roots.main}${path}`, {
      method: "POST",
      credentials: "same-origin",
      headers: { "content-type": "application/json", accept: "application/json", "x-requested-with": "meridian", ...(bearer ? { authorization: `Bearer ${bearer}` } : {}) },
      body: JSON.stringify(body),
    });
  const refreshed = await post("/auth/token/refresh/", {});
  if (!refreshed.ok) throw new Error(SIGN_IN_TO_PRINT);
  const { access } = (await refreshed.json()) as { access: string };
  const minted = await post("/print-tokens/", { resource: environment.route.resource }, access);
  if (minted.status === 404) throw new Error(environment.route.resource.kind === "investor-report" ? REPORT_NOT_FOUND : "This dashboard does not exist, or it is not shared with you.");
  if (!minted.ok) throw new Error(`The print could not start (the server answered ${minted.status}).`);
  const grant = Schema.decodeUnknownSync(PrintTokenGrant)(await minted.json());
  return { access: grant.token, access_expires_at: grant.expiresAt, refresh_expires_at: grant.expiresAt };
}

/** A JWT's expiry in ms, read without verifying (the server verifies; this only schedules renewal). */
function expiryOf(token: string): number | null {
  try {
    const payload = JSON.parse(atob(token.split(".")[1]!.replace(/-/g, "+").replace(/_/g, "/"))) as { exp?: unknown };
    return typeof payload.exp === "number" ? payload.exp * 1000 : null;
  } catch {
    return null;
  }
}

function oneOf<T extends string>(value: string | null, options: readonly T[]): T | null {
  return value !== null && (options as readonly string[]).includes(value) ? (value as T) : null;
}
