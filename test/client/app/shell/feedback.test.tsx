import { cleanup, fireEvent, screen } from "@testing-library/react";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { Notifications, Toasts } from "../../../../src/client/app/shell/feedback";
import { renderWithBus } from "../../support/dom";

test.after.each(() => cleanup());

test("a toast's Undo dismisses it and dispatches its command", async () => {
  const notifications = { items: [], inbox: { status: "idle" as const, items: [], unread: 0 }, toasts: [{ id: "t1", tone: "success" as const, text: "Revenue added to My dashboard", action: { label: "Undo", command: { _tag: "ToggleFavorite", kpiId: 7 } } }] };
  const view = await renderWithBus(<Toasts />, { state: { notifications } });
  assert.ok(screen.getByText("Revenue added to My dashboard"));
  fireEvent.click(screen.getByRole("button", { name: "Undo" }));
  assert.equal(view.commands, [{ _tag: "ToggleFavorite", kpiId: 7 }, { _tag: "DismissToast", id: "t1" }]);
});

test("the bell counts unread notifications; its list says who changed what, and marks all read", async () => {
  const item = (id: number, read: boolean) => ({ id, text: `Ada Administrator changed Revenue for Oct 2026 (${id})`, href: "/reporting/kpi-detail/7", occurredAt: new Date().toISOString(), read });
  const view = await renderWithBus(<Notifications />, { state: { notifications: { items: [item(2, false), item(1, true)], inbox: { status: "idle" as const, items: [], unread: 0 }, toasts: [] } } });
  const bell = screen.getByRole("button", { name: "Notifications, 1 unread" });
  fireEvent.click(bell);
  assert.is(screen.getByText(/\(2\)$/).closest("a")?.getAttribute("href"), "/reporting/kpi-detail/7");
  fireEvent.click(screen.getByRole("button", { name: "Mark all as read" }));
  assert.equal(view.commands, [{ _tag: "MarkNotificationsRead" }]);
});

test("the bell holds the person's inbox too: counted by the server, with the words, and opening one marks it read", async () => {
  const inboxItem = (id: number, readAt: string | null) => ({ id, kind: "mention", title: `Ada Administrator mentioned you on Revenue (${id})`, body: "Can you look into it?", link: `/reporting/kpi-detail/7/comments?comment=${id}`, createdAt: new Date(Date.now() - id * 60_000).toISOString(), readAt });
  const inbox = { status: "loaded" as const, items: [inboxItem(1, null), inboxItem(2, "2026-11-26T10:00:00.000Z")], unread: 4 };
  const view = await renderWithBus(<Notifications />, { state: { notifications: { items: [], inbox, toasts: [] } } });
  fireEvent.click(screen.getByRole("button", { name: "Notifications, 4 unread" }));
  assert.ok(screen.getAllByText("Can you look into it?").length === 2);
  const link = screen.getByText(/\(1\)$/).closest("a")!;
  assert.is(link.getAttribute("href"), "/reporting/kpi-detail/7/comments?comment=1");
  fireEvent.click(link);
  assert.equal(view.commands, [{ _tag: "MarkInboxRead", ids: [1] }]);
});

test.run();
