import { Schema } from "@effect/schema";
import { RecordId } from "./fields";
import { SensitiveString } from "./sensitive";

/**
 * The print pipeline (issue 13; DESIGN.md "PDF"): print routes (/print/…, /export/…) are public
 * addresses whose data is read with a short-lived, single-purpose print token. A token names its
 * company, the user it prints for (their permissions apply) and the one thing it prints.
 */

/** What a print token may print: one resource. New printable things join this union. */
export const PRINT_KIND_INVALID = "Only custom dashboards and investor reports can be printed.";
export const PRINT_KINDS = ["custom-dashboard", "investor-report"] as const;
export const PrintResource = Schema.Struct({ kind: Schema.Literal(...PRINT_KINDS).annotations({ message: () => ({ message: PRINT_KIND_INVALID, override: true }) }), id: RecordId });
export type PrintResource = typeof PrintResource.Type;
export type PrintResourceKind = PrintResource["kind"];

/** POST /api/print-tokens/: a token for the signed-in person's own print preview. */
export const PrintTokenRequest = Schema.Struct({ resource: PrintResource });
export const PrintTokenGrant = Schema.Struct({ token: SensitiveString, expiresAt: Schema.String });
export type PrintTokenGrant = typeof PrintTokenGrant.Type;

export const PRINT_ORIENTATIONS = ["landscape", "portrait"] as const;
export type PrintOrientation = (typeof PRINT_ORIENTATIONS)[number];
export type PrintTheme = "light" | "dark";

/**
 * What the renderer hands the print page before any of its scripts run (never in the URL, where
 * logs and history would keep the token): window[PRINT_HANDOFF_KEY].
 */
export interface PrintHandoff {
  readonly token: string;
  readonly theme: PrintTheme;
  readonly orientation: PrintOrientation;
}
export const PRINT_HANDOFF_KEY = "__meridianPrint";

/**
 * A page the renderer keeps on the app between prints (pdf-pool.ts) exposes these: the next
 * print's handoff and route go in through NEXT (a fresh store, API client and React tree, no
 * reload of the app); CLEAR drops the last print (its store, token and page) once it is printed.
 */
export const PRINT_NEXT_KEY = "__meridianPrintNext";
export const PRINT_CLEAR_KEY = "__meridianPrintClear";

/** The attribute on the print page's root the renderer waits for ("true" once every block has its data). */
export const PRINT_READY_ATTRIBUTE = "data-print-ready";

/** The print page's own answer when it cannot print: the renderer gives up at once with this text. */
export const PRINT_FAILED_ATTRIBUTE = "data-print-failed";

/**
 * Defaults where the caller says nothing: /export (the PDF export) prints dark (spec section 9,
 * "Default export theme: dark"); /print (a person's preview, printed from their browser) light,
 * since paper is white. Landscape both: dashboards are wide.
 */
export const PRINT_DEFAULTS = {
  export: { theme: "dark", orientation: "landscape" },
  print: { theme: "light", orientation: "landscape" },
} as const satisfies Record<string, { theme: PrintTheme; orientation: PrintOrientation }>;

/** The 503 when too many PDFs wait already. */
export const PDF_BUSY = "The PDF service is busy, try again in a minute.";
/** The 504 when a page did not become ready in time. */
export const PDF_TIMEOUT = "The PDF took too long to render. Try again; if it keeps failing, print fewer cards at once.";
