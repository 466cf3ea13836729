import { COLUMN_KINDS, LIST_VIEW_VARIANTS } from "../../contracts/warehouse";
import { monthDateOf, monthRange, type MonthIndex } from "../months";
import { inMonths, lastDayOfMonth, monthOfDate, type IsoDate } from "./dates";
import { funnelIndex, isOpenStage } from "./stages";
import { furthestStage } from "./funnel";
import { cents, percentOf, sumOf } from "./money";
import type { Deal, Employee, WarehouseData } from "./records";

/** The list view variants of the warehouse (spec section 7). */
export { LIST_VIEW_VARIANTS };
export type ListViewVariant = (typeof LIST_VIEW_VARIANTS)[number];

export const LIST_VIEW_TITLE: Readonly<Record<ListViewVariant, string>> = {
  financial: "Financial",
  "recurring-revenue": "Recurring revenue",
  "product-management": "Product management",
  "project-profitability": "Project profitability",
  "mql-sql": "MQL/SQL",
  "employee-count": "Employee count",
};

/** What a column holds, so a view can format and align it. */
export type ColumnKind = (typeof COLUMN_KINDS)[number];
export interface ListColumn {
  readonly key: string;
  readonly label: string;
  readonly kind: ColumnKind;
}
export type ListCell = string | number | null;
export interface ListRow {
  readonly key: string;
  readonly cells: Readonly<Record<string, ListCell>>;
}
export interface ListView {
  readonly variant: ListViewVariant;
  readonly title: string;
  /** What the rows are and how the figures are made, in a sentence or two. */
  readonly description: string;
  readonly columns: readonly ListColumn[];
  readonly rows: readonly ListRow[];
}

/** One of the list views over the months `from` to `to`; `today` is when the open pipeline is read. */
export function listView(variant: ListViewVariant, data: WarehouseData, from: MonthIndex, to: MonthIndex, today: IsoDate): ListView {
  const view = BUILDERS[variant](data, from, to, today);
  return { variant, title: LIST_VIEW_TITLE[variant], ...view };
}

type Builder = (data: WarehouseData, from: MonthIndex, to: MonthIndex, today: IsoDate) => Omit<ListView, "variant" | "title">;

const column = (key: string, label: string, kind: ColumnKind): ListColumn => ({ key, label, kind });
const MONTH = column("month", "Month", "month");
const wonIn = (deals: readonly Deal[], month: MonthIndex) => deals.filter((deal) => deal.stage === "won" && deal.closedOn !== null && monthOfDate(deal.closedOn) === month);
const amountOf = (deals: readonly Deal[]) => sumOf(deals.map((deal) => deal.amount ?? 0));
const costOf = (deals: readonly Deal[]) => sumOf(deals.map((deal) => deal.cost ?? 0));
const averageOf = (total: number, count: number) => (count === 0 ? null : cents(total / count));
const isRecurring = (deal: Deal) => deal.recurringMonths !== null && deal.recurringMonths > 0;

const financial: Builder = ({ deals }, from, to) => ({
  description: "Deals won per month: bookings (recurring contracts at their whole value), delivery cost and gross profit; new pipeline is the value of the leads that came in.",
  columns: [
    MONTH,
    column("wonDeals", "Won deals", "count"),
    column("bookings", "Bookings", "money"),
    column("recurring", "Recurring", "money"),
    column("oneOff", "One-off", "money"),
    column("cost", "Delivery cost", "money"),
    column("grossProfit", "Gross profit", "money"),
    column("grossMargin", "Gross margin", "percent"),
    column("averageDeal", "Average deal", "money"),
    column("newPipeline", "New pipeline", "money"),
  ],
  rows: monthRange(from, to).map((month) => {
    const won = wonIn(deals, month);
    const bookings = amountOf(won);
    const cost = costOf(won);
    return {
      key: monthDateOf(month),
      cells: {
        month: monthDateOf(month),
        wonDeals: won.length,
        bookings,
        recurring: amountOf(won.filter(isRecurring)),
        oneOff: amountOf(won.filter((deal) => !isRecurring(deal))),
        cost,
        grossProfit: cents(bookings - cost),
        grossMargin: percentOf(bookings - cost, bookings),
        averageDeal: averageOf(bookings, won.length),
        newPipeline: amountOf(deals.filter((deal) => monthOfDate(deal.createdOn) === month)),
      },
    };
  }),
});

/** A won recurring deal as a contract: its amount spread evenly over its months from the month it closed. */
function contractsOf(deals: readonly Deal[]) {
  return deals
    .filter((deal) => deal.stage === "won" && deal.closedOn !== null && isRecurring(deal))
    .map((deal) => ({ first: monthOfDate(deal.closedOn!), last: monthOfDate(deal.closedOn!) + deal.recurringMonths! - 1, monthly: (deal.amount ?? 0) / deal.recurringMonths! }));
}

