import { Schema } from "@effect/schema";
import { AccountCommand, AccountEvent } from "./account";
import { AccountingCommand, AccountingEvent } from "./accounting";
import { CustomDashboardsCommand, CustomDashboardsEvent } from "./custom-dashboards";
import { ForecastingCommand, ForecastingEvent } from "./forecasting";
import { IntegrationsCommand, IntegrationsEvent } from "./integrations";
import { KpisCommand, KpisEvent } from "./kpis";
import { NotificationsCommand, NotificationsEvent } from "./notifications";
import { PlanningCommand, PlanningEvent } from "./planning";
import { QueryBuilderCommand, QueryBuilderEvent } from "./query-builder";
import { SessionCommand, SessionEvent } from "./session";
import { UploadsCommand, UploadsEvent } from "./uploads";
import { UsersCommand, UsersEvent } from "./users";
import { WarehouseCommand, WarehouseEvent } from "./warehouse";
import { ChartsCommand, ChartsEvent } from "./charts";
import { InvestorReportingCommand, InvestorReportingEvent } from "./investor-reporting";
import { HoldingCommand, HoldingEvent } from "./holding";
import { PortfolioCommand, PortfolioEvent } from "./portfolio";
import { CollaborationCommand, CollaborationEvent } from "./collaboration";
import { AlertsCommand, AlertsEvent } from "./alerts";
import { KpiAnalysisCommand, KpiAnalysisEvent } from "./kpi-analysis";
import { KpiSettingsCommand, KpiSettingsEvent } from "./kpi-settings";
import { CompanyCommand, CompanyEvent } from "./company";
import { CompanyProfileEvent } from "./company-profile";
import { OkrsCommand, OkrsEvent } from "./okrs";
import { OkrInsightsCommand, OkrInsightsEvent } from "./okr-insights";
import { OkrSchedulerCommand, OkrSchedulerEvent } from "./okr-scheduler";
import { LiquidityCommand, LiquidityEvent } from "./liquidity";
import { CopilotCommand, CopilotEvent } from "./copilot";

/**
 * Every command and every event of the client, as one union each. A feature adds its schemas
 * here; `dispatch`, `ofCommand` and the reducers are then checked against them. At run time the
 * bus knows only the features loaded so far (client/bus/catalogue.ts); replay decodes with these.
 */
export const Command = Schema.Union(SessionCommand, AccountCommand, UsersCommand, KpisCommand, NotificationsCommand, AccountingCommand, UploadsCommand, WarehouseCommand, IntegrationsCommand, QueryBuilderCommand, ForecastingCommand, PlanningCommand, ChartsCommand, CustomDashboardsCommand, InvestorReportingCommand, HoldingCommand, PortfolioCommand, CollaborationCommand, AlertsCommand, KpiAnalysisCommand, KpiSettingsCommand, CompanyCommand, OkrsCommand, OkrInsightsCommand, OkrSchedulerCommand, LiquidityCommand, CopilotCommand);
export type Command = typeof Command.Type;
export type CommandTag = Command["_tag"];
export type CommandOf<T extends CommandTag> = Extract<Command, { _tag: T }>;

export const DomainEvent = Schema.Union(SessionEvent, AccountEvent, UsersEvent, KpisEvent, NotificationsEvent, AccountingEvent, UploadsEvent, WarehouseEvent, IntegrationsEvent, QueryBuilderEvent, ForecastingEvent, PlanningEvent, ChartsEvent, CustomDashboardsEvent, InvestorReportingEvent, HoldingEvent, PortfolioEvent, CollaborationEvent, AlertsEvent, KpiAnalysisEvent, KpiSettingsEvent, CompanyEvent, CompanyProfileEvent, OkrsEvent, OkrInsightsEvent, OkrSchedulerEvent, LiquidityEvent, CopilotEvent);
export type DomainEvent = typeof DomainEvent.Type;
export type EventTag = DomainEvent["_tag"];
export type EventOf<T extends EventTag> = Extract<DomainEvent, { _tag: T }>;

export { EVENT_VERSIONS, versionOf } from "./versions";
