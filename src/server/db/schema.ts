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
  registered_instances: RegisteredInstancesTable;
  group_permissions: GroupPermissionsTable;
  user_permissions: UserPermissionsTable;
  refresh_tokens: RefreshTokensTable;
  outbox_mails: OutboxMailsTable;
  password_reset_tokens: PasswordResetTokensTable;
  user_totp: UserTotpTable;
  auth_throttle: AuthThrottleTable;
  sso_links: SsoLinksTable;
  kpi_favorites: KpiFavoritesTable;
  user_settings: UserSettingsTable;
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
  position: Generated<number>;
  created_at: Timestamp;
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
}

export interface ForecastValuesTable {
  tenant_id: string;
  forecast_id: number;
  kpi_id: number;
  month: CalendarDate;
  value: number;
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
