import {
  CONNECTOR_OFF,
  ConnectRequest,
  INTEGRATIONS_FORBIDDEN,
  IntegrationChange,
  IntegrationDetail,
  IntegrationsOverview,
  KPI_NOT_WRITABLE,
  PreviewRequest,
  PreviewResponse,
  ReconnectRequest,
  SummariesQuery,
  SummariesResponse,
  SyncStarted,
  type IntegrationKind,
} from "../../../contracts/integrations";
import { rerunWaitLeft, rerunWaitMessage } from "../../../domain/integrations/messages";
import { DEFAULT_SYNC_SCHEDULE } from "../../../domain/integrations/schedule";
import { CHOOSE_KPI, mapSourceRows, type TargetKpi } from "../../../domain/integrations/source-rows";
import type { TenantContext } from "../../db/tenancy";
import { badRequest, HttpError, notFound } from "../../platform/http/errors";
import { IdParams, needs, userRoute, type Reader } from "../../platform/http/route";
import type { AppServices } from "../../services";
import { connectionSealer, connectorEnabled, connectorsOf, openConnection, readSource, targetOf, UNREADABLE_CONNECTION } from "./integration-sources";
import { findIntegration, integrationDetail, integrationItems, lastRequestedAt, listIntegrations, runOf, runsOf, syncSubject, writableKpis, type IntegrationRow } from "./integration-store";
import { forgetSummaries, summariesByNames } from "./integration-summaries";
import { cancelRetries, INTEGRATION_SYNC_JOB, scheduleNextSync, type SyncJobData } from "./integration-sync";
import { PREVIEW_ROWS, SOURCE_LIMITS, SourceError } from "./source";
import { userNames } from "../../platform/people";

const MANAGE = needs("manage_data_integrations", { deniedDetail: INTEGRATIONS_FORBIDDEN, feature: "integration_dashboard" });

type InTenant = <T>(work: (context: TenantContext) => Promise<T>) => Promise<T>;

/**
 * Integrations (spec sections 2–4, 7–9), for people who may manage them: the overview, a
 * preview of what a connection and query would write, connect, change, reconnect, remove, sync
 * now (blocked for the rerun wait) and summaries by names. Reading a source happens between
 * transactions, never inside one. No answer carries a connection: they are stored sealed and only
 * described (user@host:port/database).
 */
