import { spreadsheetText } from "../exports/spreadsheet-text";
import type { ListView } from "./list-views";
import type { RawDataKind } from "./records";
import { RAW_DATA_COLUMNS } from "./raw-rows";

/**
 * CSV files the warehouse screens hand out: a list view as shown, and an empty template per
 * kind of raw data. Text that a spreadsheet would run as a formula is escaped (ASVS 1.2.10);
 * numbers stay numbers, unformatted, so the file computes.
 */
export function listViewCsv(view: Pick<ListView, "columns" | "rows">): string {
  const header = view.columns.map((column) => cell(column.label));
  const rows = view.rows.map((row) => view.columns.map((column) => cell(row.cells[column.key] ?? null)));
  return [header, ...rows].map((line) => line.join(",")).join("\r\n") + "\r\n";
}

/** The header row of a kind's upload, and an example row that reads back without a problem. */
export function templateCsv(kind: RawDataKind): string {
  const columns = RAW_DATA_COLUMNS[kind].map((column) => column.name);
  const example = EXAMPLES[kind];
  return [columns.map(cell).join(","), columns.map((name) => cell(example[name] ?? "")).join(",")].join("\r\n") + "\r\n";
}

const EXAMPLES: Readonly<Record<RawDataKind, Readonly<Record<string, string>>>> = {
  deals: { "Deal ID": "D-1001", Name: "Acme – Core", Customer: "Acme GmbH", "Owner ID": "E001", "Product ID": "CORE", Stage: "Proposal", Amount: "24000", "Recurring months": "12", Created: "2026-01-15", "MQL date": "2026-01-20", "SQL date": "2026-02-02", "Proposal date": "2026-02-20", "Expected close": "2026-04-30" },
  employees: { "Employee ID": "E001", Name: "Anna Albrecht", Department: "Sales", Hired: "2024-03-01", FTE: "1" },
  products: { "Product ID": "CORE", Name: "Core subscription", Category: "Subscription", Price: "24000", "Unit cost": "4800" },
  "sales-targets": { Month: "2026-04", Target: "250000" },
};

function cell(value: string | number | null): string {
  if (value === null) return "";
  if (typeof value === "number") return String(value);
  const text = spreadsheetText(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}
