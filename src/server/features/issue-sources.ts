import type { KpiIssue } from "../../contracts/issues";
import type { TenantContext } from "../db/tenancy";
import type { Reader } from "./kpis/kpi-service";

/**
 * A source of the issues view: the entries one feature knows of, for one reader (only KPIs they
 * may read). The issues route (features/collaboration) asks every source in ISSUE_SOURCES.
 */
export type IssueSource = (context: TenantContext, reader: Reader, now: Date) => Promise<readonly KpiIssue[]>;
