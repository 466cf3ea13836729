import {
  Activated,
  DEACTIVATE_BEFORE_DELETE,
  Deactivation,
  EVALUATION_FAILED_WARNING,
  NewQuery,
  QB_VIEWS,
  QbColumns,
  QUERY_ALREADY_ACTIVE,
  QUERY_NOT_ACTIVE,
  QueryChange,
  QueryDetail,
  QueryList,
  RUN_PROBLEM,
  RunRequest,
  RunResult,
  SavedQuery,
} from "../../../contracts/query-builder";
import { badRequest, HttpError } from "../../platform/http/errors";
import { IdParams, needs, userRoute, type UserCall } from "../../platform/http/route";
import { evaluateQuery, previewQuery } from "./evaluate-query";
import { checkQuery } from "./parse-query";
import { scheduleNightly } from "./query-recalculation";
import { changeableQuery, deleteHistory, findQuery, listQueries, readableStoredKpi, runLevelFor, storeHistory, targetKpi } from "./query-service";

/** Query builder detail (spec section 6): can_build_kpis, by group or as a per-user grant. */
const BUILD_KPIS = needs("can_build_kpis", { feature: "query_builder" });

const CHANGED_WHILE_RUNNING = "The query changed while it ran; run it again.";

/**
 * The query builder (spec section 7: GET /qb/queries/; GET, POST, DELETE /qb/query/): queries
 * that compute one KPI's monthly values. SQL is checked before it is saved or run (parse-query.ts)
 * and runs outside the tenant transaction (run-query.ts), so every change that follows a run is a
 * transaction of its own that checks the query is still what ran.
 */
export const queryBuilderRoutes = [
  userRoute({
    method: "GET",
    path: "/qb/queries/",
    summary: "The company's queries whose KPI the caller may read, newest change first",
    access: BUILD_KPIS,
    response: QueryList,
    handle: ({ reader, inTenant }) => inTenant(async (context) => ({ queries: await listQueries(context, reader) })),
  }),

  userRoute({
    method: "GET",
    path: "/qb/columns/",
    summary: "The views a query can read, with their columns (the editor's column list)",
    access: BUILD_KPIS,
    response: QbColumns,
    handle: () => ({ views: QB_VIEWS }),
  }),

  userRoute({
    method: "GET",
    path: "/qb/query/{id}/",
    summary: "A query with its SQL",
    access: BUILD_KPIS,
    params: IdParams,
    response: QueryDetail,
    handle: ({ params: { id }, reader, inTenant }) => inTenant((context) => findQuery(context, reader, id)),
  }),

  userRoute({
    method: "POST",
    path: "/qb/query/",
    summary: "Save a new query (a draft) for a KPI",
    description: "The SQL must be one SELECT over the qb views that the query builder allows; the KPI must store its values and have no query yet.",
    access: BUILD_KPIS,
    body: NewQuery,
    response: SavedQuery,
    status: 201,
    handle: async ({ body, reader, user, inTenant }) => {
      await checkQuery(body.sql);
      return inTenant(async (context) => {
        await targetKpi(context, reader, body.kpi, null);
        const { id } = await context.db
          .insertInto("kpi_queries")
          .values({ tenant_id: context.tenantId, title: body.title.trim(), kpi_id: body.kpi, sql: body.sql, created_by: user.userId })
          .returning("id")
          .executeTakeFirstOrThrow();
        await context.appendEvent({ type: "QueryCreated", payload: { queryId: id, kpiId: body.kpi } });
        return { query: await findQuery(context, reader, id), warning: null };
      });
    },
  }),

  userRoute({
    method: "PUT",
    path: "/qb/query/{id}/",
    summary: "Change a query's title, KPI or SQL; an active query's KPI values are calculated again",
    description: "When an active query's new SQL cannot calculate the values, the change is saved and the answer carries a warning; the KPI keeps its values.",
    access: BUILD_KPIS,
    params: IdParams,
    body: QueryChange,
    response: SavedQuery,
    handle: async (call) => saveQuery(call),
  }),

  userRoute({
    method: "DELETE",
    path: "/qb/query/{id}/",
    summary: "Delete a draft query",
    access: BUILD_KPIS,
    params: IdParams,
    status: 204,
    handle: ({ params: { id }, reader, inTenant }) =>
      inTenant(async (context) => {
        const query = await changeableQuery(context, reader, id);
        if (query.status === "active") throw new HttpError(400, { detail: DEACTIVATE_BEFORE_DELETE });
        await context.db.deleteFrom("kpi_queries").where("id", "=", id).execute();
        await context.appendEvent({ type: "QueryDeleted", payload: { queryId: id, kpiId: query.kpiId } });
      }),
  }),

  userRoute({
    method: "POST",
    path: "/qb/query/{id}/activate/",
    summary: "Activate a query: its result becomes the KPI's actual values",
    access: BUILD_KPIS,
    params: IdParams,
    response: Activated,
    handle: async ({ params: { id }, reader, user, inTenant, services }) => {
      const ran = await inTenant(async (context) => {
        const query = await changeableQuery(context, reader, id);
        if (query.status === "active") throw new HttpError(400, { detail: QUERY_ALREADY_ACTIVE });
        return { sql: query.sql, kpiId: query.kpiId, level: runLevelFor(reader, query.kpi) };
      });
      const outcome = await evaluateQuery(services.database, await checkQuery(ran.sql), { tenantId: user.tenantId, level: ran.level });
      if (!outcome.ok) throw new HttpError(400, { detail: RUN_PROBLEM, sql: [outcome.message] });
      return inTenant(async (context) => {
        const query = await changeableQuery(context, reader, id);
        if (query.status === "active" || query.sql !== ran.sql || query.kpiId !== ran.kpiId) throw new HttpError(409, { detail: CHANGED_WHILE_RUNNING });
        const months = await storeHistory(context, query.kpiId, outcome.values, user.userId);
        await context.db.updateTable("kpi_queries").set({ status: "active", evaluated_at: new Date(), evaluated_by: user.userId, evaluation_error: null, updated_at: new Date() }).where("id", "=", id).execute();
        await context.appendEvent({ type: "QueryActivated", payload: { queryId: id, kpiId: query.kpiId, months } });
        await scheduleNightly(context, services);
        return { query: await findQuery(context, reader, id), months };
      });
    },
  }),

  userRoute({
    method: "POST",
    path: "/qb/query/{id}/deactivate/",
    summary: "Deactivate a query, keeping or deleting the KPI values it calculated",
    access: BUILD_KPIS,
    params: IdParams,
    body: Deactivation,
    response: QueryDetail,
    handle: ({ params: { id }, body, reader, user, inTenant }) =>
      inTenant(async (context) => {
        const query = await changeableQuery(context, reader, id);
        if (query.status !== "active") throw new HttpError(400, { detail: QUERY_NOT_ACTIVE });
        const deleted = body.values === "delete" ? await deleteHistory(context, query.kpiId, user.userId) : 0;
        await context.db.updateTable("kpi_queries").set({ status: "draft", updated_at: new Date() }).where("id", "=", id).execute();
        await context.appendEvent({ type: "QueryDeactivated", payload: { queryId: id, kpiId: query.kpiId, values: body.values, deleted } });
        return findQuery(context, reader, id);
      }),
  }),

  userRoute({
    method: "POST",
    path: "/qb/run/",
    summary: "Run SQL as a preview: the first 100 rows, and whether the result makes monthly values",
    description: "Nothing is saved. With a KPI, the run reads only values at most as sensitive as that KPI, as activating it would.",
    access: BUILD_KPIS,
    body: RunRequest,
    response: RunResult,
    handle: async ({ body, reader, user, inTenant, services }) => {
      const checked = await checkQuery(body.sql);
      const level = await inTenant(async (context) => runLevelFor(reader, body.kpi === undefined ? null : await readableStoredKpi(context, reader, body.kpi)));
      return previewQuery(services.database, checked, { tenantId: user.tenantId, level });
    },
  }),
];

