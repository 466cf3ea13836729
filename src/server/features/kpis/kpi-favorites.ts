import { Schema } from "@effect/schema";
import { FAVORITES_DUPLICATE, FavoriteRequest, FavoritesBulkRequest, FavoritesResponse } from "../../../contracts/kpis";
import type { TenantContext } from "../../db/tenancy";
import { badRequest, notFound } from "../../platform/http/errors";
import type { RequestUser } from "../../platform/auth/authenticate";
import { PathId, signedIn, userRoute } from "../../platform/http/route";
import { loadKpis } from "./kpi-repository";
import { mayRead, type Reader } from "./kpi-service";

/** The user's favorite KPI ids in their order (including any they may no longer read). */
export async function favoriteIdsOf({ db }: TenantContext, userId: number): Promise<number[]> {
  const rows = await db.selectFrom("kpi_favorites").select("kpi_id").where("user_id", "=", userId).orderBy("position").orderBy("kpi_id").execute();
  return rows.map((row) => row.kpi_id);
}

/**
 * Favorite KPIs, per user (GET, POST, PUT /api/kpis/favorites/, DELETE /api/kpis/favorites/{kpi}/).
 * Every answer is the user's ordered list of favorites they may read now. Adding a favorite twice
 * or removing one that is none changes nothing and appends no event. The events name the user, so
 * the event stream delivers them to that user only.
 */
export const kpiFavoritesRoutes = [
  userRoute({
    method: "GET",
    path: "/kpis/favorites/",
    summary: "The signed-in user's favorite KPIs, in order",
    access: signedIn(),
    response: FavoritesResponse,
    handle: ({ user, reader, inTenant }) => inTenant((context) => readableFavorites({ context, user, reader })),
  }),

  userRoute({
    method: "POST",
    path: "/kpis/favorites/",
    summary: "Add a KPI to the favorites (at the end)",
    access: signedIn(),
    body: FavoriteRequest,
    response: FavoritesResponse,
    handle: ({ body: { kpi }, user, reader, inTenant }) =>
      inTenant(async (context) => {
        const scope = { context, user, reader };
        await requireReadable(scope, [kpi]);
        const current = await favoriteIdsOf(context, user.userId);
        if (!current.includes(kpi)) {
          const position = (await context.db.selectFrom("kpi_favorites").select((eb) => eb.fn.max("position").as("last")).where("user_id", "=", user.userId).executeTakeFirst())?.last;
          await context.db.insertInto("kpi_favorites").values({ tenant_id: context.tenantId, user_id: user.userId, kpi_id: kpi, position: position === null || position === undefined ? 0 : Number(position) + 1 }).execute();
          await context.appendEvent({ type: "FavoriteAdded", payload: { userId: user.userId, kpi } });
        }
        return readableFavorites(scope);
      }),
  }),

  userRoute({
    method: "DELETE",
    path: "/kpis/favorites/{kpi}/",
    summary: "Remove a KPI from the favorites",
    access: signedIn(),
    params: Schema.Struct({ kpi: PathId }),
    response: FavoritesResponse,
    handle: ({ params: { kpi }, user, reader, inTenant }) =>
      inTenant(async (context) => {
        const scope = { context, user, reader };
        await requireReadable(scope, [kpi]);
        const removed = await context.db.deleteFrom("kpi_favorites").where("user_id", "=", user.userId).where("kpi_id", "=", kpi).executeTakeFirst();
        if (Number(removed.numDeletedRows) > 0) await context.appendEvent({ type: "FavoriteRemoved", payload: { userId: user.userId, kpi } });
        return readableFavorites(scope);
      }),
  }),

  userRoute({
    method: "PUT",
    path: "/kpis/favorites/",
    summary: "Replace the favorites with an ordered list",
    access: signedIn(),
    body: FavoritesBulkRequest,
    response: FavoritesResponse,
    handle: ({ body: { kpis }, user, reader, inTenant }) => {
      if (new Set(kpis).size !== kpis.length) throw badRequest({ kpis: [FAVORITES_DUPLICATE] });
      return inTenant(async (context) => {
        const scope = { context, user, reader };
        await requireReadable(scope, kpis);
        await context.db.deleteFrom("kpi_favorites").where("user_id", "=", user.userId).execute();
        if (kpis.length > 0) {
          await context.db
            .insertInto("kpi_favorites")
            .values(kpis.map((kpi, position) => ({ tenant_id: context.tenantId, user_id: user.userId, kpi_id: kpi, position })))
            .execute();
        }
        await context.appendEvent({ type: "FavoritesReplaced", payload: { userId: user.userId, kpis } });
        return readableFavorites(scope);
      });
    },
  }),
];

interface UserWork {
  readonly context: TenantContext;
  readonly user: RequestUser;
  readonly reader: Reader;
}

/** Unknown KPIs, another company's and those the user may not read are all "not found". */
async function requireReadable({ context, reader }: UserWork, ids: readonly number[]) {
  const readable = new Set((await loadKpis(context)).filter((kpi) => mayRead(reader, kpi)).map((kpi) => kpi.id));
  for (const id of ids) if (!readable.has(id)) throw notFound();
}

async function readableFavorites({ context, user, reader }: UserWork): Promise<{ kpis: number[] }> {
  const [favorites, kpis] = await Promise.all([favoriteIdsOf(context, user.userId), loadKpis(context)]);
  const readable = new Set(kpis.filter((kpi) => mayRead(reader, kpi)).map((kpi) => kpi.id));
  return { kpis: favorites.filter((id) => readable.has(id)) };
}
