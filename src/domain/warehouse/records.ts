import { RAW_DATA_KINDS } from "../../contracts/warehouse";
import type { IsoDate } from "./dates";
import type { DealStage } from "./stages";

/**
 * The raw business data of a company, as uploaded (a CRM export, the HR list, the product list,
 * the sales targets). Rows are kept as the file said them, so the data issues can name what is
 * wrong; the metrics read only rows that pass the data rules (data-rules.ts).
 */

/** A deal from the CRM. Its stage dates say when it reached each stage, so the pipeline of any past day can be told. */
export interface Deal {
  /** The CRM's id of the deal: unique within a company. */
  readonly key: string;
  readonly name: string;
  readonly customer: string;
  /** The employee id of the deal's owner (warehouse employees), if given. */
  readonly ownerKey: string | null;
  readonly productKey: string | null;
  /** Null when the file gave none: a data issue. */
  readonly stage: DealStage | null;
  /** The deal size in the company's currency; for a recurring deal its whole contract value. Null when missing. */
  readonly amount: number | null;
  /** What delivering it costs (project profitability); null counts as no cost. */
  readonly cost: number | null;
  /** A recurring contract's length in months (its amount spread over them); null for a one-off deal. */
  readonly recurringMonths: number | null;
  /** When the lead came in. */
  readonly createdOn: IsoDate;
  readonly mqlOn: IsoDate | null;
  readonly sqlOn: IsoDate | null;
  readonly proposalOn: IsoDate | null;
  readonly negotiationOn: IsoDate | null;
  readonly expectedCloseOn: IsoDate | null;
  /** When it was won or lost. */
  readonly closedOn: IsoDate | null;
}

export interface Employee {
  readonly key: string;
  readonly name: string;
  readonly department: string | null;
  readonly hiredOn: IsoDate;
  /** The last day of employment; null while employed. */
  readonly leftOn: IsoDate | null;
  /** Full-time equivalent, 1 for full time. */
  readonly fte: number;
}

export interface Product {
  readonly key: string;
  readonly name: string;
  readonly category: string | null;
  /** List price of one unit or one year of subscription. */
  readonly price: number | null;
  readonly unitCost: number | null;
}

/** The company's sales target of a month (won deal value it aims for). */
export interface SalesTarget {
  /** YYYY-MM-01 */
  readonly month: string;
  readonly amount: number;
}

export interface WarehouseData {
  readonly deals: readonly Deal[];
  readonly employees: readonly Employee[];
  readonly products: readonly Product[];
  readonly salesTargets: readonly SalesTarget[];
}

/** The kinds of raw data a company uploads, one file each. */
export { RAW_DATA_KINDS };
export type RawDataKind = (typeof RAW_DATA_KINDS)[number];

export const RAW_DATA_KIND_LABEL: Readonly<Record<RawDataKind, string>> = {
  deals: "Deals",
  employees: "Employees",
  products: "Products",
  "sales-targets": "Sales targets",
};
