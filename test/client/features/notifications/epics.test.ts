import { test } from "uvu";
import * as assert from "uvu/assert";
import type { Command } from "../../../../src/contracts/messages";
import { KpiMetaLoaded } from "../../../../src/contracts/messages/kpis";
import { selectUnreadCount, MAX_TOASTS } from "../../../../src/client/features/notifications/model";
import { json } from "../../effect/fake-server";
import { settle, testClient } from "../../support/harness";
import { kpiMeta } from "../../../support/kpi-meta";

const signedIn = (client: ReturnType<typeof testClient>) => client.tokens.set({ access: "a", accessExpiresAt: Date.now() + 60_000, refreshExpiresAt: Date.now() + 60_000 });
const withCatalogue = (client: ReturnType<typeof testClient>) => client.bus.receive(KpiMetaLoaded.make({ kpis: [kpiMeta(7, { name: "Revenue" })] }), "local");

test("another person's edit becomes a notification in words, unread until the centre is read", async () => {
  const client = testClient({});
  withCatalogue(client);
  const edit = { _tag: "ServerEventReceived", seq: 12, type: "KpiValueEdited", actor: "user:4", actorName: "Ada Administrator", occurredAt: "2026-11-23T10:00:00Z" } as const;
  client.bus.receive({ ...edit, payload: { values: [{ kpi: 7, date: "2026-10-01", value: 5 }] } }, "remote");
  client.bus.receive({ ...edit, seq: 13, type: "UserSignedIn", payload: { userId: 4 } }, "remote");
  await settle();
  const { notifications } = client.store.getState();
  assert.equal(notifications.items.map((item) => [item.text, item.href, item.read]), [["Ada Administrator changed Revenue for Oct 2026", "/reporting/kpi-detail/7", false]]);
  assert.is(selectUnreadCount(notifications), 1);
  assert.equal(notifications.toasts, [], "others' changes never cover the screen");
  client.bus.dispatch({ _tag: "MarkNotificationsRead" });
  await settle();
  assert.is(selectUnreadCount(client.store.getState().notifications), 0);
});

test("a save gets a 'saved' toast; a favorite change gets one with Undo, which undoes it", async () => {
  let favorites: number[] = [];
  const client = testClient({
    "POST /api/kpis/monthly-values/": () => json(200, { values: [{ kpi: 7, date: "2026-09-01", value: 1500 }, { kpi: 7, date: "2026-10-01", value: 1600 }] }),
    "POST /api/kpis/favorites/": () => json(200, { kpis: (favorites = [7]) }),
    "DELETE /api/kpis/favorites/7/": () => json(200, { kpis: (favorites = []) }),
  });
  signedIn(client);
  withCatalogue(client);
  client.bus.dispatch({ _tag: "EditKpiValue", kpiId: 7, date: "2026-09-01", text: "1.5k", unit: "currency" });
  client.bus.dispatch({ _tag: "EditKpiValue", kpiId: 7, date: "2026-10-01", text: "1.6k", unit: "currency" });
  client.bus.dispatch({ _tag: "SavePendingValues", kpiId: 7 });
  await client.waitFor("ToastShown");
  assert.equal(client.store.getState().notifications.toasts.map((toast) => [toast.tone, toast.text]), [["success", "Saved Revenue for Sep – Oct 2026"]]);

  client.bus.dispatch({ _tag: "ToggleFavorite", kpiId: 7 });
  await client.waitFor("FavoriteAdded");
  await settle();
  const toast = client.store.getState().notifications.toasts.at(-1)!;
  assert.is(toast.text, "Revenue added to My dashboard");
  assert.is(toast.action?.label, "Undo");
  client.bus.dispatch(toast.action!.command as Command);
  await client.waitFor("FavoriteRemoved");
  assert.equal(favorites, []);
  client.bus.dispatch({ _tag: "DismissToast", id: toast.id });
  await settle();
  assert.not.ok(client.store.getState().notifications.toasts.some((shown) => shown.id === toast.id));
});

test("a failed save gets an error toast; at most three toasts stay", async () => {
  const client = testClient({ "POST /api/kpis/monthly-values/": () => json(400, { values: ["Send at least one value."] }) });
  signedIn(client);
  withCatalogue(client);
  for (let attempt = 0; attempt < MAX_TOASTS + 1; attempt++) {
    client.bus.dispatch({ _tag: "EditKpiValue", kpiId: 7, date: "2026-09-01", text: "1", unit: "currency" });
    client.bus.dispatch({ _tag: "SavePendingValues", kpiId: 7 });
    await settle();
  }
  const { toasts } = client.store.getState().notifications;
  assert.is(toasts.length, MAX_TOASTS);
  assert.ok(toasts.every((toast) => toast.tone === "error" && toast.text.startsWith("Revenue was not saved: ")), JSON.stringify(toasts));
});

test.run();