export const integrationsRoutes = [
  userRoute({
    method: "GET",
    path: "/integrations/",
    summary: "The connectors this installation offers, the company's integrations, and the KPIs the caller may fill",
    access: MANAGE,
    response: IntegrationsOverview,
    handle: ({ services, reader, inTenant }) =>
      inTenant(async (context) => ({
        connectors: connectorsOf(services.config),
        integrations: await integrationItems(context, await listIntegrations(context)),
        writableKpis: (await writableKpis(context, reader)).map(({ id, key, name, unit }) => ({ id, key, name, unit })),
      })),
  }),

  userRoute({
    method: "GET",
    path: "/integrations/summaries/",
    summary: "Integration summaries by names (connected, needing attention, last sync), cached ten minutes",
    access: MANAGE,
    query: SummariesQuery,
    response: SummariesResponse,
    handle: ({ query, services, user, inTenant }) => summariesByNames(services, user.tenantId, query.names.split(","), inTenant),
  }),

  userRoute({
    method: "POST",
    path: "/integrations/preview/",
    summary: "Read a source with a query and show how its rows map to KPI values; nothing is written",
    access: MANAGE,
    body: PreviewRequest,
    response: PreviewResponse,
    handle: async ({ body, services, reader, inTenant }) => {
      const connection = body.integration !== undefined ? await storedConnection(inTenant, services, body.integration, body.kind) : body.connection;
      if (connection === undefined) throw badRequest({ connection: ["Enter the connection."] });
      return (await checkedSource(services, reader, inTenant, { kind: body.kind, connection, query: body.query ?? "", kpi: body.kpi ?? null })).preview;
    },
  }),

  userRoute({
    method: "POST",
    path: "/integrations/",
    summary: "Connect an integration: the connection is read once to check it, then stored sealed",
    access: MANAGE,
    body: ConnectRequest,
    response: IntegrationDetail,
    status: 201,
    handle: async ({ body, services, user, reader, inTenant }) => {
      const query = body.query ?? "";
      const kpi = body.kpi ?? null;
      const { target } = await checkedSource(services, reader, inTenant, { kind: body.kind, connection: body.connection, query, kpi }, { mustMap: true });
      const secret = connectionSealer(services.config).seal(body.connection);
      const detail = await inTenant(async (context) => {
        const created = await context.db
          .insertInto("integrations")
          .values({ tenant_id: context.tenantId, kind: body.kind, name: body.name.trim(), secret_sealed: secret, target, query, kpi_id: kpi, owner_id: user.userId, schedule: body.schedule ?? DEFAULT_SYNC_SCHEDULE })
          .returning("id")
          .executeTakeFirstOrThrow();
        await context.appendEvent({ type: "IntegrationConnected", payload: { integrationId: created.id, kind: body.kind, name: body.name.trim(), by: user.userId } });
        await scheduleNextSync(context, services, created.id);
        return integrationDetail(context, reader, (await findIntegration(context, created.id))!, null);
      });
      forgetSummaries(services, user.tenantId);
      return detail;
    },
  }),

  userRoute({
    method: "GET",
    path: "/integrations/{id}/",
    summary: "One integration with its sync log and what its last sync wrote",
    access: MANAGE,
    params: IdParams,
    response: IntegrationDetail,
    handle: ({ params, services, reader, inTenant }) =>
      inTenant(async (context) => {
        const row = await existing(context, params.id);
        return integrationDetail(context, reader, row, await rerunAt(context, services, row.id));
      }),
  }),

  userRoute({
    method: "PATCH",
    path: "/integrations/{id}/",
    summary: "Rename an integration or change its query and KPI (checked by reading the source again)",
    access: MANAGE,
    params: IdParams,
    body: IntegrationChange,
    response: IntegrationDetail,
    handle: async ({ params, body, services, user, reader, inTenant }) => {
      const current = await inTenant((context) => existing(context, params.id));
      const mappingChanged = (body.query !== undefined && body.query !== current.query) || (body.kpi !== undefined && body.kpi !== current.kpi_id);
      const query = body.query ?? current.query;
      const kpi = body.kpi === undefined ? current.kpi_id : body.kpi;
      if (mappingChanged) {
        const connection = await storedConnection(inTenant, services, current.id, current.kind);
        await checkedSource(services, reader, inTenant, { kind: current.kind, connection, query, kpi }, { mustMap: true });
      }
      const detail = await inTenant(async (context) => {
        await existing(context, current.id);
        // Whoever changes what it writes has set it up now: the sync writes with their permissions.
        await context.db
          .updateTable("integrations")
          .set({ name: body.name?.trim() ?? current.name, query, kpi_id: kpi, ...(mappingChanged ? { owner_id: user.userId } : {}), ...(body.schedule ? { schedule: body.schedule } : {}), updated_at: new Date() })
          .where("id", "=", current.id)
          .execute();
        // A new rhythm counts from now; an integration waiting for a new sign-in stays unscheduled.
        if (body.schedule && body.schedule !== current.schedule && current.status !== "needs_sign_in") await scheduleNextSync(context, services, current.id);
        await context.appendEvent({ type: "IntegrationChanged", payload: { integrationId: current.id, name: body.name?.trim() ?? current.name, by: user.userId } });
        const row = (await findIntegration(context, current.id))!;
        return integrationDetail(context, reader, row, await rerunAt(context, services, row.id));
      });
      forgetSummaries(services, user.tenantId);
      return detail;
    },
  }),

  userRoute({
    method: "PUT",
    path: "/integrations/{id}/connection/",
    summary: "Reconnect an integration with a new connection (new credentials), checked by reading it",
    access: MANAGE,
    params: IdParams,
    body: ReconnectRequest,
    response: IntegrationDetail,
    handle: async ({ params, body, services, user, reader, inTenant }) => {
      const current = await inTenant((context) => existing(context, params.id));
      const { target } = await checkedSource(services, reader, inTenant, { kind: current.kind, connection: body.connection, query: current.query, kpi: current.kpi_id }, { mustMap: true });
      const secret = connectionSealer(services.config).seal(body.connection);
      const detail = await inTenant(async (context) => {
        await existing(context, current.id);
        await context.db.updateTable("integrations").set({ secret_sealed: secret, target, status: "connected", owner_id: user.userId, updated_at: new Date() }).where("id", "=", current.id).execute();
        await context.appendEvent({ type: "IntegrationReconnected", payload: { integrationId: current.id, name: current.name, by: user.userId } });
        await scheduleNextSync(context, services, current.id);
        const row = (await findIntegration(context, current.id))!;
        return integrationDetail(context, reader, row, await rerunAt(context, services, row.id));
      });
      forgetSummaries(services, user.tenantId);
      return detail;
    },
  }),

  userRoute({
    method: "POST",
    path: "/integrations/{id}/sync/",
    summary: "Synchronize now, as a job; refused with the waiting time while the last sync is recent",
    access: MANAGE,
    params: IdParams,
    response: SyncStarted,
    status: 202,
    handle: ({ params, services, user, inTenant, reply }) =>
      inTenant(async (context) => {
        // The row lock makes two presses at once queue one run: the second sees the first's run.
        const row = await context.db.selectFrom("integrations").select(["id", "name"]).where("id", "=", params.id).forUpdate().executeTakeFirst();
        if (!row) throw notFound();
        const now = services.now?.() ?? new Date();
        const left = rerunWaitLeft(await lastRequestedAt(context, row.id), now);
        if (left > 0) {
          reply.header("retry-after", String(Math.ceil(left / 1000)));
          throw new HttpError(429, { detail: rerunWaitMessage(left) });
        }
        // A sync asked for now replaces a retry that waits.
        await cancelRetries(context, row.id);
        const { runId } = await services.jobs.enqueue<SyncJobData>(context, INTEGRATION_SYNC_JOB, { integrationId: row.id }, { subject: syncSubject(row.id), requestedBy: user.userId, runAt: now });
        await context.appendEvent({ type: "IntegrationSyncRequested", payload: { integrationId: row.id, name: row.name, runId, by: user.userId } });
        const run = (await runsOf(context, [row.id], 1)).get(row.id)![0]!;
        return { run: runOf(run, await userNames(context, [user.userId])) };
      }),
  }),
  userRoute({
    method: "DELETE",
    path: "/integrations/{id}/",
    summary: "Remove an integration: its connection is deleted; the values it synchronized stay",
    access: MANAGE,
    params: IdParams,
    status: 204,
    handle: async ({ params, services, user, inTenant }) => {
      await inTenant(async (context) => {
        const row = await existing(context, params.id);
        await context.db.deleteFrom("integrations").where("id", "=", row.id).execute();
        // Its waiting runs go with it; finished ones stay as the record of what it did.
        await context.db.deleteFrom("job_runs").where("subject", "=", syncSubject(row.id)).where("state", "=", "queued").execute();
        await context.appendEvent({ type: "IntegrationRemoved", payload: { integrationId: row.id, name: row.name, by: user.userId } });
      });
      forgetSummaries(services, user.tenantId);
    },
  }),
];

