import type { EmploymentType, ExpenseKind, Frequency, LiquidityProjection, MasterDataState, VatSettlement } from "../../../contracts/liquidity";
import type { AppState } from "../../app/state";

/** What the liquidity screens write: labels of the contract's lists, money, dates, runway. */

export const EMPLOYMENT_TYPE_LABELS: Record<EmploymentType, string> = { full_time: "Full time", part_time: "Part time", working_student: "Working student", intern: "Intern", freelancer: "Freelancer" };
export const FREQUENCY_LABELS: Record<Frequency, string> = { daily: "Daily", weekly: "Weekly", "bi-weekly": "Bi-weekly", monthly: "Monthly", quarterly: "Quarterly", yearly: "Yearly" };
export const VAT_SETTLEMENT_LABELS: Record<VatSettlement, string> = { monthly: "Monthly", quarterly: "Quarterly", none: "No VAT settlement" };
export const MASTER_DATA_LABELS: Record<MasterDataState, string> = { not_configured: "Not configured", processing: "Processing", error: "Error", pending_update: "Pending update", active: "Active" };
export const EXPENSE_KIND_LABELS: Record<ExpenseKind, string> = { contract: "Contract", transaction: "Transaction" };

const MONEY = new Map<string, Intl.NumberFormat>();
/** "€ 1,234,567" in whole units: cash plans are read in whole money. */
export function money(amount: number, currency: string): string {
  let format = MONEY.get(currency);
  if (!format) {
    try {
      format = new Intl.NumberFormat("en-US", { style: "currency", currency, maximumFractionDigits: 0, minimumFractionDigits: 0 });
    } catch {
      format = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });
    }
    MONEY.set(currency, format);
  }
  return format.format(Math.round(amount) === 0 ? 0 : amount);
}

const AMOUNT = new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
export const amount = (value: number) => AMOUNT.format(value);

const MONTH_NAMES = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
/** "Mar 2026" for a YYYY-MM-DD. */
export const monthLabel = (date: string) => `${MONTH_NAMES[Number(date.slice(5, 7)) - 1]} ${date.slice(0, 4)}`;
/** "14 Mar 2026" for a YYYY-MM-DD. */
export const dayLabel = (date: string) => `${Number(date.slice(8, 10))} ${MONTH_NAMES[Number(date.slice(5, 7)) - 1]} ${date.slice(0, 4)}`;

/** "Runway: 14 months", or beyond the projection "more than 24 months". */
export function runwayText(projection: Pick<LiquidityProjection, "runway" | "months">): string {
  const { months } = projection.runway;
  if (months === null) return `Runway: more than ${projection.months.length} months`;
  return `Runway: ${months} ${months === 1 ? "month" : "months"}`;
}

/** The currency the screens show money in: the FX selection's, or the company's own. */
export function selectLiquidityCurrency(state: AppState): string {
  const company = state.session.company;
  const rate = company?.fxRates.find((entry) => entry.id === state.shell.fxRateId);
  return rate?.currency ?? company?.localCurrency ?? "EUR";
}
