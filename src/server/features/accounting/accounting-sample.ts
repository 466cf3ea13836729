import { monthDateOf, monthIndexAt, monthLabel, monthRange, type MonthIndex } from "../../../domain/months";
import type { AccountType } from "../../../domain/integrations/accounting";
import { DEMO_KPIS } from "../../db/seed/demo-catalog";
import { DEMO_COMPANIES } from "../../db/seed/demo-companies";
import { actualValue } from "../../db/seed/demo-series";
import { seededRandom, type SeededRandom } from "../../db/seed/random";
import { writeZip, type ZipInput } from "../../platform/files/zip-writer";

/**
 * The sample archive of a demo company: a year of bookings (the twelve months before `now`)
 * over 33 accounts, with the open positions of debtors and creditors at the year's end, in the
 * format of ACCOUNTING_FILES. Built from code on request, deterministic like the demo seed: the
 * same company and month give the same bytes on every machine.
 *
 * The amounts follow the demo's own P&L: each month, each P&L KPI's seeded actual moved by a
 * small deterministic deviation (books closed later differ a little from preliminary figures, and
 * a person sees the import change the dashboard), split over the KPI's accounts and into single
 * invoices, salaries, rents and depreciation. Customers pay their invoices 10 to 40 days later
 * and suppliers are paid 7 to 30 days later; what is unpaid at the year's end is an open position.
 */
export { SAMPLE_ARCHIVE_NAME as SAMPLE_FILE_NAME } from "../../../domain/integrations/accounting";

export interface SampleAccount {
  readonly number: string;
  readonly name: string;
  readonly type: AccountType;
  /** The demo P&L KPI (key) the account belongs to; null: not part of the statement; undefined: balance sheet. */
  readonly kpi?: string | null;
}

export const SAMPLE_ACCOUNTS: readonly SampleAccount[] = [
  { number: "0650", name: "Office and IT equipment", type: "asset" },
  { number: "0800", name: "Subscribed capital", type: "equity" },
  { number: "1200", name: "Bank", type: "asset" },
  { number: "1400", name: "Trade receivables", type: "asset" },
  { number: "1600", name: "Trade payables", type: "liability" },
  { number: "4000", name: "Licence revenue", type: "revenue", kpi: "revenue" },
  { number: "4100", name: "Subscription revenue", type: "revenue", kpi: "revenue" },
  { number: "4400", name: "Service revenue", type: "revenue", kpi: "revenue" },
  { number: "4700", name: "Sales deductions", type: "revenue", kpi: "revenue" },
  { number: "5000", name: "Hosting and infrastructure", type: "expense", kpi: "cogs" },
  { number: "5100", name: "Third-party licences", type: "expense", kpi: "cogs" },
  { number: "5900", name: "Purchased services", type: "expense", kpi: "cogs" },
  { number: "6000", name: "Salaries", type: "expense", kpi: "personnel_costs" },
  { number: "6110", name: "Social security contributions", type: "expense", kpi: "personnel_costs" },
  { number: "6130", name: "Employee benefits", type: "expense", kpi: "personnel_costs" },
  { number: "6200", name: "Depreciation of equipment", type: "expense", kpi: "depreciation" },
  { number: "6210", name: "Amortisation of software", type: "expense", kpi: "depreciation" },
  { number: "6310", name: "Rent", type: "expense", kpi: "rent_office" },
  { number: "6325", name: "Energy and utilities", type: "expense", kpi: "rent_office" },
  { number: "6330", name: "Cleaning", type: "expense", kpi: "rent_office" },
  { number: "6400", name: "Insurance", type: "expense", kpi: "other_opex" },
  { number: "6520", name: "Vehicle costs", type: "expense", kpi: "other_opex" },
  { number: "6600", name: "Online advertising", type: "expense", kpi: "marketing_costs" },
  { number: "6610", name: "Trade fairs and events", type: "expense", kpi: "marketing_costs" },
  { number: "6640", name: "Content and PR", type: "expense", kpi: "marketing_costs" },
  { number: "6650", name: "Travel expenses", type: "expense", kpi: "other_opex" },
  { number: "6805", name: "Telephone and internet", type: "expense", kpi: "other_opex" },
  { number: "6815", name: "Office supplies", type: "expense", kpi: "other_opex" },
  { number: "6825", name: "Legal and consulting fees", type: "expense", kpi: "other_opex" },
  { number: "6837", name: "Software subscriptions", type: "expense", kpi: "other_opex" },
  { number: "6855", name: "Bank charges", type: "expense", kpi: "other_opex" },
  { number: "7300", name: "Interest expense", type: "expense", kpi: null },
  { number: "7600", name: "Income taxes", type: "expense", kpi: null },
];

