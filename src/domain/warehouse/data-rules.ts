import type { IsoDate } from "./dates";
import type { Deal, Employee, Product, RawDataKind, SalesTarget, WarehouseData } from "./records";
import { isOpenStage } from "./stages";

/**
 * The data rules: what an uploaded row may hold but should not. The upload refuses only what
 * cannot be read (a date that is no date, a stage that is no stage, an id twice); a row that can
 * be read but breaks a business rule is stored and listed here, so one bad row in a year's CRM
 * export does not block the upload, and whoever owns the source sees what to fix.
 *
 * Each rule either leaves the row out of every metric (`excluded`: a figure with it would be
 * wrong, such as a negative deal size in the pipeline) or only warns (the row is counted as it
 * is, such as a deal whose owner is not in the employee list).
 */
export const DATA_RULES = {
  "missing-stage": { kind: "deals", field: "Stage", excluded: true },
  "missing-amount": { kind: "deals", field: "Amount", excluded: true },
  "negative-amount": { kind: "deals", field: "Amount", excluded: true },
  "negative-cost": { kind: "deals", field: "Cost", excluded: true },
  "closed-without-date": { kind: "deals", field: "Closed", excluded: true },
  "closed-before-created": { kind: "deals", field: "Closed", excluded: true },
  "dates-out-of-order": { kind: "deals", field: "Stage dates", excluded: false },
  "open-with-closed-date": { kind: "deals", field: "Closed", excluded: false },
  overdue: { kind: "deals", field: "Expected close", excluded: false },
  "unknown-owner": { kind: "deals", field: "Owner ID", excluded: false },
  "unknown-product": { kind: "deals", field: "Product ID", excluded: false },
  "left-before-hired": { kind: "employees", field: "Left", excluded: true },
  "fte-out-of-range": { kind: "employees", field: "FTE", excluded: true },
  "missing-department": { kind: "employees", field: "Department", excluded: false },
  "negative-price": { kind: "products", field: "Price", excluded: false },
  "cost-above-price": { kind: "products", field: "Unit cost", excluded: false },
  "missing-category": { kind: "products", field: "Category", excluded: false },
  "negative-target": { kind: "sales-targets", field: "Target", excluded: true },
} as const satisfies Record<string, { kind: RawDataKind; field: string; excluded: boolean }>;

export type DataRule = keyof typeof DATA_RULES;

export interface DataIssue {
  readonly kind: RawDataKind;
  /** The row's id as the file wrote it (deal, employee or product id; a target's month). */
  readonly key: string;
  readonly rule: DataRule;
  /** The column (or columns) the rule is about, as the upload names them. */
  readonly field: string;
  readonly message: string;
  /** The row is left out of every metric. */
  readonly excluded: boolean;
}

export interface CheckedData {
  readonly issues: readonly DataIssue[];
  /** The rows that no rule excludes: what every metric reads. */
  readonly usable: WarehouseData;
}

/** Every issue of the data and the rows the metrics may read. `today` decides what is overdue. */
export function checkWarehouseData(data: WarehouseData, today: IsoDate): CheckedData {
  const employeeKeys = new Set(data.employees.map((employee) => employee.key));
  const productKeys = new Set(data.products.map((product) => product.key));
  const issues: DataIssue[] = [];
  const keep = <T>(rows: readonly T[], kind: RawDataKind, keyOf: (row: T) => string, check: (row: T) => readonly Found[]) =>
    rows.filter((row) => {
      const found = check(row).map((entry): readonly [DataRule, string] => (typeof entry === "string" ? [entry, MESSAGES[entry]] : entry));
      for (const [rule, message] of found) issues.push({ kind, key: keyOf(row), rule, field: DATA_RULES[rule].field, message, excluded: DATA_RULES[rule].excluded });
      return !found.some(([rule]) => DATA_RULES[rule].excluded);
    });
  const usable: WarehouseData = {
    deals: keep(data.deals, "deals", (deal) => deal.key, (deal) => dealIssues(deal, today, employeeKeys, productKeys)),
    employees: keep(data.employees, "employees", (employee) => employee.key, employeeIssues),
    products: keep(data.products, "products", (product) => product.key, productIssues),
    salesTargets: keep(data.salesTargets, "sales-targets", (target) => target.month.slice(0, 7), targetIssues),
  };
  return { issues, usable };
}

/** A rule a row breaks, with its own message where the rule's general one would not say enough. */
type Found = DataRule | readonly [DataRule, string];

