import type { ColumnType, Generated, GeneratedAlways } from "kysely";

/** The tables as Kysely sees them; one interface per table, columns named as in SQL. */
export interface DatabaseSchema {
  installation: InstallationTable;
  tenants: TenantsTable;
  users: UsersTable;
  login_emails: LoginEmailsTable;
  groups: GroupsTable;
  user_groups: UserGroupsTable;
  event_counters: EventCountersTable;
  events: EventsTable;
  kpi_categories: KpiCategoriesTable;
  kpis: KpisTable;
  kpi_values: KpiValuesTable;
  fx_rates: FxRatesTable;
  fx_rate_values: FxRateValuesTable;
  forecasts: ForecastsTable;
  forecast_values: ForecastValuesTable;
  forecast_sheet_values: ForecastSheetValuesTable;
  registered_instances: RegisteredInstancesTable;
  group_permissions: GroupPermissionsTable;
  user_permissions: UserPermissionsTable;
  refresh_tokens: RefreshTokensTable;
  outbox_mails: OutboxMailsTable;
  password_reset_tokens: PasswordResetTokensTable;
  user_totp: UserTotpTable;
  auth_throttle: AuthThrottleTable;
  sign_in_failures: SignInFailuresTable;
  sign_in_trusted_addresses: SignInTrustedAddressesTable;
  sso_links: SsoLinksTable;
  kpi_favorites: KpiFavoritesTable;
  user_settings: UserSettingsTable;
  kpi_queries: KpiQueriesTable;
  accounting_setups: AccountingSetupsTable;
  accounting_statement_lines: AccountingStatementLinesTable;
  accounting_imports: AccountingImportsTable;
  accounting_accounts: AccountingAccountsTable;
  accounting_bookings: AccountingBookingsTable;
  accounting_open_positions: AccountingOpenPositionsTable;
  accounting_account_mappings: AccountingAccountMappingsTable;
  accounting_written_values: AccountingWrittenValuesTable;
  uploads: UploadsTable;
  upload_mappings: UploadMappingsTable;
  warehouse_deals: WarehouseDealsTable;
  warehouse_employees: WarehouseEmployeesTable;
  warehouse_products: WarehouseProductsTable;
  warehouse_sales_targets: WarehouseSalesTargetsTable;
  warehouse_uploads: WarehouseUploadsTable;
  warehouse_snapshots: WarehouseSnapshotsTable;
  warehouse_snapshot_deals: WarehouseSnapshotDealsTable;
  job_runs: JobRunsTable;
  integrations: IntegrationsTable;
  planning_versions: PlanningVersionsTable;
  planning_version_values: PlanningVersionValuesTable;
  custom_dashboards: CustomDashboardsTable;
  custom_dashboard_cards: CustomDashboardCardsTable;
  custom_dashboard_shares: CustomDashboardSharesTable;
  charts: ChartsTable;
  chart_kpis: ChartKpisTable;
  investor_reports: InvestorReportsTable;
  investor_report_sections: InvestorReportSectionsTable;
  investor_report_shares: InvestorReportSharesTable;
  investor_report_recipients: InvestorReportRecipientsTable;
  investor_report_attachments: InvestorReportAttachmentsTable;
  investor_report_templates: InvestorReportTemplatesTable;
  holding_links: HoldingLinksTable;
  holding_link_codes: HoldingLinkCodesTable;
  holding_fx_rates: HoldingFxRatesTable;
  user_notifications: UserNotificationsTable;
  kpi_comments: KpiCommentsTable;
  kpi_actions: KpiActionsTable;
  action_comments: ActionCommentsTable;
  kpi_alerts: KpiAlertsTable;
  kpi_alert_triggers: KpiAlertTriggersTable;
  kpi_glossary_entries: KpiGlossaryEntriesTable;
  kpi_responsibles: KpiResponsiblesTable;
  company_logos: CompanyLogosTable;
  org_units: OrgUnitsTable;
  org_unit_members: OrgUnitMembersTable;
  okr_status_options: OkrStatusOptionsTable;
  okr_objectives: OkrObjectivesTable;
  okr_objective_links: OkrObjectiveLinksTable;
  okr_objective_responsibles: OkrObjectiveResponsiblesTable;
  okr_key_results: OkrKeyResultsTable;
  okr_check_ins: OkrCheckInsTable;
  okr_milestones: OkrMilestonesTable;
  okr_external_tasks: OkrExternalTasksTable;
  okr_changes: OkrChangesTable;
  okr_user_settings: OkrUserSettingsTable;
  okr_scheduler_settings: OkrSchedulerSettingsTable;
  okr_scheduler_years: OkrSchedulerYearsTable;
  okr_scheduler_periods: OkrSchedulerPeriodsTable;
  okr_check_in_schedules: OkrCheckInSchedulesTable;
  okr_reminders_sent: OkrRemindersSentTable;
  liquidity_scenarios: LiquidityScenariosTable;
  liquidity_scenario_departments: LiquidityScenarioDepartmentsTable;
  liquidity_scenario_users: LiquidityScenarioUsersTable;
  liquidity_employees: LiquidityEmployeesTable;
  liquidity_salary_increases: LiquiditySalaryIncreasesTable;
  liquidity_expenses: LiquidityExpensesTable;
  liquidity_master_data: LiquidityMasterDataTable;
  copilot_settings: CopilotSettingsTable;
  copilot_conversations: CopilotConversationsTable;
  copilot_messages: CopilotMessagesTable;
  copilot_model_requests: CopilotModelRequestsTable;
}

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** Calendar dates travel as 'YYYY-MM-DD' strings on both engines (see database.ts). */
type CalendarDate = string;