/** How a P&L KPI's month splits over its accounts (weights) and into how many bookings each. */
const SPLITS: Readonly<Record<string, readonly { account: string; weight: number; bookings: number; supplier?: number }[]>> = {
  revenue: [
    { account: "4100", weight: 0.7, bookings: 20 },
    { account: "4000", weight: 0.18, bookings: 4 },
    { account: "4400", weight: 0.12, bookings: 6 },
  ],
  cogs: [
    { account: "5000", weight: 0.45, bookings: 2, supplier: 0 },
    { account: "5100", weight: 0.2, bookings: 2, supplier: 1 },
    { account: "5900", weight: 0.35, bookings: 3, supplier: 2 },
  ],
  personnel_costs: [
    { account: "6000", weight: 0.8, bookings: 1 },
    { account: "6110", weight: 0.17, bookings: 1 },
    { account: "6130", weight: 0.03, bookings: 1 },
  ],
  marketing_costs: [
    { account: "6600", weight: 0.55, bookings: 4, supplier: 3 },
    { account: "6610", weight: 0.25, bookings: 1, supplier: 4 },
    { account: "6640", weight: 0.2, bookings: 2, supplier: 3 },
  ],
  rent_office: [
    { account: "6310", weight: 0.8, bookings: 1, supplier: 5 },
    { account: "6325", weight: 0.14, bookings: 1, supplier: 6 },
    { account: "6330", weight: 0.06, bookings: 1, supplier: 7 },
  ],
  other_opex: [
    { account: "6400", weight: 0.12, bookings: 1, supplier: 8 },
    { account: "6520", weight: 0.1, bookings: 2, supplier: 9 },
    { account: "6650", weight: 0.2, bookings: 3, supplier: 10 },
    { account: "6805", weight: 0.06, bookings: 1, supplier: 11 },
    { account: "6815", weight: 0.05, bookings: 2, supplier: 12 },
    { account: "6825", weight: 0.22, bookings: 1, supplier: 13 },
    { account: "6837", weight: 0.22, bookings: 2, supplier: 14 },
    { account: "6855", weight: 0.03, bookings: 1 },
  ],
  depreciation: [
    { account: "6200", weight: 0.7, bookings: 1 },
    { account: "6210", weight: 0.3, bookings: 1 },
  ],
};

const CUSTOMERS = [
  "Alpenblick Software AG", "Bergmann & Söhne GmbH", "Elbe Logistik GmbH", "Fjord Analytics AS", "Hansekontor KG", "Isar Medtech GmbH",
  "Kranich Versicherung AG", "Lindenhof Hotels GmbH", "Moselwerk Energie GmbH", "Nordlicht Retail GmbH", "Rheinblick Bank AG", "Schwarzwald Tools GmbH",
];
const SUPPLIERS = [
  "Cloudhaus Hosting GmbH", "Lizenzwerk GmbH", "Codeschmiede Freelancer eG", "Medienwerk Agentur GmbH", "Messebau Krüger GmbH", "Immobilien Schwarz KG",
  "Stadtwerke Musterstadt", "Glanz Gebäudeservice GmbH", "Assekuranz Nord AG", "Flotte & Co. Leasing GmbH", "Reisebüro Weitblick GmbH",
  "Telenetz GmbH", "Papierhaus Weber KG", "Kanzlei Richter & Partner", "Softwarehaus Süd GmbH",
];

/** Deductions (discounts, credit notes) in percent of the month's revenue, debited to 4700. */
const DEDUCTIONS_SHARE = 0.02;

/** Whether the company has a sample archive: the demo companies with KPI data. */
export const hasSampleArchive = (tenantId: string) => DEMO_COMPANIES.some((company) => company.id === tenantId && company.kpiData !== null);

/** The sample archive of a demo company with KPI data, or null for any other company. */
export function sampleArchiveFor(tenantId: string, now: Date): Buffer | null {
  const company = DEMO_COMPANIES.find((candidate) => candidate.id === tenantId);
  if (!company?.kpiData) return null;
  return writeZip(sampleFiles(company.kpiData, monthIndexAt(now)));
}

