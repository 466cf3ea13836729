import { Schema } from "@effect/schema";
import { NewSnapshot, SNAPSHOT_IN_FUTURE, SNAPSHOT_NAME_TAKEN, SnapshotComparisonAnswer, SnapshotSummary } from "../../../contracts/warehouse";
import { openDealsAt, pipelineOf, type OpenDeal } from "../../../domain/warehouse/pipeline";
import { compareSnapshot } from "../../../domain/warehouse/snapshots";
import { badRequest, notFound } from "../../platform/http/errors";
import { IdParams, userRoute } from "../../platform/http/route";
import { READ_ANALYTICS } from "./warehouse-access";
import { insertSnapshotDeals } from "./warehouse-repository";
import { checkedData, today } from "./warehouse-routes";
import { userNames } from "../../platform/people";

/**
 * Pipeline snapshots: the open deals of a day kept as they were, so a later pipeline can be
 * compared with them even after the deals changed or a new upload replaced them.
 */
export const snapshotRoutes = [
  userRoute({
    method: "GET",
    path: "/snapshots/",
    summary: "The kept pipeline snapshots, newest day first",
    access: READ_ANALYTICS,
    response: Schema.Array(SnapshotSummary),
    handle: ({ inTenant }) =>
      inTenant(async (context) => {
        const snapshots = await context.db.selectFrom("warehouse_snapshots").selectAll().orderBy("as_of", "desc").orderBy("id", "desc").execute();
        const deals = await context.db.selectFrom("warehouse_snapshot_deals").select(["snapshot_id", "deal_key", "name", "stage", "amount", "expected_close_on"]).execute();
        const names = await userNames(context, snapshots.map((snapshot) => snapshot.taken_by));
        return snapshots.map((snapshot) => summaryOf(snapshot, deals.filter((deal) => deal.snapshot_id === snapshot.id).map(openDeal), names));
      }),
  }),

  userRoute({
    method: "POST",
    path: "/snapshots/",
    summary: "Keep the pipeline of a day (today when no date is given) under a name",
    access: READ_ANALYTICS,
    body: NewSnapshot,
    response: SnapshotSummary,
    status: 201,
    handle: ({ body, inTenant, user }) =>
      inTenant(async (context) => {
        const now = today();
        const asOf = body.date ?? now;
        const name = body.name.trim();
        if (asOf > now) throw badRequest({ date: [SNAPSHOT_IN_FUTURE] });
        if (!name) throw badRequest({ name: ["This field may not be blank."] });
        const taken = await context.db.selectFrom("warehouse_snapshots").select("id").where("name", "=", name).executeTakeFirst();
        if (taken) throw badRequest({ name: [SNAPSHOT_NAME_TAKEN] });
        const open = openDealsAt((await checkedData(context)).usable.deals, asOf, now);
        const snapshot = await context.db
          .insertInto("warehouse_snapshots")
          .values({ tenant_id: context.tenantId, name, as_of: asOf, taken_by: user.userId })
          .returningAll()
          .executeTakeFirstOrThrow()
          .catch((error: unknown) => {
            // Two requests racing for one name: the loser gets the same field error, not a 500.
            if ((error as { code?: string } | null)?.code === "23505") throw badRequest({ name: [SNAPSHOT_NAME_TAKEN] });
            throw error;
          });
        await insertSnapshotDeals(context, snapshot.id, open);
        await context.appendEvent({ type: "WarehouseSnapshotTaken", payload: { snapshotId: snapshot.id, name, asOf } });
        return summaryOf(snapshot, open, await userNames(context, [user.userId]));
      }),
  }),

  userRoute({
    method: "GET",
    path: "/snapshots/{id}/",
    summary: "A snapshot compared with the pipeline now: each stage then and now, and what became of its deals",
    access: READ_ANALYTICS,
    params: IdParams,
    response: SnapshotComparisonAnswer,
    handle: ({ params: { id }, inTenant }) =>
      inTenant(async (context) => {
        const snapshot = await context.db.selectFrom("warehouse_snapshots").selectAll().where("id", "=", id).executeTakeFirst();
        if (!snapshot) throw notFound();
        const then = (await context.db.selectFrom("warehouse_snapshot_deals").selectAll().where("snapshot_id", "=", id).orderBy("deal_key").execute()).map(openDeal);
        const comparison = compareSnapshot(then, (await checkedData(context)).usable.deals);
        return { snapshot: summaryOf(snapshot, then, await userNames(context, [snapshot.taken_by])), ...comparison };
      }),
  }),

  userRoute({
    method: "DELETE",
    path: "/snapshots/{id}/",
    summary: "Delete a snapshot",
    access: READ_ANALYTICS,
    params: IdParams,
    status: 204,
    handle: ({ params: { id }, inTenant }) =>
      inTenant(async (context) => {
        const removed = await context.db.deleteFrom("warehouse_snapshots").where("id", "=", id).returning(["name"]).executeTakeFirst();
        if (!removed) throw notFound();
        await context.appendEvent({ type: "WarehouseSnapshotDeleted", payload: { snapshotId: id, name: removed.name } });
      }),
  }),
];

const openDeal = (row: { deal_key: string; name: string; stage: OpenDeal["stage"]; amount: number; expected_close_on: string | null }): OpenDeal => ({
  key: row.deal_key,
  name: row.name,
  stage: row.stage,
  amount: row.amount,
  expectedCloseOn: row.expected_close_on,
});

function summaryOf(snapshot: { id: number; name: string; as_of: string; taken_at: Date; taken_by: number | null }, open: readonly OpenDeal[], names: ReadonlyMap<number, string>): SnapshotSummary {
  const pipeline = pipelineOf(open, snapshot.as_of);
  return {
    id: snapshot.id,
    name: snapshot.name,
    asOf: snapshot.as_of,
    takenAt: new Date(snapshot.taken_at).toISOString(),
    takenBy: snapshot.taken_by === null ? null : (names.get(snapshot.taken_by) ?? null),
    count: pipeline.count,
    amount: pipeline.amount,
    weighted: pipeline.weighted,
  };
}
