import { fiscalYearStart } from "../../../domain/fiscal-calendar";
import { monthDateOf, monthLabel, monthRange, type MonthIndex } from "../../../domain/months";
import { checkWarehouseData } from "../../../domain/warehouse/data-rules";
import { addDays, dateOf, daysBetween, lastDayOfMonth, monthOfDate, type IsoDate } from "../../../domain/warehouse/dates";
import { openDealsAt, type OpenDeal } from "../../../domain/warehouse/pipeline";
import type { Deal, Employee, Product, RawDataKind, SalesTarget, WarehouseData } from "../../../domain/warehouse/records";
import type { OpenStage } from "../../../domain/warehouse/stages";
import { insertSnapshotDeals, replaceRawData } from "../../features/warehouse/warehouse-repository";
import type { TenantContext } from "../tenancy";
import { seededRandom, type SeededRandom } from "./random";

/**
 * The demo company's raw business data: a year of deals across every stage (about 25 leads a
 * month from fourteen months back, each moving through the funnel by chance and by days, the way
 * a CRM export shows it), 40 employees in seven departments, ten products and monthly sales
 * targets for this and last fiscal year; plus three pipeline snapshots (the last day of each of
 * the last three months). A handful of rows break a data rule on purpose, so the data issues
 * screen has something to show.
 *
 * Deterministic like the KPI data: each deal is a function of (seed, its month, its number) and
 * of today, which decides how far it has got.
 */
export interface DemoWarehouse {
  readonly data: WarehouseData;
  readonly snapshots: readonly { readonly name: string; readonly asOf: IsoDate; readonly deals: readonly OpenDeal[] }[];
}

/**
 * Months of leads before the current one: a deal takes two to five months from lead to won, so
 * leads from fourteen months back give every month of the last year its won deals.
 */
export const DEMO_DEAL_MONTHS = 14;
export const DEMO_SNAPSHOTS = 3;

export function demoWarehouse(seed: string, now: Date, fiscalYearOffset: number): DemoWarehouse {
  const today = dateOf(now);
  const current = monthOfDate(today);
  const employees = demoEmployees(seed, today);
  const sellers = employees.filter((employee) => employee.department === "Sales");
  const deals = monthRange(current - DEMO_DEAL_MONTHS, current).flatMap((month) => dealsOfMonth(seed, month, today, sellers));
  withDataIssues(deals);
  const data: WarehouseData = { deals, employees, products: PRODUCTS, salesTargets: demoTargets(deals, current, fiscalYearOffset) };
  const usable = checkWarehouseData(data, today).usable.deals;
  const snapshots = monthRange(current - DEMO_SNAPSHOTS, current - 1).map((month) => ({
    name: `End of ${monthLabel(month)}`,
    asOf: lastDayOfMonth(month),
    deals: openDealsAt(usable, lastDayOfMonth(month), today),
  }));
  return { data, snapshots };
}

/** Writes the demo warehouse into the company's tables, each kind as one recorded upload. */
export async function seedDemoWarehouse(context: TenantContext, seed: string, now: Date, fiscalYearOffset: number) {
  const { data, snapshots } = demoWarehouse(seed, now, fiscalYearOffset);
  const kinds: [RawDataKind, readonly (Deal | Employee | Product | SalesTarget)[]][] = [
    ["employees", data.employees],
    ["products", data.products],
    ["sales-targets", data.salesTargets],
    ["deals", data.deals],
  ];
  for (const [kind, rows] of kinds) {
    await replaceRawData(context, kind, rows);
    const fileName = `demo-${kind}.csv`;
    await context.db.insertInto("warehouse_uploads").values({ tenant_id: context.tenantId, kind, file_name: fileName, row_count: rows.length, uploaded_by: null, uploaded_at: now }).execute();
    await context.appendEvent({ type: "WarehouseDataUploaded", payload: { kind, rows: rows.length, fileName } });
  }
  for (const snapshot of snapshots) {
    const row = await context.db
      .insertInto("warehouse_snapshots")
      .values({ tenant_id: context.tenantId, name: snapshot.name, as_of: snapshot.asOf, taken_by: null, taken_at: new Date(`${snapshot.asOf}T18:00:00Z`) })
      .returning("id")
      .executeTakeFirstOrThrow();
    await insertSnapshotDeals(context, row.id, snapshot.deals);
  }
  return { deals: data.deals.length, employees: data.employees.length, products: data.products.length, snapshots: snapshots.length };
}