const MESSAGES: Readonly<Record<DataRule, string>> = {
  "missing-stage": "The deal has no stage.",
  "missing-amount": "The deal has no amount (deal size).",
  "negative-amount": "The deal size is negative.",
  "negative-cost": "The cost is negative.",
  "closed-without-date": "The deal is won or lost but has no closed date.",
  "closed-before-created": "The deal was closed before it was created.",
  "dates-out-of-order": "The stage dates are out of order.",
  "open-with-closed-date": "The deal is still open but has a closed date; it counts as open.",
  overdue: "The deal is still open, but its expected close date has passed.",
  "unknown-owner": "No employee has the owner's ID.",
  "unknown-product": "No product has this product ID.",
  "left-before-hired": "The leaving date is before the hiring date.",
  "fte-out-of-range": "The FTE must be above 0 and at most 1.",
  "missing-department": "The employee has no department; they count under no department.",
  "negative-price": "The price is negative.",
  "cost-above-price": "The unit cost is above the price: every sale loses money.",
  "missing-category": "The product has no category.",
  "negative-target": "The target is negative.",
};

/** The stage dates in the order a deal reaches them, with the column that holds each. */
const STAGE_DATE_COLUMNS = [
  ["Created", (deal: Deal) => deal.createdOn],
  ["MQL date", (deal: Deal) => deal.mqlOn],
  ["SQL date", (deal: Deal) => deal.sqlOn],
  ["Proposal date", (deal: Deal) => deal.proposalOn],
  ["Negotiation date", (deal: Deal) => deal.negotiationOn],
  ["Closed", (deal: Deal) => deal.closedOn],
] as const;

function dealIssues(deal: Deal, today: IsoDate, employeeKeys: ReadonlySet<string>, productKeys: ReadonlySet<string>): [DataRule, string][] {
  const found: [DataRule, string][] = [];
  const add = (rule: DataRule, message = MESSAGES[rule]) => found.push([rule, message]);
  if (deal.stage === null) add("missing-stage");
  if (deal.amount === null) add("missing-amount");
  else if (deal.amount < 0) add("negative-amount");
  if (deal.cost !== null && deal.cost < 0) add("negative-cost");
  const closedBeforeCreated = deal.closedOn !== null && deal.closedOn < deal.createdOn;
  if ((deal.stage === "won" || deal.stage === "lost") && deal.closedOn === null) add("closed-without-date");
  if (closedBeforeCreated) add("closed-before-created");
  const disorder = firstDateOutOfOrder(deal, closedBeforeCreated);
  if (disorder) add("dates-out-of-order", disorder);
  if (isOpenStage(deal.stage) && deal.closedOn !== null) add("open-with-closed-date");
  if (isOpenStage(deal.stage) && deal.expectedCloseOn !== null && deal.expectedCloseOn < today) add("overdue");
  if (deal.ownerKey !== null && !employeeKeys.has(deal.ownerKey)) add("unknown-owner", `No employee has the ID "${deal.ownerKey}".`);
  if (deal.productKey !== null && !productKeys.has(deal.productKey)) add("unknown-product", `No product has the ID "${deal.productKey}".`);
  return found;
}

/** "The SQL date (2026-03-01) is before the MQL date (2026-03-05)." for the first date earlier than one before it. */
function firstDateOutOfOrder(deal: Deal, skipClosed: boolean): string | null {
  let latest: { column: string; date: IsoDate } | null = null;
  for (const [column, read] of STAGE_DATE_COLUMNS) {
    const date = read(deal);
    if (date === null || (skipClosed && column === "Closed")) continue;
    if (latest && date < latest.date) return `The ${label(column)} (${date}) is before the ${label(latest.column)} (${latest.date}).`;
    if (!latest || date > latest.date) latest = { column, date };
  }
  return null;
}

const label = (column: string) => (column === "Created" ? "created date" : column === "Closed" ? "closed date" : column);

function employeeIssues(employee: Employee): DataRule[] {
  const found: DataRule[] = [];
  if (employee.leftOn !== null && employee.leftOn < employee.hiredOn) found.push("left-before-hired");
  if (!(employee.fte > 0 && employee.fte <= 1)) found.push("fte-out-of-range");
  if (employee.department === null) found.push("missing-department");
  return found;
}

function productIssues(product: Product): DataRule[] {
  const found: DataRule[] = [];
  if (product.price !== null && product.price < 0) found.push("negative-price");
  if (product.price !== null && product.unitCost !== null && product.price >= 0 && product.unitCost > product.price) found.push("cost-above-price");
  if (product.category === null) found.push("missing-category");
  return found;
}

const targetIssues = (target: SalesTarget): DataRule[] => (target.amount < 0 ? ["negative-target"] : []);
