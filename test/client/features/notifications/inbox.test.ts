import { test } from "uvu";
import * as assert from "uvu/assert";
import { selectUnreadCount } from "../../../../src/client/features/notifications/model";
import { json } from "../../effect/fake-server";
import { settle, testClient } from "../../support/harness";

const signedIn = (client: ReturnType<typeof testClient>) => client.tokens.set({ access: "a", accessExpiresAt: Date.now() + 60_000, refreshExpiresAt: Date.now() + 60_000 });
const note = (id: number, readAt: string | null = null) => ({ id, kind: "mention", title: `Ada mentioned you (${id})`, body: "cc", link: `/reporting/kpi-detail/7/comments?comment=${id}`, createdAt: `2026-11-2${id}T10:00:00.000Z`, readAt });
const received = (seq: number, type: string, payload: unknown) => ({ _tag: "ServerEventReceived", seq, type, actor: "user:1", actorName: "Ada", occurredAt: "2026-11-26T12:00:00.000Z", payload }) as const;

test("the inbox loads with the unread count; a live notification joins it, counts and shows a toast that opens its link", async () => {
  const client = testClient({ "GET /api/notifications/": () => json(200, { notifications: [note(1)], unread: 60 }) });
  signedIn(client);
  client.bus.dispatch({ _tag: "LoadInbox" });
  await client.waitFor("InboxLoaded");
  assert.is(selectUnreadCount(client.store.getState().notifications), 60, "the server's count: older unread ones too");
  client.bus.receive(received(5, "NotificationReceived", { userId: 2, notification: note(2) }), "remote");
  await settle();
  const { notifications } = client.store.getState();
  assert.equal(notifications.inbox.items.map((item) => item.id), [2, 1]);
  assert.is(notifications.inbox.unread, 61);
  assert.equal(notifications.toasts.map((toast) => [toast.tone, toast.text, toast.action]), [["info", "Ada mentioned you (2)", { label: "Open", command: { _tag: "Navigate", to: "/reporting/kpi-detail/7/comments?comment=2", replace: false } }]]);
  assert.equal(notifications.items, [], "no change note besides");
  // The same one again (a reconnect replays it): once.
  client.bus.receive(received(5, "NotificationReceived", { userId: 2, notification: note(2) }), "remote");
  client.bus.receive(received(6, "NotificationReceived", { userId: 2, notification: { id: "bad" } }), "remote");
  await settle();
  assert.is(client.store.getState().notifications.inbox.unread, 61);
});

test("opening one marks it read on the server; another tab's reading counts once", async () => {
  const client = testClient({
    "GET /api/notifications/": () => json(200, { notifications: [note(2), note(1)], unread: 2 }),
    "POST /api/notifications/read/": () => json(200, { notifications: [note(2, "2026-11-26T12:00:00.000Z"), note(1)], unread: 1 }),
    "POST /api/notifications/read-all/": () => json(200, { notifications: [note(2, "2026-11-26T12:00:00.000Z"), note(1, "2026-11-26T12:01:00.000Z")], unread: 0 }),
  });
  signedIn(client);
  client.bus.dispatch({ _tag: "LoadInbox" });
  await client.waitFor("InboxLoaded");
  client.bus.dispatch({ _tag: "MarkInboxRead", ids: [2] });
  await settle();
  assert.equal(client.server.calls.find((call) => call.path === "/api/notifications/read/")?.body, { ids: [2] });
  assert.is(client.store.getState().notifications.inbox.unread, 1);
  // The server's NotificationsMarkedRead for the same id, arriving after this tab's answer: no double count.
  client.bus.receive(received(7, "NotificationsMarkedRead", { userId: 2, ids: [2] }), "remote");
  await settle();
  assert.is(client.store.getState().notifications.inbox.unread, 1);
  // Marked in another tab: this one follows.
  client.bus.receive(received(8, "NotificationsMarkedRead", { userId: 2, ids: [1] }), "remote");
  await settle();
  assert.is(client.store.getState().notifications.inbox.unread, 0);
  assert.ok(client.store.getState().notifications.inbox.items.every((item) => item.readAt !== null));
});

test("Mark all as read marks the inbox on the server too, and only when something is unread", async () => {
  const client = testClient({
    "GET /api/notifications/": () => json(200, { notifications: [note(1)], unread: 1 }),
    "POST /api/notifications/read-all/": () => json(200, { notifications: [note(1, "2026-11-26T12:00:00.000Z")], unread: 0 }),
  });
  signedIn(client);
  client.bus.dispatch({ _tag: "LoadInbox" });
  await client.waitFor("InboxLoaded");
  client.bus.dispatch({ _tag: "MarkNotificationsRead" });
  await settle();
  assert.is(client.store.getState().notifications.inbox.unread, 0);
  client.bus.dispatch({ _tag: "MarkNotificationsRead" });
  await settle();
  assert.is(client.server.calls.filter((call) => call.path === "/api/notifications/read-all/").length, 1);
});

test.run();