// ── products ─────────────────────────────────────────────────────────────────
interface DemoProduct extends Product {
  /** A subscription's contract length; null for one-off sales. */
  readonly months: number | null;
  /** How often a deal is about this product, relative to the others. */
  readonly weight: number;
}

const PRODUCT_LIST: readonly DemoProduct[] = [
  { key: "CORE", name: "Meridian Core", category: "Subscription", price: 24_000, unitCost: 4_800, months: 12, weight: 6 },
  { key: "PLAN", name: "Planning Suite", category: "Subscription", price: 18_000, unitCost: 3_600, months: 12, weight: 4 },
  { key: "ENTP", name: "Enterprise Bundle", category: "Subscription", price: 60_000, unitCost: 12_000, months: 24, weight: 1 },
  { key: "ANLY", name: "Analytics Add-on", category: "Add-on", price: 9_600, unitCost: 1_900, months: 12, weight: 3 },
  { key: "CONN", name: "Data Connector Pack", category: "Add-on", price: 6_000, unitCost: 1_500, months: 12, weight: 2 },
  { key: "API", name: "API Access", category: "Add-on", price: 4_800, unitCost: 600, months: 12, weight: 2 },
  { key: "SUPP", name: "Premium Support", category: "Services", price: 7_200, unitCost: 3_600, months: 12, weight: 2 },
  { key: "IMPL", name: "Implementation Package", category: "Services", price: 15_000, unitCost: 9_000, months: null, weight: 3 },
  // On purpose: the trainers' rates went up, the list price did not (a data issue to show).
  { key: "TRNG", name: "Training Day", category: "Services", price: 2_400, unitCost: 2_520, months: null, weight: 2 },
  { key: "CONS", name: "Consulting Retainer", category: "Services", price: 30_000, unitCost: 19_500, months: null, weight: 1 },
];
const PRODUCTS: readonly Product[] = PRODUCT_LIST.map(({ key, name, category, price, unitCost }) => ({ key, name, category, price, unitCost }));

// ── employees ────────────────────────────────────────────────────────────────
const DEPARTMENTS: readonly [string, number][] = [
  ["Sales", 8],
  ["Marketing", 5],
  ["Engineering", 12],
  ["Customer Success", 6],
  ["Product", 4],
  ["Finance", 3],
  ["People", 2],
];
const FIRST_NAMES = ["Anna", "Ben", "Clara", "David", "Elif", "Finn", "Greta", "Hakan", "Ida", "Jonas", "Katja", "Lukas", "Mia", "Noah", "Olga", "Paul", "Rosa", "Samir", "Tina", "Umut"];
const LAST_NAMES = ["Albrecht", "Becker", "Celik", "Dietrich", "Engel", "Fischer", "Graf", "Hoffmann", "Imhof", "Jung", "Keller", "Lang", "Meyer", "Neumann", "Ostrowski", "Peters"];

function demoEmployees(seed: string, today: IsoDate): Employee[] {
  const employees: Employee[] = [];
  for (const [department, count] of DEPARTMENTS) {
    for (let index = 0; index < count; index++) {
      const number = employees.length + 1;
      const random = seededRandom(`${seed}/employee/${number}`);
      // Most joined over the last five years; a few in the last months.
      const hiredOn = addDays(today, -Math.round(30 + random.uniform() * 1_800));
      // Three left during the last year (a seller among them, whose deals stay in the CRM).
      const leftOn = number === 4 || number === 17 || number === 29 ? addDays(today, -Math.round(40 + random.uniform() * 250)) : null;
      employees.push({
        key: `E${String(number).padStart(3, "0")}`,
        name: `${FIRST_NAMES[(number * 7) % FIRST_NAMES.length]} ${LAST_NAMES[(number * 5) % LAST_NAMES.length]}`,
        // On purpose: one person without a department (a data issue to show).
        department: number === 38 ? null : department,
        hiredOn: leftOn !== null && leftOn < hiredOn ? addDays(leftOn, -400) : hiredOn,
        leftOn,
        fte: random.uniform() < 0.15 ? 0.5 : random.uniform() < 0.1 ? 0.8 : 1,
      });
    }
  }
  return employees;
}