const recurringRevenue: Builder = ({ deals }, from, to) => {
  const contracts = contractsOf(deals);
  return {
    description: "Monthly recurring revenue of the won recurring contracts: each contract's value spread over its months from the month it was won. Churned MRR is that of the contracts whose last month was the month before (a renewal is a new won deal, so it shows as new MRR).",
    columns: [
      MONTH,
      column("mrr", "MRR", "money"),
      column("arr", "ARR", "money"),
      column("newMrr", "New MRR", "money"),
      column("churnedMrr", "Churned MRR", "money"),
      column("netNewMrr", "Net new MRR", "money"),
      column("contracts", "Active contracts", "count"),
    ],
    rows: monthRange(from, to).map((month) => {
      const active = contracts.filter((contract) => contract.first <= month && contract.last >= month);
      const mrr = sumOf(active.map((contract) => contract.monthly));
      const newMrr = sumOf(contracts.filter((contract) => contract.first === month).map((contract) => contract.monthly));
      const churnedMrr = sumOf(contracts.filter((contract) => contract.last === month - 1).map((contract) => contract.monthly));
      return {
        key: monthDateOf(month),
        cells: { month: monthDateOf(month), mrr, arr: cents(mrr * 12), newMrr, churnedMrr, netNewMrr: cents(newMrr - churnedMrr), contracts: active.length },
      };
    }),
  };
};

const productManagement: Builder = ({ deals, products }, from, to) => {
  const closed = deals.filter((deal) => (deal.stage === "won" || deal.stage === "lost") && inMonths(deal.closedOn, from, to));
  const open = deals.filter((deal) => isOpenStage(deal.stage));
  const known = new Set(products.map((product) => product.key));
  const row = (key: string, name: string, category: string | null, price: number | null, unitCost: number | null, matches: (deal: Deal) => boolean): ListRow => {
    const won = closed.filter((deal) => deal.stage === "won" && matches(deal));
    const lost = closed.filter((deal) => deal.stage === "lost" && matches(deal));
    const revenue = amountOf(won);
    return {
      key,
      cells: {
        product: name,
        productKey: key,
        category,
        price,
        unitCost,
        unitMargin: price !== null && unitCost !== null ? percentOf(price - unitCost, price) : null,
        wonDeals: won.length,
        wonRevenue: revenue,
        averageDeal: averageOf(revenue, won.length),
        winRate: percentOf(won.length, won.length + lost.length),
        openPipeline: amountOf(open.filter(matches)),
      },
    };
  };
  const rows = products.map((product) => row(product.key, product.name, product.category, product.price, product.unitCost, (deal) => deal.productKey === product.key));
  const unlisted = (deal: Deal) => deal.productKey === null || !known.has(deal.productKey);
  if ([...closed, ...open].some(unlisted)) rows.push(row("", "Not in the product list", null, null, null, unlisted));
  return {
    description: "Every product with its list price and unit margin, the deals won and lost in the period, and its open pipeline today. Deals without a known product are summed in their own row.",
    columns: [
      column("product", "Product", "text"),
      column("productKey", "Product ID", "text"),
      column("category", "Category", "text"),
      column("price", "List price", "money"),
      column("unitCost", "Unit cost", "money"),
      column("unitMargin", "Unit margin", "percent"),
      column("wonDeals", "Won deals", "count"),
      column("wonRevenue", "Won revenue", "money"),
      column("averageDeal", "Average deal", "money"),
      column("winRate", "Win rate", "percent"),
      column("openPipeline", "Open pipeline", "money"),
    ],
    rows,
  };
};

const projectProfitability: Builder = ({ deals, employees, products }, from, to) => {
  const employeeName = new Map(employees.map((employee) => [employee.key, employee.name] as const));
  const productName = new Map(products.map((product) => [product.key, product.name] as const));
  const projects = deals
    .filter((deal) => deal.stage === "won" && inMonths(deal.closedOn, from, to))
    .sort((a, b) => a.closedOn!.localeCompare(b.closedOn!) || a.key.localeCompare(b.key));
  return {
    description: "Every deal won in the period as a project: its revenue (the deal size), its delivery cost, the profit and the margin.",
    columns: [
      column("project", "Project", "text"),
      column("dealKey", "Deal ID", "text"),
      column("customer", "Customer", "text"),
      column("owner", "Owner", "text"),
      column("product", "Product", "text"),
      column("closed", "Won on", "date"),
      column("revenue", "Revenue", "money"),
      column("cost", "Cost", "money"),
      column("profit", "Profit", "money"),
      column("margin", "Margin", "percent"),
    ],
    rows: projects.map((deal) => {
      const revenue = deal.amount ?? 0;
      const cost = deal.cost ?? 0;
      return {
        key: deal.key,
        cells: {
          project: deal.name,
          dealKey: deal.key,
          customer: deal.customer,
          owner: deal.ownerKey === null ? null : (employeeName.get(deal.ownerKey) ?? deal.ownerKey),
          product: deal.productKey === null ? null : (productName.get(deal.productKey) ?? deal.productKey),
          closed: deal.closedOn,
          revenue,
          cost,
          profit: cents(revenue - cost),
          margin: percentOf(revenue - cost, revenue),
        },
      };
    }),
  };
};

