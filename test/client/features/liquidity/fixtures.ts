import type { LiquidityProjection, LiquidityScenario } from "../../../../src/contracts/liquidity";
import { initialState, type AppState } from "../../../../src/client/app/state";
import { demoCompany, profileWith } from "../../support/session-fixtures";

/** A finance person who plans liquidity, in Demo GmbH with one FX rate (USD). */
export const planner: AppState = {
  ...initialState,
  session: {
    ...initialState.session,
    stage: "ready" as const,
    company: { ...demoCompany(), multiCurrency: true, fxRates: [{ id: 5, name: "USD budget rate", currency: "USD" }] } as never,
    profile: profileWith(["access_liquidity_planning", "write_liquidity_scenarios"]),
  },
};

export function scenario(id: number, name: string, overrides: Partial<LiquidityScenario> = {}): LiquidityScenario {
  return {
    id,
    name,
    author: { id: 1, name: "Ada Administrator" },
    createdAt: "2026-05-02T09:00:00.000Z",
    updatedAt: "2026-05-02T09:00:00.000Z",
    status: "draft",
    approvedAt: null,
    approvedBy: null,
    parentId: null,
    mergedFrom: [],
    departments: [],
    readUsers: [],
    writeUsers: [],
    settings: { startMonth: "2026-06-01", months: 3, revenueKpiId: null, cashKpiId: null, paymentDelayDays: 30, revenueVatRate: 19, vatSettlement: "monthly", employerCostRate: 20, fullTimeHours: 40 },
    employeeCount: 0,
    openPositionCount: 0,
    contractCount: 0,
    transactionCount: 0,
    canEdit: true,
    canApprove: true,
    canDelete: true,
    ...overrides,
  };
}

/** Three months falling from `opening` by `burn` a month. */
export function projection(scenarioId: number, opening: number, burn: number, currency = "EUR", runway: number | null = null): LiquidityProjection {
  const months = ["2026-06-01", "2026-07-01", "2026-08-01"].map((month, index) => ({
    month,
    opening: opening - burn * index,
    inflows: { revenue: 0, vatRefund: 0 },
    outflows: { salaries: burn, employerCosts: 0, contracts: 0, transactions: 0, vat: 0 },
    closing: opening - burn * (index + 1),
  }));
  return {
    scenarioId,
    currency,
    opening: { amount: opening, date: "2026-05-31", fromKpi: true },
    months,
    weeks: [{ weekStart: "2026-06-01", opening, inflow: 0, outflow: burn / 4, closing: opening - burn / 4 }],
    lowest: { date: "2026-08-31", amount: opening - burn * 3 },
    runway: { months: runway, runsOutOn: runway === null ? null : "2026-08-31" },
    actuals: [],
  };
}