async function existing(context: TenantContext, id: number): Promise<IntegrationRow> {
  const row = await findIntegration(context, id);
  if (!row) throw notFound();
  return row;
}

async function rerunAt(context: TenantContext, services: AppServices, id: number): Promise<Date | null> {
  const now = services.now?.() ?? new Date();
  const left = rerunWaitLeft(await lastRequestedAt(context, id), now);
  return left > 0 ? new Date(now.getTime() + left) : null;
}

/** An integration's stored connection, opened (for a preview or a change without typing it again). */
async function storedConnection(inTenant: InTenant, services: AppServices, id: number, kind: IntegrationKind): Promise<string> {
  const sealed = await inTenant(({ db }) => db.selectFrom("integrations").select(["kind", "secret_sealed"]).where("id", "=", id).executeTakeFirst());
  if (!sealed) throw notFound();
  if (sealed.kind !== kind) throw badRequest({ kind: ["This integration uses another connector."] });
  const opened = openConnection(services, sealed.secret_sealed);
  if (opened === null) throw badRequest({ connection: [UNREADABLE_CONNECTION] });
  return opened;
}

/**
 * Reads the source as a preview would and maps its rows to the KPIs the caller may write. Bad input
 * (a connector that is off, a malformed connection, a host not allowed, a KPI the caller may not
 * write, a source that refuses or fails) is a 400 on its field; with `mustMap`, so is a result
 * that cannot be mapped at all. Row problems only show in the preview.
 */
async function checkedSource(
  services: AppServices,
  reader: Reader,
  inTenant: InTenant,
  input: { kind: IntegrationKind; connection: string; query: string; kpi: number | null },
  options: { mustMap?: boolean } = {},
) {
  if (!connectorEnabled(services.config, input.kind)) throw badRequest({ kind: [CONNECTOR_OFF] });
  const targets: (TargetKpi & { name: string })[] = await inTenant((context) => writableKpis(context, reader));
  if (input.kpi !== null && !targets.some((kpi) => kpi.id === input.kpi)) throw badRequest({ kpi: [KPI_NOT_WRITABLE] });
  let target: string;
  let source;
  try {
    target = targetOf(input.kind, input.connection);
    source = await readSource(services.config, input.kind, input.connection, input.query, { ...SOURCE_LIMITS, maxRows: PREVIEW_ROWS });
  } catch (error) {
    if (error instanceof SourceError) throw badRequest({ [error.field]: [error.message] });
    throw error;
  }
  const mapping = mapSourceRows(source, targets, input.kpi);
  if (!mapping.ok && options.mustMap) throw badRequest(mapping.message === CHOOSE_KPI ? { kpi: [CHOOSE_KPI] } : { query: [mapping.message] });
  const names = new Map(targets.map((kpi) => [kpi.id, kpi.name] as const));
  const problems = mapping.ok ? new Map(mapping.problems.map((problem) => [problem.row, problem.message] as const)) : new Map<number, string>();
  const values = mapping.ok ? mapping.values : [];
  let next = 0;
  const rows = source.rows.map((_, index) => {
    const row = index + 1;
    const problem = mapping.ok ? (problems.get(row) ?? null) : null;
    const kpiId = mapping.ok ? (mapping.rowKpis[index] ?? null) : null;
    const value = mapping.ok && problem === null ? values[next++] : undefined;
    return { row, month: value?.month ?? null, value: value?.value ?? null, kpi: kpiId === null ? null : { id: kpiId, name: names.get(kpiId) ?? "" }, problem };
  });
  return {
    target,
    preview: {
      columns: [...source.columns],
      rows,
      read: source.rows.length,
      truncated: source.truncated,
      values: values.length,
      problems: mapping.ok ? mapping.problems.length : 0,
      mappingError: mapping.ok ? null : mapping.message,
    },
  };
}