const mqlSql: Builder = ({ deals }, from, to) => {
  const reached = (deal: Deal, stage: "mql" | "sql" | "won") => funnelIndex(furthestStage(deal)) >= funnelIndex(stage);
  return {
    description: "Leads, marketing qualified (MQL) and sales qualified leads (SQL) per month, each counted in the month it reached that stage. The rates follow each month's own group: of the month's leads, the share that became an MQL (at any time), and so on.",
    columns: [
      MONTH,
      column("leads", "Leads", "count"),
      column("mqls", "MQLs", "count"),
      column("sqls", "SQLs", "count"),
      column("leadToMql", "Lead → MQL", "percent"),
      column("mqlToSql", "MQL → SQL", "percent"),
      column("sqlToWon", "SQL → Won", "percent"),
    ],
    rows: monthRange(from, to).map((month) => {
      const inMonth = (date: IsoDate | null) => date !== null && monthOfDate(date) === month;
      const leads = deals.filter((deal) => inMonth(deal.createdOn));
      const mqls = deals.filter((deal) => inMonth(deal.mqlOn));
      const sqls = deals.filter((deal) => inMonth(deal.sqlOn));
      return {
        key: monthDateOf(month),
        cells: {
          month: monthDateOf(month),
          leads: leads.length,
          mqls: mqls.length,
          sqls: sqls.length,
          leadToMql: percentOf(leads.filter((deal) => reached(deal, "mql")).length, leads.length),
          mqlToSql: percentOf(mqls.filter((deal) => reached(deal, "sql")).length, mqls.length),
          sqlToWon: percentOf(sqls.filter((deal) => reached(deal, "won")).length, sqls.length),
        },
      };
    }),
  };
};

/** Employed on `day`: hired by then and not yet gone (the leaving date is the last day employed). */
export const employedOn = (employee: Employee, day: IsoDate) => employee.hiredOn <= day && (employee.leftOn === null || employee.leftOn >= day);

export const NO_DEPARTMENT = "No department";

const employeeCount: Builder = ({ employees }, from, to) => {
  const departments = [...new Set(employees.map((employee) => employee.department ?? NO_DEPARTMENT))].sort((a, b) => a.localeCompare(b));
  return {
    description: "Headcount and FTE on each month's last day, hires and leavers in the month, and attrition: the month's leavers of the headcount it started with. One column per department with its headcount.",
    columns: [
      MONTH,
      column("headcount", "Headcount", "count"),
      column("fte", "FTE", "number"),
      column("hires", "Hires", "count"),
      column("leavers", "Leavers", "count"),
      column("attrition", "Attrition", "percent"),
      ...departments.map((department) => column(`department:${department}`, department, "count")),
    ],
    rows: monthRange(from, to).map((month) => {
      const end = lastDayOfMonth(month);
      const employed = employees.filter((employee) => employedOn(employee, end));
      const before = employees.filter((employee) => employedOn(employee, lastDayOfMonth(month - 1)));
      const leavers = employees.filter((employee) => employee.leftOn !== null && monthOfDate(employee.leftOn) === month);
      return {
        key: monthDateOf(month),
        cells: {
          month: monthDateOf(month),
          headcount: employed.length,
          fte: Math.round(employed.reduce((total, employee) => total + employee.fte, 0) * 100) / 100,
          hires: employees.filter((employee) => monthOfDate(employee.hiredOn) === month).length,
          leavers: leavers.length,
          attrition: percentOf(leavers.length, before.length),
          ...Object.fromEntries(departments.map((department) => [`department:${department}`, employed.filter((employee) => (employee.department ?? NO_DEPARTMENT) === department).length])),
        },
      };
    }),
  };
};

const BUILDERS: Readonly<Record<ListViewVariant, Builder>> = {
  financial,
  "recurring-revenue": recurringRevenue,
  "product-management": productManagement,
  "project-profitability": projectProfitability,
  "mql-sql": mqlSql,
  "employee-count": employeeCount,
};
