import { cleanup, fireEvent, screen, within } from "@testing-library/react";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { NotificationCentre, type NotificationItem } from "../../../src/client/ui/notification-centre";
import { relativeTime } from "../../../src/client/ui/relative-time";
import { renderUi } from "./render";

test.after.each(() => cleanup());

const NOW = new Date("2026-11-21T10:00:00Z");
const ITEMS: NotificationItem[] = [
  { id: 1, text: "Ada Administrator changed Revenue for Oct 2026", at: "2026-11-21T09:55:00Z", read: false },
  { id: 2, text: "Clara C-Level changed Headcount for Sep 2026", at: "2026-11-20T09:00:00Z", read: true },
];

test("relative times read as people say them", () => {
  assert.is(relativeTime(new Date("2026-11-21T09:59:40Z"), NOW), "just now");
  assert.is(relativeTime(new Date("2026-11-21T09:55:00Z"), NOW), "5 minutes ago");
  assert.is(relativeTime(new Date("2026-11-21T07:00:00Z"), NOW), "3 hours ago");
  assert.is(relativeTime(new Date("2026-11-20T09:00:00Z"), NOW), "yesterday");
  assert.is(relativeTime(new Date("2026-10-01T09:00:00Z"), NOW), "last month");
});

test("the bell names the unread count; the list shows text, time and read state; Mark all as read", async () => {
  let opened = 0;
  let marked = 0;
  renderUi(<NotificationCentre notifications={ITEMS} now={NOW} onOpen={() => opened++} onMarkAllRead={() => marked++} />);
  const bell = screen.getByRole("button", { name: "Notifications, 1 unread" });
  fireEvent.click(bell);
  assert.is(opened, 1);
  const panel = await screen.findByRole("dialog", { name: "Notifications" });
  const items = within(panel).getAllByRole("listitem");
  assert.equal(
    items.map((item) => item.textContent),
    ["Unread: Ada Administrator changed Revenue for Oct 20265 minutes ago", "Clara C-Level changed Headcount for Sep 2026yesterday"],
  );
  assert.is(within(items[0]!).getByText("5 minutes ago").getAttribute("datetime"), "2026-11-21T09:55:00.000Z");
  fireEvent.click(within(panel).getByRole("button", { name: "Mark all as read" }));
  assert.is(marked, 1);
});

test("nothing yet: an empty state, and Mark all as read is off", async () => {
  renderUi(<NotificationCentre notifications={[]} now={NOW} onMarkAllRead={() => undefined} />);
  fireEvent.click(screen.getByRole("button", { name: "Notifications" }));
  const panel = await screen.findByRole("dialog", { name: "Notifications" });
  assert.match(panel.textContent ?? "", /No notifications yet/);
  assert.ok((within(panel).getByRole("button", { name: "Mark all as read" }) as HTMLButtonElement).disabled);
});

test.run();
