import type { AddressInfo } from "node:net";
import type { FastifyRequest } from "fastify";
import { IdParams, signedIn, userRoute, type UserCall } from "../../platform/http/route";
import { PdfExportRequest } from "../../../contracts/custom-dashboards";
import { PrintTokenGrant, PrintTokenRequest, type PrintHandoff, type PrintResource } from "../../../contracts/print";
import { exportFileName } from "../../../domain/exports/file-name";
import { mintPrintToken } from "../../platform/print/print-tokens";
import type { AppServices } from "../../services";
import { checkPrintable, printRouteOf } from "./printable";

/**
 * The print pipeline's routes (issue 13): a print token for a person's own print preview, and the
 * PDF export, which renders the export route in the server's headless Chromium with a print token
 * it mints for the caller (so the PDF shows exactly what the caller may read, no more).
 */
export const printRoutes = [
  userRoute({
    method: "POST",
    path: "/print-tokens/",
    summary: "A print token (two minutes) for the signed-in user's own print preview of one record",
    description: "The print page reads its data with it; it is never accepted where an access token is expected, and only on the GET routes a print page reads.",
    access: signedIn(),
    body: PrintTokenRequest,
    response: PrintTokenGrant,
    status: 201,
    handle: async (call) => {
      const { token, expiresAt } = await printTokenFor(call, call.body.resource);
      return { token, expiresAt: expiresAt.toISOString() };
    },
  }),

  userRoute({
    method: "POST",
    path: "/custom-dashboards/{id}/export/pdf/",
    summary: "The dashboard as a PDF on A4 (landscape or portrait, light or dark theme), in the company's local currency",
    description: "Every card on one page or scaled to fit, never cut; charts stay vectors (selectable text). 503 while the PDF service is busy, 504 when the dashboard took too long to render.",
    access: signedIn(),
    params: IdParams,
    body: PdfExportRequest,
    response: { mediaType: "application/pdf", description: "The dashboard as a PDF" },
    handle: async (call) => {
      const resource: PrintResource = { kind: "custom-dashboard", id: call.params.id };
      const { token, title } = await printTokenFor(call, resource);
      const handoff: PrintHandoff = { token, theme: call.body.theme, orientation: call.body.orientation };
      const pdf = await call.services.printer.print({ baseUrl: printBaseUrl(call.services, call.request), path: printRouteOf(resource, "export"), handoff });
      call.reply.header("content-type", "application/pdf");
      call.reply.header("content-disposition", `attachment; filename="${exportFileName(title, "pdf")}"`);
      call.reply.header("cache-control", "no-store");
      return call.reply.send(pdf);
    },
  }),
];

/** A print token for the caller, after checking they may read the record (404 otherwise). */
export async function printTokenFor(call: UserCall<unknown, unknown, unknown>, resource: PrintResource): Promise<{ token: string; expiresAt: Date; title: string }> {
  const title = await call.inTenant((context) => checkPrintable(context, resource, call.reader));
  const minted = await mintPrintToken(call.services.signer, { tenantId: call.user.tenantId, userId: call.user.userId }, resource, call.user.session.sessionId);
  return { ...minted, title };
}

/**
 * Where the headless browser loads the print route: PRINT_URL, or this very process over the
 * loopback (it serves the client beside the API), never the public address a proxy may guard.
 */
export function printBaseUrl(services: AppServices, request: FastifyRequest): string {
  if (services.config.printUrl) return services.config.printUrl;
  const address = request.server.server.address() as AddressInfo | string | null;
  if (address && typeof address === "object") {
    const host = address.family === "IPv6" ? (address.address === "::" ? "[::1]" : `[${address.address}]`) : address.address === "0.0.0.0" ? "127.0.0.1" : address.address;
    return `http://${host}:${address.port}`;
  }
  return services.config.publicUrl;
}
