// Changes from the server's stream: other people's and the person's own from their other tabs
// update the screens (the server leaves out this tab's own); only other people's ring the bell.
import { Subject } from "rxjs";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { SessionLoaded } from "../../../../src/contracts/messages/session";
import type { ServerEvent } from "../../../../src/contracts/server-events";
import { settle, testClient } from "../../support/harness";

const profile = { id: 7, email: "ada@demo.example", first_name: "Ada", last_name: "A", features: [], is_holding_instance: false, access_custom_dashboard: false, is_staff: false, user_permissions: ["read_sensitive"], groups: [], two_factor: { enabled: false, required: false } };
const company = { name: "Demo GmbH", kind: "company" as const, multiCurrency: true, isInvestorInstance: false, localCurrency: "EUR", fiscal_year_offset: 3, fxRates: [] };

const valueEdited = (seq: number, actor: string): ServerEvent => ({
  seq,
  type: "KpiValueEdited",
  version: 1,
  payload: { values: [{ kpi: 7, date: "2026-09-01", value: seq }], by: Number(actor.slice(5)) },
  actor,
  actorName: actor === "user:7" ? "Ada A" : "Ben Planner",
  commandId: null,
  occurredAt: new Date().toISOString(),
});

test("the person's own change from another tab reloads the views but rings no bell; another person's does both", async () => {
  const stream = new Subject<ServerEvent>();
  const client = testClient({}, { serverEvents: () => stream });
  client.bus.receive(SessionLoaded.make({ profile, menu: [], company }), "remote");
  await settle();

  stream.next(valueEdited(11, "user:7"));
  await settle();
  assert.is(client.store.getState().kpis.revision, 1, "the open views load again");
  assert.is(client.store.getState().notifications.items.length, 0, "no notification of one's own change");
  assert.is(client.store.getState().shell.lastServerSeq, 11);

  stream.next(valueEdited(12, "user:9"));
  await settle();
  assert.is(client.store.getState().kpis.revision, 2);
  assert.equal(client.store.getState().notifications.items.map((item) => item.id), [12]);
});

test.run();