type SaveCall = UserCall<typeof IdParams.Type, undefined, typeof QueryChange.Type>;

/**
 * PUT: save, then (for an active query) calculate and store the values. The save stands when
 * the calculation fails: the answer warns, and the KPI keeps the values it had.
 */
async function saveQuery({ params: { id }, body, reader, user, inTenant, services }: SaveCall) {
  if (body.sql !== undefined) await checkQuery(body.sql);
  const saved = await inTenant(async (context) => {
    const query = await changeableQuery(context, reader, id);
    const kpi = body.kpi !== undefined && body.kpi !== query.kpiId ? await targetKpi(context, reader, body.kpi, id) : query.kpi;
    if (query.status === "active" && kpi.id !== query.kpiId) throw badRequest({ kpi: ["Deactivate the query before giving it another KPI."] });
    const change = { ...(body.title !== undefined ? { title: body.title.trim() } : {}), ...(body.sql !== undefined ? { sql: body.sql } : {}), kpi_id: kpi.id, updated_at: new Date() };
    await context.db.updateTable("kpi_queries").set(change).where("id", "=", id).execute();
    await context.appendEvent({ type: "QueryChanged", payload: { queryId: id, kpiId: kpi.id } });
    const detail = await findQuery(context, reader, id);
    return { detail, level: runLevelFor(reader, kpi) };
  });
  if (saved.detail.status !== "active") return { query: saved.detail, warning: null };

  const outcome = await evaluateQuery(services.database, await checkQuery(saved.detail.sql), { tenantId: user.tenantId, level: saved.level });
  if (!outcome.ok) return { query: saved.detail, warning: `${EVALUATION_FAILED_WARNING} ${outcome.message}` };
  return inTenant(async (context) => {
    const query = await changeableQuery(context, reader, id);
    if (query.status !== "active" || query.sql !== saved.detail.sql) return { query: await findQuery(context, reader, id), warning: `${EVALUATION_FAILED_WARNING} ${CHANGED_WHILE_RUNNING}` };
    const months = await storeHistory(context, query.kpiId, outcome.values, user.userId);
    await context.db.updateTable("kpi_queries").set({ evaluated_at: new Date(), evaluated_by: user.userId, evaluation_error: null }).where("id", "=", id).execute();
    await context.appendEvent({ type: "QueryValuesCalculated", payload: { queryId: id, kpiId: query.kpiId, months } });
    return { query: await findQuery(context, reader, id), warning: null };
  });
}
