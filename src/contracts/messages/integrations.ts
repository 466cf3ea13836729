import { Schema } from "@effect/schema";
import { IntegrationDetail, IntegrationKind, IntegrationsOverview, IntegrationSummary, PreviewResponse, SyncRun, SyncSchedule } from "../integrations";
import { Sensitive } from "../sensitive";

/**
 * Integrations (/integration/{viewName?}): the overview, the connect view with its preview, the
 * manage view with its sync log. A connection typed into a form is Sensitive: the session log
 * keeps the command without it.
 */

const FieldMessages = Schema.Record({ key: Schema.String, value: Schema.Array(Schema.String) });
const Connection = Sensitive(Schema.String);

// ── commands ────────────────────────────────────────────────────────────────
export class LoadIntegrations extends Schema.TaggedStruct("LoadIntegrations", {}) {}
export class LoadIntegration extends Schema.TaggedStruct("LoadIntegration", { id: Schema.Number }) {}
export class LoadIntegrationSummaries extends Schema.TaggedStruct("LoadIntegrationSummaries", { names: Schema.Array(Schema.String) }) {}
/** Reads the source and shows how its rows map, writing nothing: a typed connection, or an integration's stored one. */
export class PreviewIntegration extends Schema.TaggedStruct("PreviewIntegration", {
  kind: IntegrationKind,
  connection: Schema.NullOr(Connection),
  integrationId: Schema.NullOr(Schema.Number),
  query: Schema.String,
  kpi: Schema.NullOr(Schema.Number),
}) {}
export class ConnectIntegration extends Schema.TaggedStruct("ConnectIntegration", {
  kind: IntegrationKind,
  name: Schema.String,
  connection: Connection,
  query: Schema.String,
  kpi: Schema.NullOr(Schema.Number),
  schedule: SyncSchedule,
}) {}
export class ChangeIntegration extends Schema.TaggedStruct("ChangeIntegration", {
  id: Schema.Number,
  name: Schema.String,
  query: Schema.String,
  kpi: Schema.NullOr(Schema.Number),
  schedule: SyncSchedule,
}) {}
export class ReconnectIntegration extends Schema.TaggedStruct("ReconnectIntegration", { id: Schema.Number, connection: Connection }) {}
export class RemoveIntegration extends Schema.TaggedStruct("RemoveIntegration", { id: Schema.Number, name: Schema.String }) {}
export class SyncIntegration extends Schema.TaggedStruct("SyncIntegration", { id: Schema.Number }) {}
/** Forgets the last preview (the form's inputs changed, or it was left). */
export class DiscardIntegrationPreview extends Schema.TaggedStruct("DiscardIntegrationPreview", {}) {}

export const IntegrationsCommand = Schema.Union(
  LoadIntegrations,
  LoadIntegration,
  LoadIntegrationSummaries,
  PreviewIntegration,
  ConnectIntegration,
  ChangeIntegration,
  ReconnectIntegration,
  RemoveIntegration,
  SyncIntegration,
  DiscardIntegrationPreview,
);

// ── events ──────────────────────────────────────────────────────────────────
export class IntegrationsLoadStarted extends Schema.TaggedStruct("IntegrationsLoadStarted", {}) {}
export class IntegrationsLoaded extends Schema.TaggedStruct("IntegrationsLoaded", { overview: IntegrationsOverview }) {}
export class IntegrationsLoadFailed extends Schema.TaggedStruct("IntegrationsLoadFailed", { message: Schema.String }) {}
export class IntegrationLoadStarted extends Schema.TaggedStruct("IntegrationLoadStarted", { id: Schema.Number }) {}
export class IntegrationLoaded extends Schema.TaggedStruct("IntegrationLoaded", { integration: IntegrationDetail }) {}
export class IntegrationLoadFailed extends Schema.TaggedStruct("IntegrationLoadFailed", { id: Schema.Number, message: Schema.String, notFound: Schema.Boolean }) {}
export class IntegrationSummariesLoaded extends Schema.TaggedStruct("IntegrationSummariesLoaded", { summaries: Schema.Array(IntegrationSummary) }) {}
export class IntegrationPreviewStarted extends Schema.TaggedStruct("IntegrationPreviewStarted", {}) {}
export class IntegrationPreviewed extends Schema.TaggedStruct("IntegrationPreviewed", { preview: PreviewResponse }) {}
export class IntegrationPreviewFailed extends Schema.TaggedStruct("IntegrationPreviewFailed", { message: Schema.String, fields: FieldMessages }) {}
export class IntegrationPreviewDiscarded extends Schema.TaggedStruct("IntegrationPreviewDiscarded", {}) {}
/** Connected, changed or reconnected: the integration as it now is. */
export class IntegrationSaved extends Schema.TaggedStruct("IntegrationSaved", { integration: IntegrationDetail, created: Schema.Boolean }) {}
export class IntegrationRemoved extends Schema.TaggedStruct("IntegrationRemoved", { id: Schema.Number }) {}
export class IntegrationSyncStarted extends Schema.TaggedStruct("IntegrationSyncStarted", { id: Schema.Number }) {}
export class IntegrationSyncQueued extends Schema.TaggedStruct("IntegrationSyncQueued", { id: Schema.Number, run: SyncRun }) {}
/** The rerun wait: the server's message, shown where the button is. */
export class IntegrationSyncRefused extends Schema.TaggedStruct("IntegrationSyncRefused", { id: Schema.Number, message: Schema.String }) {}
export class IntegrationActionFailed extends Schema.TaggedStruct("IntegrationActionFailed", { action: Schema.String, message: Schema.String, fields: FieldMessages }) {}

export const IntegrationsEvent = Schema.Union(
  IntegrationsLoadStarted,
  IntegrationsLoaded,
  IntegrationsLoadFailed,
  IntegrationLoadStarted,
  IntegrationLoaded,
  IntegrationLoadFailed,
  IntegrationSummariesLoaded,
  IntegrationPreviewStarted,
  IntegrationPreviewed,
  IntegrationPreviewFailed,
  IntegrationPreviewDiscarded,
  IntegrationSaved,
  IntegrationRemoved,
  IntegrationSyncStarted,
  IntegrationSyncQueued,
  IntegrationSyncRefused,
  IntegrationActionFailed,
);
