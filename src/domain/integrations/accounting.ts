/**
 * The accounting import as an integration of the catalogue: its name (the address
 * /integration/{name}/wizard and the API paths use it), what the overview calls it, and the CSV
 * files its ZIP archive must contain, each with its columns. The integrations overview imports
 * this module to link to the wizard; the import reads the same list, so the two cannot disagree.
 */
export const ACCOUNTING_INTEGRATION = {
  name: "accounting",
  label: "Accounting import",
  description: "Bookings, accounts and open positions of debtors and creditors from your bookkeeping, as a ZIP archive of CSV files.",
} as const;

/** The name of the demo companies' sample archive (downloaded, or imported by "Use the sample archive"). */
export const SAMPLE_ARCHIVE_NAME = "accounting-sample.zip";

export const accountingWizardPath = (name: string = ACCOUNTING_INTEGRATION.name) => `/integration/${name}/wizard`;

/** A column of a required file: its header name, whether a row may leave it empty, and what it holds. */
export interface CsvColumn {
  readonly name: string;
  readonly required: boolean;
  readonly description: string;
}

export interface RequiredFile {
  /** The file's name inside the archive (matched on the base name, any folder, any case). */
  readonly name: string;
  readonly description: string;
  readonly columns: readonly CsvColumn[];
}

const column = (name: string, description: string, required = true): CsvColumn => ({ name, description, required });

/** The account types of accounts.csv. Only revenue and expense accounts belong to a P&L. */
export const ACCOUNT_TYPES = ["revenue", "expense", "asset", "liability", "equity"] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];
export const isProfitAndLossType = (type: AccountType) => type === "revenue" || type === "expense";

const OPEN_POSITION_COLUMNS = (party: string) => [
  column("number", `The ${party}'s number in the bookkeeping`),
  column("name", `The ${party}'s name`),
  column("document_number", "The invoice or credit note"),
  column("document_date", "Date of the document: YYYY-MM-DD or DD.MM.YYYY"),
  column("due_date", "When it is due: YYYY-MM-DD or DD.MM.YYYY", false),
  column("amount", "The open amount; negative for a credit note (1234.56 or 1234,56)"),
];

export const ACCOUNTING_FILES: readonly RequiredFile[] = [
  {
    name: "accounts.csv",
    description: "The chart of accounts",
    columns: [
      column("account_number", "The account's number, e.g. 4400 (letters, digits, . _ -; at most 20)"),
      column("name", "The account's name"),
      column("type", `One of ${ACCOUNT_TYPES.join(", ")}`),
    ],
  },
  {
    name: "bookings.csv",
    description: "Every booking of the period: one line debits one account and credits another",
    columns: [
      column("date", "Booking date: YYYY-MM-DD or DD.MM.YYYY"),
      column("debit_account", "The account debited (from accounts.csv)"),
      column("credit_account", "The account credited (from accounts.csv)"),
      column("amount", "A positive amount with at most two decimals (1234.56 or 1234,56)"),
      column("document_number", "The voucher", false),
      column("text", "The booking text", false),
    ],
  },
  { name: "debtors.csv", description: "Open positions of debtors (customers)", columns: OPEN_POSITION_COLUMNS("debtor") },
  { name: "creditors.csv", description: "Open positions of creditors (suppliers)", columns: OPEN_POSITION_COLUMNS("creditor") },
];

export type AccountingFileName = "accounts.csv" | "bookings.csv" | "debtors.csv" | "creditors.csv";

/** Spec section 5: the archive lacks one of ACCOUNTING_FILES. */
export const MISSING_FILES_TEXT = "Sorry, but it appears that the ZIP file provided is missing some of the required files...";

/** Spec section 5: every P&L account of the mapping needs a category. */
export const SELECT_CATEGORY_TEXT = "Please select a category";