interface SampleBooking {
  date: string;
  debit: string;
  credit: string;
  cents: number;
  document: string;
  text: string;
}

interface OpenItem {
  number: string;
  name: string;
  document: string;
  date: string;
  due: string;
  cents: number;
}

/** The four CSV files of a company's sample for the twelve months before `currentMonth`. */
export function sampleFiles(kpiData: { readonly scale: number; readonly seed: string }, currentMonth: MonthIndex): ZipInput[] {
  const months = monthRange(currentMonth - 12, currentMonth - 1);
  const yearEnd = lastDayOf(currentMonth - 1);
  const bookings: SampleBooking[] = [];
  const debtors: OpenItem[] = [];
  const creditors: OpenItem[] = [];
  // Invoice numbers run by date within each calendar year, as a bookkeeping numbers them.
  const numbers = new Map<string, number>();
  const nextNumber = (prefix: string, date: string) => {
    const key = `${prefix}-${date.slice(0, 4)}`;
    numbers.set(key, (numbers.get(key) ?? 0) + 1);
    return `${key}-${String(numbers.get(key)).padStart(4, "0")}`;
  };

  for (const month of months) {
    const random = seededRandom(`${kpiData.seed}/accounting/${month}`);
    const invoices: { date: string; account: string; cents: number; customer?: number; supplier?: number }[] = [];
    for (const [kpiKey, splits] of Object.entries(SPLITS)) {
      const kpi = DEMO_KPIS.find((candidate) => candidate.key === kpiKey)!;
      const target = Math.round(actualValue(kpi, month, kpiData.scale, kpiData.seed) * (1 + 0.02 * random.normal()) * 100);
      // Revenue accounts carry the deductions on top, so that the line nets to the target.
      const deductions = kpiKey === "revenue" ? Math.round(target * DEDUCTIONS_SHARE) : 0;
      const shares = splitCents(target + deductions, splits.map((split) => split.weight), random);
      for (const [index, split] of splits.entries()) {
        for (const cents of splitCents(shares[index]!, Array.from({ length: split.bookings }, () => 0.5 + random.uniform()), random)) {
          const date = dayIn(month, random, kpiKey === "personnel_costs" || kpiKey === "depreciation" ? "end" : "any");
          if (kpiKey === "revenue") invoices.push({ date, account: split.account, cents, customer: Math.floor(random.uniform() * CUSTOMERS.length) });
          else if (split.supplier !== undefined) invoices.push({ date, account: split.account, cents, supplier: split.supplier });
          else {
            // Salaries, social security, benefits and bank charges leave the bank directly; depreciation lowers the equipment.
            const credit = kpiKey === "depreciation" ? "0650" : "1200";
            bookings.push({ date, debit: split.account, credit, cents, document: `${kpiKey === "depreciation" ? "AFA" : "BANK"}-${date.slice(0, 7)}`, text: `${accountName(split.account)} ${monthLabel(month)}` });
          }
        }
      }
      if (deductions > 0) {
        bookings.push({ date: lastDayOf(month), debit: "4700", credit: "1400", cents: deductions, document: `GS-${monthDateOf(month).slice(0, 7)}`, text: `Discounts and credit notes ${monthLabel(month)}` });
      }
    }
    invoices.sort((a, b) => a.date.localeCompare(b.date) || a.account.localeCompare(b.account) || a.cents - b.cents);
    for (const invoice of invoices) {
      if (invoice.customer !== undefined) {
        const customer = CUSTOMERS[invoice.customer]!;
        const document = nextNumber("AR", invoice.date);
        bookings.push({ date: invoice.date, debit: "1400", credit: invoice.account, cents: invoice.cents, document, text: `${accountName(invoice.account)}: ${customer}` });
        settle(bookings, debtors, { payer: "customer", date: invoice.date, cents: invoice.cents, document, yearEnd, random, party: { number: String(10001 + invoice.customer), name: customer } });
      } else {
        const supplier = SUPPLIERS[invoice.supplier!]!;
        const document = nextNumber("ER", invoice.date);
        bookings.push({ date: invoice.date, debit: invoice.account, credit: "1600", cents: invoice.cents, document, text: `${accountName(invoice.account)}: ${supplier}` });
        settle(bookings, creditors, { payer: "company", date: invoice.date, cents: invoice.cents, document, yearEnd, random, party: { number: String(70001 + invoice.supplier!), name: supplier } });
      }
    }
    // Outside the P&L: interest every month, income tax prepayments every quarter.
    bookings.push({ date: lastDayOf(month), debit: "7300", credit: "1200", cents: Math.round(kpiData.scale * (180_000 + 40_000 * random.uniform())), document: `BANK-${monthDateOf(month).slice(0, 7)}`, text: "Loan interest" });
    if (month % 3 === 2) bookings.push({ date: dayIn(month, random, "end"), debit: "7600", credit: "1200", cents: Math.round(kpiData.scale * 1_200_000 * (1 + 0.1 * random.normal())), document: `FA-${monthDateOf(month).slice(0, 7)}`, text: "Income tax prepayment" });
  }
  bookings.sort((a, b) => a.date.localeCompare(b.date));

  return [
    csvFile("accounts.csv", ["account_number", "name", "type"], SAMPLE_ACCOUNTS.map((account) => [account.number, account.name, account.type])),
    csvFile("bookings.csv", ["date", "debit_account", "credit_account", "amount", "document_number", "text"], bookings.map((booking) => [booking.date, booking.debit, booking.credit, amountText(booking.cents), booking.document, booking.text])),
    csvFile("debtors.csv", ["number", "name", "document_number", "document_date", "due_date", "amount"], debtors.map(openItemRow)),
    csvFile("creditors.csv", ["number", "name", "document_number", "document_date", "due_date", "amount"], creditors.map(openItemRow)),
  ];
}

