import { Schema } from "@effect/schema";
import { RecordId, RequiredText, Text } from "./fields";
import { Sensitive } from "./sensitive";

/**
 * Integrations (/api/integrations/…): the connectors a company may use, its connected sources,
 * their synchronizations and logs. A connection (a connection string, an address with a token) is
 * sent in only and marked Sensitive: no answer, event or session log carries it back.
 */

export const IntegrationKind = Schema.Literal("postgresql", "csv-url");
export type IntegrationKind = typeof IntegrationKind.Type;
export const IntegrationStatus = Schema.Literal("connected", "needs_sign_in", "sync_error", "recalculating_error");
export const RunState = Schema.Literal("queued", "running", "succeeded", "failed");
/** How often an integration synchronizes by itself (domain/integrations/schedule.ts). */
export const SyncSchedule = Schema.Literal("hourly", "daily", "weekly");
export type SyncSchedule = typeof SyncSchedule.Type;

/** A connection string or an address as typed; never answered. */
const Connection = Sensitive(RequiredText(2000, "Enter the connection."));
const Query = Text(20_000);
const Name = RequiredText(100, "Give the integration a name.");

/** A catalogue entry and whether this installation lets it be used. */
export const ConnectorInfo = Schema.Struct({
  name: Schema.String,
  label: Schema.String,
  description: Schema.String,
  kind: Schema.Literal("connector", "wizard"),
  enabled: Schema.Boolean,
  /** Why it cannot be used, or what the operator allows. */
  note: Schema.NullOr(Schema.String),
});
export type ConnectorInfo = typeof ConnectorInfo.Type;

export const SyncRun = Schema.Struct({
  id: Schema.Number,
  state: RunState,
  queuedAt: Schema.String,
  startedAt: Schema.NullOr(Schema.String),
  finishedAt: Schema.NullOr(Schema.String),
  error: Schema.NullOr(Schema.String),
  /** Who asked for it; null for a scheduled one (or a user who is gone). */
  requestedBy: Schema.NullOr(Schema.String),
  /** 1 for a sync as asked or scheduled; 2, 3, … for its retries after a failure. */
  attempt: Schema.Number,
  log: Schema.Array(Schema.Struct({ at: Schema.String, message: Schema.String })),
});
export type SyncRun = typeof SyncRun.Type;

export const IntegrationItem = Schema.Struct({
  id: Schema.Number,
  kind: IntegrationKind,
  name: Schema.String,
  /** What may be shown of the connection: user@host:port/database, or the address without its query. */
  target: Schema.String,
  status: IntegrationStatus,
  statusText: Schema.String,
  owner: Schema.NullOr(Schema.String),
  lastRun: Schema.NullOr(SyncRun),
  nextSyncAt: Schema.NullOr(Schema.String),
  schedule: SyncSchedule,
  /** When a failed sync tries again by itself; null when no retry waits. */
  retryAt: Schema.NullOr(Schema.String),
});
export type IntegrationItem = typeof IntegrationItem.Type;

export const WritableKpi = Schema.Struct({ id: Schema.Number, key: Schema.String, name: Schema.String, unit: Schema.String });
export type WritableKpi = typeof WritableKpi.Type;

/** GET /api/integrations/ */
export const IntegrationsOverview = Schema.Struct({
  connectors: Schema.Array(ConnectorInfo),
  integrations: Schema.Array(IntegrationItem),
  /** The KPIs the caller may write: what a connection's values may go to. */
  writableKpis: Schema.Array(WritableKpi),
});
export type IntegrationsOverview = typeof IntegrationsOverview.Type;

