import type { PrintResource } from "../../../contracts/print";
import type { TenantContext } from "../../db/tenancy";
import type { Reader } from "../../platform/http/route";
import { readableDashboard } from "../custom-dashboards/dashboard-service";
import { refuseHolding, reportReaderOf } from "../investor-reporting/report-access";
import { reportFor } from "../investor-reporting/report-repository";

/**
 * What can be printed: the access check of each kind (the reader may read it, or its id is
 * unknown: 404) and its print routes. A new printable kind adds its case here.
 */
export async function checkPrintable(context: TenantContext, resource: PrintResource, reader: Reader): Promise<string> {
  switch (resource.kind) {
    case "custom-dashboard":
      return (await readableDashboard(context, resource.id, reader)).name;
    case "investor-report":
      await refuseHolding(context);
      return (await reportFor(context, resource.id, reportReaderOf(context, reader))).name;
  }
}

/** The client's print route of a record: `export` for the PDF export, `print` for the browser's print preview. */
export function printRouteOf(resource: PrintResource, purpose: "export" | "print"): string {
  switch (resource.kind) {
    case "custom-dashboard":
      return purpose === "export" ? `/export/custom-dashboard/${resource.id}` : `/print/reporting/custom-dashboard/${resource.id}`;
    case "investor-report":
      // One address (spec section 2): the renderer's handoff carries the export's theme.
      return `/print/investor-reporting/${resource.id}`;
  }
}