// ── deals ────────────────────────────────────────────────────────────────────
const CUSTOMER_FIRST = ["Alpen", "Nord", "Rhein", "Hansa", "Berg", "Isar", "Elbe", "Main", "Spree", "Donau", "Weser", "Harz", "Eifel", "Taunus", "Mosel", "Ostsee"];
const CUSTOMER_LAST = ["Logistik", "Medical", "Foods", "Energie", "Retail", "Software", "Bau", "Textil", "Finanz", "Mobility", "Chemie", "Maschinen"];

/** Each step of the funnel: how likely a deal takes it, and how many days it takes (from, to). */
const STEPS: readonly { readonly stage: OpenStage | "won"; readonly chance: number; readonly days: readonly [number, number] }[] = [
  { stage: "mql", chance: 0.72, days: [4, 20] },
  { stage: "sql", chance: 0.66, days: [7, 28] },
  { stage: "proposal", chance: 0.76, days: [10, 30] },
  { stage: "negotiation", chance: 0.7, days: [10, 40] },
  { stage: "won", chance: 0.66, days: [10, 45] },
];

function dealsOfMonth(seed: string, month: MonthIndex, today: IsoDate, sellers: readonly Employee[]): Deal[] {
  const monthRandom = seededRandom(`${seed}/deals/${monthDateOf(month)}`);
  const count = 21 + Math.floor(monthRandom.uniform() * 8);
  const deals: Deal[] = [];
  for (let index = 1; index <= count; index++) {
    const random = seededRandom(`${seed}/deal/${monthDateOf(month)}/${index}`);
    const createdOn = addDays(monthDateOf(month), Math.floor(random.uniform() * 28));
    if (createdOn > today) continue;
    const product = pick(random, PRODUCT_LIST);
    const seats = product.months === null ? 1 : Math.max(0.5, Math.exp(random.normal() * 0.45));
    const amount = Math.round(((product.price ?? 0) * seats) / 100) * 100;
    const seller = pickSeller(random, sellers, createdOn);
    const customer = `${CUSTOMER_FIRST[Math.floor(random.uniform() * CUSTOMER_FIRST.length)]} ${CUSTOMER_LAST[Math.floor(random.uniform() * CUSTOMER_LAST.length)]} ${random.uniform() < 0.7 ? "GmbH" : "AG"}`;
    deals.push(progressOf(random, {
      key: `D-${monthDateOf(month).slice(2, 4)}${monthDateOf(month).slice(5, 7)}-${String(index).padStart(2, "0")}`,
      name: `${customer.replace(/ (GmbH|AG)$/, "")} – ${product.name}`,
      customer,
      ownerKey: seller.key,
      productKey: product.key,
      stage: "lead",
      amount,
      cost: null,
      recurringMonths: product.months,
      createdOn,
      mqlOn: null,
      sqlOn: null,
      proposalOn: null,
      negotiationOn: null,
      expectedCloseOn: null,
      closedOn: null,
    }, product, today));
  }
  return deals;
}