export interface InstallationTable {
  key: string;
  value: ColumnType<unknown, string, string>;
  updated_at: Timestamp;
}

export type TenantKind = "company" | "investor" | "holding";
export type TwoFactorPolicy = "optional" | "mandatory";

export interface TenantsTable {
  id: Generated<string>;
  kind: TenantKind;
  name: string;
  fiscal_year_offset: Generated<number>;
  local_currency: Generated<string>;
  multi_currency: Generated<boolean>;
  features: ColumnType<Record<string, boolean>, string | undefined, string>;
  two_factor_policy: Generated<TwoFactorPolicy>;
  /** IANA time zone: when the company's alerts and reminders go out (migration 0027). */
  time_zone: Generated<string>;
  created_at: Timestamp;
}

export interface UsersTable {
  tenant_id: string;
  id: GeneratedAlways<number>;
  email: string;
  first_name: Generated<string>;
  last_name: Generated<string>;
  password_hash: string | null;
  is_staff: Generated<boolean>;
  is_superuser: Generated<boolean>;
  is_active: Generated<boolean>;
  created_at: Timestamp;
  last_login_at: Date | null;
  sessions_revoked_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

export interface LoginEmailsTable {
  email: string;
  tenant_id: string;
  user_id: number;
}

export interface GroupsTable {
  tenant_id: string;
  id: GeneratedAlways<number>;
  name: string;
}

export interface UserGroupsTable {
  tenant_id: string;
  user_id: number;
  group_id: number;
}

export interface EventCountersTable {
  tenant_id: string;
  last_seq: number;
}

export interface EventsTable {
  tenant_id: string;
  seq: number;
  type: string;
  version: number;
  payload: ColumnType<unknown, string, never>;
  actor: string;
  command_id: string | null;
  /** The browser tab a user's change came from (X-Meridian-Tab); read by the event stream only. */
  origin_tab: ColumnType<string | null, string | null | undefined, never>;
  occurred_at: ColumnType<Date, Date | string | undefined, never>;
}

export type KpiUnit = "number" | "percentage" | "currency" | "seconds" | "days" | "months" | "years" | "positions" | "binary";
export type AggregationType = "cum" | "ad" | "dd";
export type ReportingCadence =
  | "automated"
  | "weekly"
  | "bi-weekly"
  | "monthly"
  | "bi-monthly"
  | "quarterly"
  | "semi-annually"
  | "annually";
export type ValidationState = "validated" | "in_validation" | "unvalidated";

export interface KpiCategoriesTable {
  tenant_id: string;
  id: GeneratedAlways<number>;
  name: string;
  kind: Generated<"kpi" | "financial">;
  position: Generated<number>;
  is_complex: Generated<boolean>;
  flexible_columns_config: ColumnType<unknown[], string | undefined, string>;
  /** Added by the company (kpi-management): it may rename and delete it. */
  is_custom: Generated<boolean>;
}

export interface KpisTable {
  tenant_id: string;
  id: GeneratedAlways<number>;
  category_id: number;
  parent_id: number | null;
  key: string;
  name: string;
  description: Generated<string>;
  unit: KpiUnit;
  aggregation_type: AggregationType;
  higher_is_better: Generated<boolean>;
  sensitivity: Generated<number>;
  cadence: Generated<ReportingCadence>;
  validation_state: Generated<ValidationState>;
  benchmark_bottom25: number | null;
  benchmark_median50: number | null;
  benchmark_top25: number | null;
  benchmark_top5: number | null;
  formula: string | null;
  /** A calculated KPI whose period figures are its formula over its inputs' period figures (contracts PERIOD_RULES). */
  weighted_ratio: Generated<boolean>;
  override_forecasting: Generated<boolean>;
  position: Generated<number>;
  created_at: Timestamp;
  /** Added by the company (kpi-management): all its settings may change, and it may be deleted. */
  is_custom: Generated<boolean>;
}

export type ValueSeries = "actual" | "planning";

export interface KpiValuesTable {
  tenant_id: string;
  kpi_id: number;
  dimension_key: Generated<string>;
  series: ValueSeries;
  month: CalendarDate;
  value: number;
  updated_at: Timestamp;
}

export interface FxRatesTable {
  tenant_id: string;
  id: GeneratedAlways<number>;
  name: string;
  currency: string;
}

export interface FxRateValuesTable {
  tenant_id: string;
  fx_rate_id: number;
  valid_from: CalendarDate;
  rate: number;
}

export interface ForecastsTable {
  tenant_id: string;
  id: GeneratedAlways<number>;
  name: string;
  source: "meridian" | "spreadsheet";
  method: "linear_progression";
  is_system: Generated<boolean>;
  is_active: Generated<boolean>;
  actuals_from: CalendarDate;
  actuals_to: CalendarDate;
  forecast_from: CalendarDate;
  forecast_to: CalendarDate;
  created_at: Timestamp;
  category_id: number;
  created_by: ColumnType<number | null, number | null | undefined, number | null>;
  activated_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export interface ForecastValuesTable {
  tenant_id: string;
  forecast_id: number;
  kpi_id: number;
  month: CalendarDate;
  value: number;
  adjusted: Generated<boolean>;
}

export interface ForecastSheetValuesTable {
  tenant_id: string;
  kpi_id: number;
  month: CalendarDate;
  value: number;
  upload_id: number | null;
  updated_at: Timestamp;
}

export interface RegisteredInstancesTable {
  tenant_id: string;
  id: GeneratedAlways<number>;
  target_tenant_id: string;
  instance_name: string;
  frontend_url: Generated<string>;
  authorization_state: Generated<"requested" | "denied" | "authorized">;
  target_user_id: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface GroupPermissionsTable {
  tenant_id: string;
  group_id: number;
  permission: string;
}

export interface UserPermissionsTable {
  tenant_id: string;
  user_id: number;
  permission: string;
}

export interface RefreshTokensTable {
  tenant_id: string;
  id: Generated<string>;
  user_id: number;
  family_id: string;
  token_hash: string;
  created_at: Timestamp;
  idle_expires_at: Date;
  family_expires_at: Date;
  replaced_at: Date | null;
  revoked_at: Date | null;
  revoked_reason: string | null;
}

export interface OutboxMailsTable {
  tenant_id: string;
  id: GeneratedAlways<number>;
  to_address: string;
  subject: string;
  text_body: string;
  transport: "smtp" | "outbox";
  status: Generated<"pending" | "sent" | "stored" | "failed">;
  error: string | null;
  created_at: Timestamp;
  sent_at: Date | null;
  /** What the mail carried (file name, media type, bytes), never the files themselves (migration 0026). */
  attachments: ColumnType<readonly { fileName: string; mediaType: string; size: number }[], string | undefined, string>;
}

export interface PasswordResetTokensTable {
  tenant_id: string;
  id: GeneratedAlways<number>;
  user_id: number;
  token_hash: string;
  created_at: Timestamp;
  expires_at: Date;
  used_at: Date | null;
}

export interface UserTotpTable {
  tenant_id: string;
  user_id: number;
  secret_sealed: string;
  confirmed_at: Date | null;
  last_used_step: Generated<number>;
  created_at: Timestamp;
}

export interface AuthThrottleTable {
  key: string;
  window_start: Date;
  attempts: number;
}

/** One failed (or still running) sign-in; account and address are keyed hashes. */
export interface SignInFailuresTable {
  id: GeneratedAlways<number>;
  account: string;
  /** Whose budget it counts against: "untrusted", "device:<nonce>" or "address:<hash>". */
  source: string;
  address: string;
  failed_at: Date;
}

/** An address the account signed in from, and when it last did. */
export interface SignInTrustedAddressesTable {
  account: string;
  address: string;
  trusted_at: Date;
}

export interface SsoLinksTable {
  tenant_id: string;
  user_id: number;
  provider: string;
  subject: string;
  created_at: Timestamp;
}

/** A user's favorite KPIs, in their order (`position`). */
export interface KpiFavoritesTable {
  tenant_id: string;
  user_id: number;
  kpi_id: number;
  position: Generated<number>;
  created_at: Timestamp;
}

/** A user's app settings (contracts AppSettings), replaced as a whole. */
export interface UserSettingsTable {
  tenant_id: string;
  user_id: number;
  settings: ColumnType<Record<string, unknown>, string | undefined, string>;
  updated_at: Timestamp;
}

/** A query-builder query: SQL that computes one KPI's monthly actuals (migration 0011). */
export interface KpiQueriesTable {
  tenant_id: string;
  id: GeneratedAlways<number>;
  title: string;
  kpi_id: number;
  sql: string;
  status: Generated<"draft" | "active">;
  created_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  evaluated_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** Whose permissions the values were last calculated with; the nightly run acts as them. */
  evaluated_by: ColumnType<number | null, number | null | undefined, number | null>;
  /** Why the last nightly calculation failed; null after one that worked. */
  evaluation_error: ColumnType<string | null, string | null | undefined, string | null>;
}

/** The accounting import wizard's setup of a company (one row, made on first use). */
export interface AccountingSetupsTable {
  tenant_id: string;
  statement_category_id: number | null;
  status: Generated<"not_started" | "completed">;
  completed_at: Date | null;
  updated_at: Timestamp;
}

/** A KPI of the statement category that bookings feed, and whether it is an income or an expense line. */
export interface AccountingStatementLinesTable {
  tenant_id: string;
  kpi_id: number;
  side: "income" | "expense";
}

/** The company's one current accounting import and what it holds. */
export interface AccountingImportsTable {
  tenant_id: string;
  id: GeneratedAlways<number>;
  file_name: string;
  uploaded_by: number | null;
  uploaded_at: Timestamp;
  first_month: CalendarDate | null;
  last_month: CalendarDate | null;
  accounts: number;
  bookings: number;
  debtors: number;
  creditors: number;
}

export interface AccountingAccountsTable {
  tenant_id: string;
  import_id: number;
  number: string;
  name: string;
  type: "revenue" | "expense" | "asset" | "liability" | "equity";
}

export interface AccountingBookingsTable {
  tenant_id: string;
  import_id: number;
  /** The line in bookings.csv: a booking's identity within its import. */
  line: number;
  booking_date: CalendarDate;
  debit_account: string;
  credit_account: string;
  amount_cents: number;
  document_number: Generated<string>;
  text: Generated<string>;
}

export interface AccountingOpenPositionsTable {
  tenant_id: string;
  import_id: number;
  kind: "debtor" | "creditor";
  line: number;
  number: string;
  name: string;
  document_number: string;
  document_date: CalendarDate;
  due_date: CalendarDate | null;
  amount_cents: number;
}

/** An account's category by account number: a statement line's KPI, or null for "not part of the statement". */
export interface AccountingAccountMappingsTable {
  tenant_id: string;
  account_number: string;
  kpi_id: number | null;
}

/** A KPI month whose actual the last completed accounting setup wrote. */
export interface AccountingWrittenValuesTable {
  tenant_id: string;
  kpi_id: number;
  month: CalendarDate;
}

export type UploadTypeColumn = "reporting" | "planning" | "forecasting" | "dimensions" | "fx";

/** A checked upload (migration 0010): its problems and what its rows write, until imported or cancelled. */
export interface UploadsTable {
  tenant_id: string;
  id: GeneratedAlways<number>;
  user_id: number;
  type: UploadTypeColumn;
  file_name: string;
  status: Generated<"checked" | "imported">;
  state: "successful" | "contains warnings" | "partially successful with errors";
  layout: "months-as-columns" | "one-value-per-row";
  columns: ColumnType<unknown, string, string>;
  mapping: ColumnType<unknown, string, string>;
  problems: ColumnType<unknown, string, string>;
  checked_rows: ColumnType<unknown, string, string>;
  preview: ColumnType<unknown, string, string>;
  row_count: number;
  valid_row_count: number;
  value_count: number;
  unchanged_count: number;
  error_count: number;
  warning_count: number;
  forecast_id: number | null;
  forecast_targets: ColumnType<unknown, string | null | undefined, string | null>;
  imported_rows: "all" | "valid" | null;
  imported_value_count: number | null;
  created_at: Timestamp;
  imported_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

/** The header a person gave each column, per upload type: used again on their next upload. */
export interface UploadMappingsTable {
  tenant_id: string;
  user_id: number;
  type: UploadTypeColumn;
  mapping: ColumnType<unknown, string, string>;
  updated_at: Timestamp;
}

/** Raw deals as uploaded (domain/warehouse/records.ts Deal); owner and product by the file's ids. */
export interface WarehouseDealsTable {
  tenant_id: string;
  id: GeneratedAlways<number>;
  deal_key: string;
  name: Generated<string>;
  customer: Generated<string>;
  owner_key: string | null;
  product_key: string | null;
  stage: "lead" | "mql" | "sql" | "proposal" | "negotiation" | "won" | "lost" | null;
  amount: number | null;
  cost: number | null;
  recurring_months: number | null;
  created_on: CalendarDate;
  mql_on: CalendarDate | null;
  sql_on: CalendarDate | null;
  proposal_on: CalendarDate | null;
  negotiation_on: CalendarDate | null;
  expected_close_on: CalendarDate | null;
  closed_on: CalendarDate | null;
}

export interface WarehouseEmployeesTable {
  tenant_id: string;
  id: GeneratedAlways<number>;
  employee_key: string;
  name: string;
  department: string | null;
  hired_on: CalendarDate;
  left_on: CalendarDate | null;
  fte: Generated<number>;
}

export interface WarehouseProductsTable {
  tenant_id: string;
  id: GeneratedAlways<number>;
  product_key: string;
  name: string;
  category: string | null;
  price: number | null;
  unit_cost: number | null;
}

export interface WarehouseSalesTargetsTable {
  tenant_id: string;
  month: CalendarDate;
  amount: number;
}

export interface WarehouseUploadsTable {
  tenant_id: string;
  id: GeneratedAlways<number>;
  kind: "deals" | "employees" | "products" | "sales-targets";
  file_name: string;
  row_count: number;
  uploaded_by: number | null;
  uploaded_at: Timestamp;
}

export interface WarehouseSnapshotsTable {
  tenant_id: string;
  id: GeneratedAlways<number>;
  name: string;
  as_of: CalendarDate;
  taken_by: number | null;
  taken_at: Timestamp;
}

/** A snapshot's open deals as they were on its day. */
export interface WarehouseSnapshotDealsTable {
  tenant_id: string;
  snapshot_id: number;
  deal_key: string;
  name: string;
  stage: "lead" | "mql" | "sql" | "proposal" | "negotiation";
  amount: number;
  expected_close_on: CalendarDate | null;
}
export type JobRunState = "queued" | "running" | "succeeded" | "failed";

/** One run of a job (platform/jobs): its state, when, and its log lines as a screen shows them. */
export interface JobRunsTable {
  tenant_id: string;
  id: GeneratedAlways<number>;
  job: string;
  /** What the run is about, for lists of runs: "integration:12". */
  subject: Generated<string>;
  data: ColumnType<unknown, string | undefined, string>;
  state: Generated<JobRunState>;
  requested_by: number | null;
  queued_at: Timestamp;
  run_after: Timestamp;
  started_at: Date | null;
  finished_at: Date | null;
  error: string | null;
  log: ColumnType<{ at: string; message: string }[], string | undefined, string>;
  /** 1 for a first run; a retry of a failed run is the next attempt (0017). */
  attempt: Generated<number>;
}

export type IntegrationKind = "postgresql" | "csv-url";
export type SyncSchedule = "hourly" | "daily" | "weekly";
export type IntegrationStatus = "connected" | "needs_sign_in" | "sync_error" | "recalculating_error";

/** A connected source of a company; the connection itself only sealed (see 0013_integrations). */
export interface IntegrationsTable {
  tenant_id: string;
  id: GeneratedAlways<number>;
  kind: IntegrationKind;
  name: string;
  secret_sealed: string;
  /** What people may see of the connection: host, port, database and user, never a password. */
  target: string;
  query: Generated<string>;
  kpi_id: number | null;
  status: Generated<IntegrationStatus>;
  /** Who set it up: the sync writes only KPIs this person may write. */
  owner_id: number;
  next_sync_at: Date | null;
  /** How often it synchronizes by itself (0017). */
  schedule: Generated<SyncSchedule>;
  /** What the last successful sync wrote, per KPI: how many months, the first and last. */
  last_written: ColumnType<{ kpiId: number; count: number; first: string; last: string }[], string | undefined, string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A fiscal year's working plan kept under a name (0015_planning_versions). */
export interface PlanningVersionsTable {
  tenant_id: string;
  id: GeneratedAlways<number>;
  name: string;
  fiscal_year_start: CalendarDate;
  value_count: number;
  created_by: number | null;
  created_at: Timestamp;
}

/** A planning version's copy of one planning value. */
export interface PlanningVersionValuesTable {
  tenant_id: string;
  version_id: number;
  kpi_id: number;
  month: CalendarDate;
  value: number;
}

/** A custom dashboard (0019_custom_dashboards): `revision` grows with every change. */
export interface CustomDashboardsTable {
  tenant_id: string;
  id: GeneratedAlways<number>;
  name: string;
  kind: "grid" | "canvas";
  locked: Generated<boolean>;
  owner_id: number;
  position: Generated<number>;
  revision: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A card of a custom dashboard; `content` is the contract's CardContent, the KPI it names generated from it. */
export interface CustomDashboardCardsTable {
  tenant_id: string;
  id: GeneratedAlways<number>;
  dashboard_id: number;
  title: Generated<string>;
  content: ColumnType<unknown, string, string>;
  card_type: GeneratedAlways<string>;
  kpi_id: GeneratedAlways<number | null>;
  position: number;
  layout_x: number;
  layout_y: number;
  layout_w: number;
  layout_h: number;
}

/** A user a custom dashboard is shared with: view, or view and edit. */
export interface CustomDashboardSharesTable {
  tenant_id: string;
  dashboard_id: number;
  user_id: number;
  can_edit: Generated<boolean>;
}

/** A saved chart of the chart builder (0020_charts): its settings as contracts ChartSettings. */
export interface ChartsTable {
  tenant_id: string;
  id: GeneratedAlways<number>;
  name: string;
  settings: ColumnType<unknown, string, string>;
  created_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A KPI a saved chart draws, at its place in the chart's order. */
export interface ChartKpisTable {
  tenant_id: string;
  chart_id: number;
  kpi_id: number;
  position: number;
}

/** An investor report (0022_investor_reports): `frozen_data` is set exactly when it is past draft. */
export interface InvestorReportsTable {
  tenant_id: string;
  id: GeneratedAlways<number>;
  name: string;
  status: Generated<"draft" | "approved" | "sent">;
  is_visible: Generated<boolean>;
  end_date: CalendarDate;
  owner_id: number | null;
  frozen_data: ColumnType<unknown, string | null | undefined, string | null>;
  approved_by: number | null;
  approved_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  sent_by: number | null;
  sent_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A section of an investor report: its settings and (text sections) content as the contract's shapes. */
export interface InvestorReportSectionsTable {
  tenant_id: string;
  id: GeneratedAlways<number>;
  report_id: number;
  name: string;
  slug: string;
  variant: string;
  selected_view: Generated<"actual_comparison" | "flexible_columns">;
  position: number;
  settings: ColumnType<unknown, string, string>;
  content: ColumnType<unknown, string | null, string | null>;
}

/** A reader an investor report is shared with. */
export interface InvestorReportSharesTable {
  tenant_id: string;
  report_id: number;
  user_id: number;
}

/** A recipient of an investor report; `link_hash` is the SHA-256 of their personal link's secret. */
export interface InvestorReportRecipientsTable {
  tenant_id: string;
  id: GeneratedAlways<number>;
  report_id: number;
  email: string;
  name: Generated<string>;
  link_hash: string | null;
  last_sent_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  first_opened_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  last_opened_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  open_count: Generated<number>;
}

/** A file attached to an investor report, its bytes kept in the row. */
export interface InvestorReportAttachmentsTable {
  tenant_id: string;
  id: GeneratedAlways<number>;
  report_id: number;
  file_name: string;
  media_type: string;
  size: number;
  bytes: ColumnType<Uint8Array, Uint8Array, Uint8Array>;
  uploaded_by: number | null;
  created_at: Timestamp;
}

/** A company's saved report schema: sections (name, variant, view, settings) without data. */
export interface InvestorReportTemplatesTable {
  tenant_id: string;
  id: GeneratedAlways<number>;
  name: string;
  sections: ColumnType<unknown, string, string>;
  created_by: number | null;
  created_at: Timestamp;
}

export type HoldingLinkState = "requested" | "denied" | "authorized";

/** In a subsidiary's tenant: a holding's request to roll it up, and the subsidiary's decision (migration 0024). */
export interface HoldingLinksTable {
  tenant_id: string;
  id: GeneratedAlways<number>;
  holding_tenant_id: string;
  holding_name: string;
  state: Generated<HoldingLinkState>;
  requested_at: Timestamp;
  decided_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  decided_by: ColumnType<number | null, number | null | undefined, number | null>;
}

/** In a subsidiary's tenant: a one-time code a holding asks with, stored as its SHA-256. */
export interface HoldingLinkCodesTable {
  tenant_id: string;
  id: GeneratedAlways<number>;
  code_hash: string;
  expires_at: ColumnType<Date, Date | string, Date | string>;
  used_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_by: number | null;
  created_at: Timestamp;
}

/** In a holding's tenant: its monthly rates, units of its currency for one unit of `currency`. */
export interface HoldingFxRatesTable {
  tenant_id: string;
  currency: string;
  month: CalendarDate;
  average_rate: number;
  month_end_rate: number;
}

export interface UserNotificationsTable {
  tenant_id: string;
  id: GeneratedAlways<number>;
  user_id: number;
  kind: string;
  title: string;
  body: Generated<string>;
  link: string | null;
  created_at: Timestamp;
  read_at: Date | null;
}

/** A comment on a KPI or one of its months (migration 0028). */
export interface KpiCommentsTable {
  tenant_id: string;
  id: GeneratedAlways<number>;
  kpi_id: number;
  month: CalendarDate | null;
  author_id: number;
  text: string;
  pinned_at: Date | null;
  created_at: Timestamp;
  edited_at: Date | null;
}

export type ActionStatusColumn = "open" | "in_progress" | "done";

/** An owned piece of work about a KPI, usually made from a comment (migration 0028). */
export interface KpiActionsTable {
  tenant_id: string;
  id: GeneratedAlways<number>;
  kpi_id: number;
  comment_id: number | null;
  title: string;
  assigned_user_id: number;
  status: Generated<ActionStatusColumn>;
  due_date: CalendarDate | null;
  created_by: number;
  created_at: Timestamp;
  updated_at: Timestamp;
  done_at: Date | null;
}

/** A comment in an action's thread (migration 0028). */
export interface ActionCommentsTable {
  tenant_id: string;
  id: GeneratedAlways<number>;
  action_id: number;
  author_id: number;
  text: string;
  created_at: Timestamp;
}

/** A person's alert on a KPI (migration 0029): boundaries or a percentage change, checked at the frequency's send times. */
export interface KpiAlertsTable {
  tenant_id: string;
  id: GeneratedAlways<number>;
  user_id: number;
  kpi_id: number;
  kind: "boundary" | "change";
  lower_bound: number | null;
  upper_bound: number | null;
  change_basis: "previous_period" | "plan" | null;
  change_direction: "up" | "down" | "either" | null;
  change_percent: number | null;
  minimum_baseline: Generated<number>;
  month_offset: number;
  frequency: "daily" | "weekly" | "monthly";
  paused: Generated<boolean>;
  last_checked_at: Date | null;
  last_check_note: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** An alert fired in a period (once: unique alert and period); the alert's history. */
export interface KpiAlertTriggersTable {
  tenant_id: string;
  id: GeneratedAlways<number>;
  alert_id: number;
  period: string;
  kpi_month: CalendarDate;
  value: number;
  baseline: number | null;
  reason: string;
  triggered_at: Timestamp;
}

/** A KPI's glossary entry (issue 15): draft until an administrator approves it. */
export interface KpiGlossaryEntriesTable {
  tenant_id: string;
  kpi_id: number;
  definition: string;
  formula_in_words: Generated<string>;
  source: Generated<string>;
  owner_id: number | null;
  state: Generated<"draft" | "approved">;
  updated_at: Timestamp;
  updated_by: number | null;
  approved_at: Timestamp | null;
  approved_by: number | null;
}

/** The people who answer for a KPI (spec "responsibles"). */
export interface KpiResponsiblesTable {
  tenant_id: string;
  kpi_id: number;
  user_id: number;
}

/** A company's logo for one theme (migration 0033): a sniffed PNG or JPEG with its pixel size. */
export interface CompanyLogosTable {
  tenant_id: string;
  theme: "light" | "dark";
  file_name: string;
  media_type: "image/png" | "image/jpeg";
  size: number;
  width: number;
  height: number;
  bytes: ColumnType<Uint8Array, Uint8Array, Uint8Array>;
  uploaded_by: number | null;
  updated_at: Timestamp;
}

/** A department (no parent) or a team (its department as parent) of the organizational structure. */
export interface OrgUnitsTable {
  tenant_id: string;
  id: GeneratedAlways<number>;
  kind: "department" | "team";
  parent_id: number | null;
  name: string;
  lead_user_id: number | null;
  created_at: Timestamp;
}

export interface OrgUnitMembersTable {
  tenant_id: string;
  unit_id: number;
  user_id: number;
}

// OKRs (issue 16, migration 0034).
export type OkrLevel = "corporate" | "team" | "employee";

export interface OkrStatusOptionsTable {
  tenant_id: string;
  id: GeneratedAlways<number>;
  name: string;
  color: string;
  position: Generated<number>;
}

export interface OkrObjectivesTable {
  tenant_id: string;
  id: GeneratedAlways<number>;
  level: OkrLevel;
  category_id: number | null;
  owner_user_id: number | null;
  title: string;
  description: Generated<string>;
  starts_on: CalendarDate;
  ends_on: CalendarDate;
  position: Generated<number>;
  status_id: number | null;
  created_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface OkrObjectiveLinksTable {
  tenant_id: string;
  objective_id: number;
  parent_id: number;
}

export interface OkrObjectiveResponsiblesTable {
  tenant_id: string;
  objective_id: number;
  user_id: number;
}

export interface OkrKeyResultsTable {
  tenant_id: string;
  id: GeneratedAlways<number>;
  objective_id: number;
  title: string;
  direction: "increasing" | "decreasing" | "binary";
  unit: Generated<string>;
  start_value: Generated<number>;
  target_value: number;
  actual_value: number | null;
  kpi_id: number | null;
  responsible_user_id: number | null;
  status_id: number | null;
  position: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface OkrCheckInsTable {
  tenant_id: string;
  id: GeneratedAlways<number>;
  key_result_id: number;
  author_user_id: number | null;
  value: number | null;
  confidence: number;
  comment: Generated<string>;
  created_at: Timestamp;
}

export interface OkrMilestonesTable {
  tenant_id: string;
  id: GeneratedAlways<number>;
  objective_id: number;
  title: string;
  due_on: CalendarDate | null;
  done_at: Date | null;
  responsible_user_id: number | null;
  position: Generated<number>;
}

export interface OkrExternalTasksTable {
  tenant_id: string;
  id: GeneratedAlways<number>;
  origin: string;
  project: string;
  external_id: string;
  title: string;
  url: string | null;
  status: Generated<string>;
  meta: ColumnType<unknown, string | undefined, string>;
  objective_id: number | null;
  key_result_id: number | null;
  updated_at: Timestamp;
}

export interface OkrChangesTable {
  tenant_id: string;
  id: GeneratedAlways<number>;
  at: Timestamp;
  user_id: number | null;
  action_type: "created" | "updated" | "deleted" | "moved" | "copied" | "checked_in";
  item_type: "objective" | "key_result" | "milestone";
  item_id: number;
  item_title: string;
  objective_id: number;
  level: OkrLevel;
  category_id: number | null;
  owner_user_id: number | null;
  details: ColumnType<unknown, string | undefined, never>;
}

export interface OkrUserSettingsTable {
  tenant_id: string;
  user_id: number;
  list_columns: ColumnType<unknown, string | null, string | null>;
}

// ── OKR scheduler (migration 0035) ──────────────────────────────────────────
export type OkrPeriodSplit = "quarters" | "trimesters" | "halves";
export type OkrCadence = "weekly" | "biweekly" | "monthly";

export interface OkrSchedulerSettingsTable {
  tenant_id: string;
  split: Generated<OkrPeriodSplit>;
  draft_lead_days: Generated<number>;
  set_days: Generated<number>;
  review_lead_days: Generated<number>;
  default_cadence: Generated<OkrCadence>;
  default_weekday: Generated<number>;
  default_day_of_month: Generated<number>;
  default_time: Generated<string>;
  phase_reminders: Generated<boolean>;
  updated_at: Timestamp;
}

export interface OkrSchedulerYearsTable {
  tenant_id: string;
  year: number;
  split: OkrPeriodSplit;
  created_at: Timestamp;
}

export interface OkrSchedulerPeriodsTable {
  tenant_id: string;
  id: GeneratedAlways<number>;
  year: number;
  number: number;
  name: string;
  starts_on: CalendarDate;
  ends_on: CalendarDate;
  draft_on: CalendarDate;
  set_on: CalendarDate;
  review_on: CalendarDate;
  updated_at: Timestamp;
}

export interface OkrCheckInSchedulesTable {
  tenant_id: string;
  id: GeneratedAlways<number>;
  level: OkrLevel;
  cadence: OkrCadence;
  weekday: number;
  day_of_month: number;
  time: string;
  enabled: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface OkrRemindersSentTable {
  tenant_id: string;
  id: GeneratedAlways<number>;
  reminder_key: string;
  kind: "check_in" | "draft" | "set" | "review";
  level: OkrLevel | null;
  title: string;
  due_on: CalendarDate;
  user_id: number;
  sent_at: Timestamp;
}

// ── Liquidity planning (migration 0036) ─────────────────────────────────────
/** numeric columns: a string on PostgreSQL (read them with Number), a number going in. */
type Numeric = ColumnType<string | number, number | string, number | string>;

export interface LiquidityScenariosTable {
  tenant_id: string;
  id: GeneratedAlways<number>;
  name: string;
  author_id: number | null;
  status: Generated<"draft" | "approved">;
  approved_at: Date | null;
  approved_by: number | null;
  parent_id: number | null;
  merged_from: ColumnType<number[], number[] | undefined, number[]>;
  start_month: CalendarDate;
  months: number;
  revenue_kpi_id: number | null;
  cash_kpi_id: number | null;
  payment_delay_days: number;
  revenue_vat_rate: Numeric;
  vat_settlement: "monthly" | "quarterly" | "none";
  employer_cost_rate: Numeric;
  full_time_hours: Numeric;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface LiquidityScenarioDepartmentsTable {
  tenant_id: string;
  scenario_id: number;
  department_id: number;
}

export interface LiquidityScenarioUsersTable {
  tenant_id: string;
  scenario_id: number;
  user_id: number;
  access: "read" | "write";
}

export interface LiquidityEmployeesTable {
  tenant_id: string;
  id: GeneratedAlways<number>;
  scenario_id: number;
  employee_id: string | null;
  full_name: string;
  employment_type: "full_time" | "part_time" | "working_student" | "intern" | "freelancer";
  department_id: number | null;
  role: Generated<string>;
  weekly_hours: Numeric;
  fix_salary: Numeric;
  hire_date: CalendarDate | null;
  termination_date: CalendarDate | null;
  cost_center: Generated<string>;
  open_position: Generated<boolean>;
  employer_cost_rate: Numeric | null;
  position: Generated<number>;
}

export interface LiquiditySalaryIncreasesTable {
  tenant_id: string;
  employee_row_id: number;
  effective_from: CalendarDate;
  annual_salary: Numeric;
}

export interface LiquidityExpensesTable {
  tenant_id: string;
  id: GeneratedAlways<number>;
  scenario_id: number;
  kind: "contract" | "transaction";
  account: string;
  vendor: Generated<string>;
  cost_driver: Generated<string>;
  start_date: CalendarDate;
  end_date: CalendarDate | null;
  amount: Numeric;
  cost_center: Generated<string>;
  frequency: "daily" | "weekly" | "bi-weekly" | "monthly" | "quarterly" | "yearly";
  vat_rate: Numeric;
  seeded: Generated<boolean>;
}

export interface LiquidityMasterDataTable {
  tenant_id: string;
  import_id: number | null;
  seeded_at: Date | null;
  error: string | null;
  updated_at: Timestamp;
}

/** The copilot (migration 0037): a company's settings; absent until first changed (the defaults apply). */
export interface CopilotSettingsTable {
  tenant_id: string;
  base_url: string | null;
  model: string | null;
  api_key_sealed: string | null;
  monthly_token_budget: Generated<number>;
  warning_threshold: Generated<number>;
  dpa_accepted_at: Date | null;
  dpa_accepted_by: number | null;
  dpa_accepted_by_name: string | null;
  updated_at: Timestamp;
}

export interface CopilotConversationsTable {
  tenant_id: string;
  id: GeneratedAlways<number>;
  owner_user_id: number;
  /** Null until given or named by the first question. */
  title: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface CopilotMessagesTable {
  tenant_id: string;
  id: GeneratedAlways<number>;
  conversation_id: number;
  role: "user" | "assistant";
  content: string;
  citations: ColumnType<unknown[], string | undefined, string>;
  blocks: ColumnType<unknown[], string | undefined, string>;
  tool_calls: ColumnType<unknown[], string | undefined, string>;
  model: string | null;
  snapshot: ColumnType<unknown | null, string | null | undefined, string | null>;
  created_at: Timestamp;
}

/** One request to an external model: what was sent and what it cost, in the company month (YYYY-MM). */
export interface CopilotModelRequestsTable {
  tenant_id: string;
  id: GeneratedAlways<number>;
  user_id: number | null;
  user_name: string;
  month: string;
  model: string;
  base_url: string;
  prompt_tokens: Generated<number>;
  completion_tokens: Generated<number>;
  sent: string;
  ok: boolean;
  created_at: Timestamp;
}
