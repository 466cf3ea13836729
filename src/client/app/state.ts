import { combineReducers } from "../bus/store";
import { accountReducer, initialAccount, type AccountModel } from "../features/account/model";
import { accountingReducer, initialAccounting, type AccountingModel } from "../features/accounting/model";
import { customDashboardsReducer, initialCustomDashboards, type CustomDashboardsModel } from "../features/custom-dashboards/model";
import { forecastingReducer, initialForecasting, type ForecastingModel } from "../features/forecasting/model";
import { initialIntegrations, integrationsReducer, type IntegrationsModel } from "../features/integrations/model";
import { initialKpis, kpisReducer, type KpisModel } from "../features/kpis/model";
import { initialNotifications, notificationsReducer, type NotificationsModel } from "../features/notifications/model";
import { initialPlanning, planningReducer, type PlanningModel } from "../features/planning/model";
import { initialQueryBuilder, queryBuilderReducer, type QueryBuilderModel } from "../features/query-builder/model";
import { initialUploads, uploadsReducer, type UploadsModel } from "../features/uploads/model";
import { initialUsers, usersReducer, type UsersModel } from "../features/users/model";
import { companyReducer, initialCompany, type CompanyModel } from "../features/company/model";
import { okrsReducer, initialOkrs, type OkrsModel } from "../features/okrs/model";
import { okrInsightsReducer, initialOkrInsights, type OkrInsightsModel } from "../features/okr-insights/model";
import { okrSchedulerReducer, initialOkrScheduler, type OkrSchedulerModel } from "../features/okr-scheduler/model";
import { liquidityReducer, initialLiquidity, type LiquidityModel } from "../features/liquidity/model";
import { initialSession, sessionReducer, type SessionModel } from "../features/session/model";
import { initialShell, shellReducer, type ShellModel } from "../features/shell/model";
import { initialWarehouse, warehouseReducer, type WarehouseModel } from "../features/warehouse/model";
import { chartsReducer, initialCharts, type ChartsModel } from "../features/charts/model";
import { initialInvestorReporting, investorReportingReducer, type InvestorReportingModel } from "../features/investor-reporting/model";
import { holdingReducer, initialHolding, type HoldingModel } from "../features/holding/model";
import { initialPortfolio, portfolioReducer, type PortfolioModel } from "../features/portfolio/model";
import { collaborationReducer, initialCollaboration, type CollaborationModel } from "../features/collaboration/model";
import { alertsReducer, initialAlerts, type AlertsModel } from "../features/alerts/model";
import { initialKpiAnalysis, kpiAnalysisReducer, type KpiAnalysisModel } from "../features/kpi-analysis/model";
import { copilotReducer, initialCopilot, type CopilotModel } from "../features/copilot/model";
import { initialKpiSettings, kpiSettingsReducer, type KpiSettingsModel } from "../features/kpi-settings/model";

/** The client's whole state: one slice per feature. */
export interface AppState {
  readonly session: SessionModel;
  readonly shell: ShellModel;
  readonly account: AccountModel;
  readonly users: UsersModel;
  readonly company: CompanyModel;
  readonly okrs: OkrsModel;
  readonly okrInsights: OkrInsightsModel;
  readonly okrScheduler: OkrSchedulerModel;
  readonly liquidity: LiquidityModel;
  readonly kpis: KpisModel;
  readonly notifications: NotificationsModel;
  readonly accounting: AccountingModel;
  readonly uploads: UploadsModel;
  readonly warehouse: WarehouseModel;
  readonly integrations: IntegrationsModel;
  readonly queryBuilder: QueryBuilderModel;
  readonly forecasting: ForecastingModel;
  readonly planning: PlanningModel;
  readonly charts: ChartsModel;
  readonly customDashboards: CustomDashboardsModel;
  readonly investorReporting: InvestorReportingModel;
  readonly holding: HoldingModel;
  readonly portfolio: PortfolioModel;
  readonly collaboration: CollaborationModel;
  readonly alerts: AlertsModel;
  readonly kpiAnalysis: KpiAnalysisModel;
  readonly kpiSettings: KpiSettingsModel;
  readonly copilot: CopilotModel;
}

export const initialState: AppState = { session: initialSession, shell: initialShell, account: initialAccount, users: initialUsers, kpis: initialKpis, notifications: initialNotifications, accounting: initialAccounting, uploads: initialUploads, warehouse: initialWarehouse, integrations: initialIntegrations, queryBuilder: initialQueryBuilder, forecasting: initialForecasting, planning: initialPlanning, charts: initialCharts, customDashboards: initialCustomDashboards, investorReporting: initialInvestorReporting, holding: initialHolding, portfolio: initialPortfolio, collaboration: initialCollaboration, alerts: initialAlerts, kpiAnalysis: initialKpiAnalysis, kpiSettings: initialKpiSettings, company: initialCompany, okrs: initialOkrs, okrInsights: initialOkrInsights, okrScheduler: initialOkrScheduler, liquidity: initialLiquidity, copilot: initialCopilot };

export const rootReducer = combineReducers<AppState>({ session: sessionReducer, shell: shellReducer, account: accountReducer, users: usersReducer, kpis: kpisReducer, notifications: notificationsReducer, accounting: accountingReducer, uploads: uploadsReducer, warehouse: warehouseReducer, integrations: integrationsReducer, queryBuilder: queryBuilderReducer, forecasting: forecastingReducer, planning: planningReducer, charts: chartsReducer, customDashboards: customDashboardsReducer, investorReporting: investorReportingReducer, holding: holdingReducer, portfolio: portfolioReducer, collaboration: collaborationReducer, alerts: alertsReducer, kpiAnalysis: kpiAnalysisReducer, kpiSettings: kpiSettingsReducer, company: companyReducer, okrs: okrsReducer, okrInsights: okrInsightsReducer, okrScheduler: okrSchedulerReducer, liquidity: liquidityReducer, copilot: copilotReducer });