/** Moves a new lead through the funnel by chance until it is won, lost, or today stops it. */
function progressOf(random: SeededRandom, lead: Deal, product: DemoProduct, today: IsoDate): Deal {
  const deal: { -readonly [K in keyof Deal]: Deal[K] } = { ...lead };
  let at = deal.createdOn;
  for (const step of STEPS) {
    const next = addDays(at, step.days[0] + Math.floor(random.uniform() * (step.days[1] - step.days[0] + 1)));
    const takes = random.uniform() < step.chance;
    if (next > today) break; // still on its way: open in the stage it has reached
    if (!takes) {
      deal.stage = "lost";
      deal.closedOn = next;
      break;
    }
    deal.stage = step.stage;
    if (step.stage === "won") {
      deal.closedOn = next;
      deal.cost = Math.round((deal.amount ?? 0) * ((product.unitCost ?? 0) / (product.price ?? 1)) * (0.85 + random.uniform() * 0.3));
    } else {
      deal[`${step.stage}On` as "mqlOn"] = next;
    }
    at = next;
  }
  if (deal.closedOn !== null) {
    deal.expectedCloseOn = addDays(deal.closedOn, Math.round(random.normal() * 10));
  } else {
    // Open: expected two to four months after the lead; most of those already past were moved on.
    const planned = addDays(deal.createdOn, 60 + Math.floor(random.uniform() * 60));
    deal.expectedCloseOn = planned >= today || random.uniform() < 0.15 ? planned : addDays(today, 10 + Math.floor(random.uniform() * 80));
  }
  return deal;
}

/** A seller employed when the lead came in (an earlier one if none was). */
function pickSeller(random: SeededRandom, sellers: readonly Employee[], on: IsoDate): Employee {
  const employed = sellers.filter((seller) => seller.hiredOn <= on && (seller.leftOn === null || seller.leftOn >= on));
  return pick(random, employed.length > 0 ? employed : sellers);
}

function pick<T>(random: SeededRandom, items: readonly T[]): T {
  const weights = items.map((item) => (item as { weight?: number }).weight ?? 1);
  let roll = random.uniform() * weights.reduce((total, weight) => total + weight, 0);
  for (const [index, item] of items.entries()) {
    roll -= weights[index]!;
    if (roll < 0) return item;
  }
  return items.at(-1)!;
}

/** Rows that break a data rule on purpose, as real CRM exports have them (changed in place, deterministically). */
function withDataIssues(deals: Deal[]) {
  const change = (index: number, fields: Partial<Deal>) => {
    const deal = deals[index];
    if (deal) deals[index] = { ...deal, ...fields };
  };
  const wonIndex = deals.findIndex((deal) => deal.stage === "won" && deal.sqlOn !== null);
  change(3, { stage: null }); // a stage left empty
  change(11, { amount: -(deals[11]?.amount ?? 1_000), name: `${deals[11]?.name ?? "Deal"} (credit note)` }); // a credit note entered as a deal
  change(wonIndex, { closedOn: null }); // won, but nobody entered when
  change(27, { ownerKey: "E099" }); // an owner who is not in the employee list
  const ordered = deals.findIndex((deal, index) => index !== wonIndex && deal.mqlOn !== null && deal.sqlOn !== null && daysBetween(deal.mqlOn, deal.sqlOn) > 3);
  const swapped = deals[ordered];
  if (swapped) change(ordered, { mqlOn: swapped.sqlOn, sqlOn: swapped.mqlOn }); // two stage dates swapped
}

/**
 * Monthly sales targets for the last and the current fiscal year: the year's average won value
 * per month, growing through each fiscal year, a little higher in each quarter's last month.
 */
function demoTargets(deals: readonly Deal[], current: MonthIndex, fiscalYearOffset: number): SalesTarget[] {
  const won = deals.filter((deal) => deal.stage === "won" && deal.closedOn !== null);
  const average = won.reduce((total, deal) => total + (deal.amount ?? 0), 0) / DEMO_DEAL_MONTHS;
  const first = fiscalYearStart(current, fiscalYearOffset) - 12;
  return monthRange(first, first + 23).map((month) => {
    const intoYear = (month - first) % 12;
    const growth = 0.92 + 0.015 * intoYear + (month - first >= 12 ? 0.1 : 0);
    const quarterEnd = intoYear % 3 === 2 ? 1.15 : 1;
    return { month: monthDateOf(month), amount: Math.round((average * growth * quarterEnd) / 1_000) * 1_000 };
  });
}