/**
 * An invoice is paid some days later (customers 10 to 40, the company 7 to 30); paid within the
 * year it becomes a bank booking, otherwise an open position.
 */
function settle(
  bookings: SampleBooking[],
  open: OpenItem[],
  invoice: { payer: "customer" | "company"; date: string; cents: number; document: string; yearEnd: string; random: SeededRandom; party: { number: string; name: string } },
) {
  const [shortest, longest] = invoice.payer === "customer" ? [10, 40] : [7, 30];
  const paid = addDays(invoice.date, shortest + Math.floor(invoice.random.uniform() * (longest - shortest + 1)));
  if (paid <= invoice.yearEnd) {
    const [debit, credit] = invoice.payer === "customer" ? ["1200", "1400"] : ["1600", "1200"];
    bookings.push({ date: paid, debit, credit, cents: invoice.cents, document: invoice.document, text: `Payment ${invoice.party.name}` });
  } else {
    open.push({ number: invoice.party.number, name: invoice.party.name, document: invoice.document, date: invoice.date, due: addDays(invoice.date, 30), cents: invoice.cents });
  }
}

/** Splits `total` cents by `weights` into whole cents that add up to exactly `total`. */
function splitCents(total: number, weights: readonly number[], random: SeededRandom): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  const parts = weights.map((weight) => Math.floor((total * weight) / sum));
  parts[Math.floor(random.uniform() * parts.length)]! += total - parts.reduce((a, b) => a + b, 0);
  return parts;
}

const accountName = (number: string) => SAMPLE_ACCOUNTS.find((account) => account.number === number)!.name;
const openItemRow = (item: OpenItem) => [item.number, item.name, item.document, item.date, item.due, amountText(item.cents)];
const amountText = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;

function csvFile(name: string, header: readonly string[], rows: readonly (readonly string[])[]): ZipInput {
  const quote = (field: string) => (/[",\n]/.test(field) ? `"${field.replaceAll('"', '""')}"` : field);
  const text = [header, ...rows].map((row) => row.map(quote).join(",")).join("\n");
  return { name, content: Buffer.from(`${text}\n`, "utf8") };
}

/** A day of the month: any working-looking day, or the last day (salaries, depreciation). */
function dayIn(month: MonthIndex, random: SeededRandom, when: "any" | "end"): string {
  const last = Number(lastDayOf(month).slice(8));
  const day = when === "end" ? last : 1 + Math.floor(random.uniform() * (last - 1));
  return `${monthDateOf(month).slice(0, 8)}${String(day).padStart(2, "0")}`;
}

function lastDayOf(month: MonthIndex): string {
  const date = new Date(Date.UTC(Math.floor(month / 12), (month % 12) + 1, 0));
  return date.toISOString().slice(0, 10);
}

function addDays(date: string, days: number): string {
  const moved = new Date(`${date}T00:00:00Z`);
  moved.setUTCDate(moved.getUTCDate() + days);
  return moved.toISOString().slice(0, 10);
}