/** GET /api/integrations/{id}/ */
export const IntegrationDetail = Schema.Struct({
  ...IntegrationItem.fields,
  query: Schema.String,
  kpi: Schema.NullOr(Schema.Struct({ id: Schema.Number, name: Schema.String })),
  runs: Schema.Array(SyncRun),
  /** What the last successful sync wrote, for the KPIs the caller may read. */
  values: Schema.Array(Schema.Struct({ kpi: Schema.Struct({ id: Schema.Number, name: Schema.String }), count: Schema.Number, first: Schema.String, last: Schema.String })),
  /** When "Sync now" is possible again; null: now. */
  rerunAt: Schema.NullOr(Schema.String),
});
export type IntegrationDetail = typeof IntegrationDetail.Type;

/** POST /api/integrations/preview/: a connection (new, or a stored one by id) and a query, read but nothing written. */
export const PreviewRequest = Schema.Struct({
  kind: IntegrationKind,
  connection: Schema.optional(Connection),
  /** Use this integration's stored connection (manage, without typing it again). */
  integration: Schema.optional(RecordId),
  query: Schema.optional(Query),
  kpi: Schema.optional(Schema.NullOr(RecordId)),
});

export const PreviewRow = Schema.Struct({
  row: Schema.Number,
  month: Schema.NullOr(Schema.String),
  value: Schema.NullOr(Schema.Number),
  kpi: Schema.NullOr(Schema.Struct({ id: Schema.Number, name: Schema.String })),
  problem: Schema.NullOr(Schema.String),
});

export const PreviewResponse = Schema.Struct({
  columns: Schema.Array(Schema.String),
  rows: Schema.Array(PreviewRow),
  /** Rows read for the preview (it reads at most PREVIEW_ROWS). */
  read: Schema.Number,
  truncated: Schema.Boolean,
  values: Schema.Number,
  problems: Schema.Number,
  /** The result as a whole cannot be mapped (columns missing, no KPI chosen); null when it can. */
  mappingError: Schema.NullOr(Schema.String),
});
export type PreviewResponse = typeof PreviewResponse.Type;

/** POST /api/integrations/ */
export const ConnectRequest = Schema.Struct({
  kind: IntegrationKind,
  name: Name,
  connection: Connection,
  query: Schema.optional(Query),
  kpi: Schema.optional(Schema.NullOr(RecordId)),
  /** Default: daily. */
  schedule: Schema.optional(SyncSchedule),
});

/** PATCH /api/integrations/{id}/ */
export const IntegrationChange = Schema.Struct({
  name: Schema.optional(Name),
  query: Schema.optional(Query),
  kpi: Schema.optional(Schema.NullOr(RecordId)),
  schedule: Schema.optional(SyncSchedule),
});

/** PUT /api/integrations/{id}/connection/: reconnect with new credentials. */
export const ReconnectRequest = Schema.Struct({ connection: Connection });

/** GET /api/integrations/summaries/?names=postgresql,csv-url */
export const SummariesQuery = Schema.Struct({
  names: Schema.String.pipe(
    Schema.filter((text) => /^[a-z0-9-]{1,40}(,[a-z0-9-]{1,40}){0,19}$/.test(text) || "must be integration names separated by commas, like postgresql,csv-url", {
      jsonSchema: { pattern: "^[a-z0-9-]{1,40}(,[a-z0-9-]{1,40}){0,19}$" },
    }),
  ),
});

export const IntegrationSummary = Schema.Struct({
  name: Schema.String,
  connected: Schema.Number,
  /** Connected integrations whose last sync failed or that need a new sign-in. */
  needAttention: Schema.Number,
  lastSyncAt: Schema.NullOr(Schema.String),
});
export type IntegrationSummary = typeof IntegrationSummary.Type;

export const SummariesResponse = Schema.Struct({ results: Schema.Record({ key: Schema.String, value: IntegrationSummary }) });

/** POST /api/integrations/{id}/sync/ (202) */
export const SyncStarted = Schema.Struct({ run: SyncRun });

export const INTEGRATIONS_FORBIDDEN = "You don't have permission to manage integrations.";
export const KPI_NOT_WRITABLE = "Choose a KPI you may write; calculated KPIs take no values.";
export const CONNECTOR_OFF = "This connector is not enabled on this installation.";
