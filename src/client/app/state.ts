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
import { initialSession, sessionReducer, type SessionModel } from "../features/session/model";
import { initialShell, shellReducer, type ShellModel } from "../features/shell/model";
import { initialWarehouse, warehouseReducer, type WarehouseModel } from "../features/warehouse/model";
import { chartsReducer, initialCharts, type ChartsModel } from "../features/charts/model";

/** The client's whole state: one slice per feature. */
export interface AppState {
  readonly session: SessionModel;
  readonly shell: ShellModel;
  readonly account: AccountModel;
  readonly users: UsersModel;
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
}

export const initialState: AppState = { session: initialSession, shell: initialShell, account: initialAccount, users: initialUsers, kpis: initialKpis, notifications: initialNotifications, accounting: initialAccounting, uploads: initialUploads, warehouse: initialWarehouse, integrations: initialIntegrations, queryBuilder: initialQueryBuilder, forecasting: initialForecasting, planning: initialPlanning, charts: initialCharts, customDashboards: initialCustomDashboards };

export const rootReducer = combineReducers<AppState>({ session: sessionReducer, shell: shellReducer, account: accountReducer, users: usersReducer, kpis: kpisReducer, notifications: notificationsReducer, accounting: accountingReducer, uploads: uploadsReducer, warehouse: warehouseReducer, integrations: integrationsReducer, queryBuilder: queryBuilderReducer, forecasting: forecastingReducer, planning: planningReducer, charts: chartsReducer, customDashboards: customDashboardsReducer });
