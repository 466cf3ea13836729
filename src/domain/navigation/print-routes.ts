import type { PrintResource } from "../../contracts/print";

/**
 * The print routes (spec section 2, public routes): pages made for paper, read with a print token.
 * /print/… is a person's print preview in their browser; /export/… is what the server's renderer
 * prints to PDF. Both run without the shell, the event stream or auto-logout.
 */
export type PrintPurpose = "print" | "export";

export interface PrintRoute {
  readonly purpose: PrintPurpose;
  /** What it prints: the one record its print token is for. */
  readonly resource: PrintResource;
}

const PRINT_ROUTES: ReadonlyArray<{ pattern: RegExp; purpose: PrintPurpose; kind: PrintResource["kind"] }> = [
  { pattern: /^\/print\/reporting\/custom-dashboard\/(\d+)\/?$/, purpose: "print", kind: "custom-dashboard" },
  { pattern: /^\/export\/custom-dashboard\/(\d+)\/?$/, purpose: "export", kind: "custom-dashboard" },
  // The board pack (spec section 2): one address for a person's preview and the server's PDF
  // export; the renderer's handoff brings the export's theme (dark by default, spec section 9).
  { pattern: /^\/print\/investor-reporting\/(\d+)\/?$/, purpose: "print", kind: "investor-report" },
];

/** Any page for paper, built or not (investor report prints included). */
export const isPrintPath = (path: string) => /^\/(print|export)\//.test(path);

/** The print route at `path`, or null (another address, or an id no record can have). */
export function printRouteOf(path: string): PrintRoute | null {
  for (const { pattern, purpose, kind } of PRINT_ROUTES) {
    const id = Number(pattern.exec(path)?.[1]);
    if (Number.isSafeInteger(id) && id >= 1) return { purpose, resource: { kind, id } };
  }
  return null;
}
