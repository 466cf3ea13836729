import { test } from "uvu";
import * as assert from "uvu/assert";
import type { Holding, HoldingRequest, HoldingRollup } from "../../../../src/contracts/holding";
import { json } from "../../effect/fake-server";
import { settle, testClient } from "../../support/harness";

const signedIn = (client: ReturnType<typeof testClient>) => client.tokens.set({ access: "a", accessExpiresAt: Date.now() + 60_000, refreshExpiresAt: Date.now() + 60_000 });
const holding = (id: number, name: string, state: Holding["authorization_state"]): Holding => ({ id, name, authorization_state: state, is_authorized: state === "authorized", currency: "EUR" });
const request = (id: number, state: HoldingRequest["state"]): HoldingRequest => ({ id, holding_name: "Meridian Holding", state, is_authorized: state === "authorized", requested_at: "2026-11-01T09:00:00.000Z", decided_at: state === "requested" ? null : "2026-11-02T09:00:00.000Z" });
const rollup = (from: string): HoldingRollup => ({ currency: "CHF", from, to: "2026-03-01", months: [from, "2026-03-01"], companies: [{ id: 1, name: "Alpha", currency: "EUR" }], lines: [], unmatched: [] });

test("the portfolio: loaded, a company added (kept in name order), a refused code says the spec's text, a removal", async () => {
  const client = testClient({
    "GET /api/holdings/": () => json(200, [holding(2, "Zeta AG", "authorized")]),
    "POST /api/holdings/": (call) => ((call.body as { code: string }).code === "good" ? json(201, holding(3, "Alpha GmbH", "requested")) : json(400, { code: ["There was a problem adding this reporting company"] })),
    "DELETE /api/holdings/2/": () => new Response(null, { status: 204 }),
  });
  signedIn(client);
  client.bus.dispatch({ _tag: "LoadHoldings" });
  await client.waitFor("HoldingsLoaded");
  client.bus.dispatch({ _tag: "AddSubsidiary", code: "  good " });
  await client.waitFor("SubsidiaryAdded");
  assert.equal(client.server.calls.at(-1)!.body, { code: "good" }, "the code is sent without surrounding blanks");
  assert.equal(client.store.getState().holding.holdings.list.map((entry) => entry.name), ["Alpha GmbH", "Zeta AG"]);
  assert.equal(client.store.getState().holding.add, { status: "added", message: null, added: "Alpha GmbH" });
  client.bus.dispatch({ _tag: "AddSubsidiary", code: "bad" });
  await client.waitFor("SubsidiaryAddFailed");
  assert.equal(client.store.getState().holding.add, { status: "error", message: "There was a problem adding this reporting company", added: null });
  client.bus.dispatch({ _tag: "RemoveSubsidiary", id: 2, name: "Zeta AG" });
  await client.waitFor("SubsidiaryRemoved");
  assert.equal(client.store.getState().holding.holdings.list.map((entry) => entry.name), ["Alpha GmbH"]);
});

test("the roll-up asks year to date or a range; an older answer never replaces a newer period's", async () => {
  const client = testClient({ "GET /api/holdings/rollup/": (call) => json(200, rollup(call.query.get("from") ?? "2026-01-01")) });
  signedIn(client);
  client.bus.dispatch({ _tag: "LoadHoldingRollup", period: "ytd", from: null, to: null });
  client.bus.dispatch({ _tag: "LoadHoldingRollup", period: "range", from: "2026-02-01", to: "2026-03-01" });
  await client.waitFor("HoldingRollupLoaded");
  await settle();
  assert.equal(client.server.calls.map((call) => Object.fromEntries(call.query)).at(-1), { from: "2026-02-01", to: "2026-03-01" });
  const state = client.store.getState().holding.rollup;
  assert.equal([state.status, state.params, state.data?.from], ["loaded", "2026-02-01..2026-03-01", "2026-02-01"]);
});

test("the subsidiary's side: a code shown once, a decision saved; the server's holding events make open screens load again", async () => {
  const client = testClient({
    "GET /api/company/holdings/": () => json(200, [request(4, "requested")]),
    "POST /api/company/holdings/link-code/": () => json(201, { code: "abc123", expires_at: "2026-12-03T10:00:00.000Z" }),
    "POST /api/company/holdings/4/decision/": (call) => json(200, request(4, (call.body as { state: "authorized" }).state)),
    "POST /api/company/holdings/5/decision/": () => json(404, { detail: "Not found." }),
  });
  signedIn(client);
  client.bus.dispatch({ _tag: "LoadHoldingRequests" });
  await client.waitFor("HoldingRequestsLoaded");
  client.bus.dispatch({ _tag: "IssueHoldingLinkCode" });
  await client.waitFor("HoldingLinkCodeReceived");
  assert.equal(client.store.getState().holding.code, { status: "issued", code: "abc123", expiresAt: "2026-12-03T10:00:00.000Z", message: null });
  client.bus.dispatch({ _tag: "DecideHoldingRequest", id: 4, holdingName: "Meridian Holding", state: "authorized" });
  await client.waitFor("HoldingDecisionSaved");
  assert.equal(client.store.getState().holding.requests.list.map((entry) => [entry.state, entry.is_authorized]), [["authorized", true]]);
  client.bus.dispatch({ _tag: "DecideHoldingRequest", id: 5, holdingName: "Other", state: "denied" });
  await client.waitFor("HoldingDecisionFailed");
  assert.is(client.store.getState().holding.decisions[5]?.status, "error");

  client.bus.receive({ _tag: "ServerEventReceived", seq: 1, type: "SubsidiaryAuthorizationChanged", payload: { id: 1, name: "Northwind AG", state: "authorized" }, actor: "system:subsidiary-decision", actorName: null, occurredAt: "" }, "remote");
  client.bus.receive({ _tag: "ServerEventReceived", seq: 2, type: "KpiValueEdited", payload: {}, actor: "user:2", actorName: "Bo", occurredAt: "" }, "remote");
  await settle();
  assert.is(client.store.getState().holding.revision, 1, "only the holding's events count");
});

test("rates: loaded, one month saved with PUT, a refused one keeps the server's field messages", async () => {
  const eur = (month: string, average: number) => ({ currency: "EUR", month, average_rate: average, month_end_rate: average + 0.01 });
  const client = testClient({
    "GET /api/holdings/rates/": () => json(200, { currency: "CHF", rates: [eur("2026-01-01", 0.94)] }),
    "PUT /api/holdings/rates/": (call) => {
      const [rate] = (call.body as { rates: { currency: string; average_rate: number }[] }).rates;
      return rate!.currency === "CHF" ? json(400, { rates: ["Figures in CHF need no rate."] }) : json(200, { currency: "CHF", rates: [eur("2026-01-01", 0.94), eur("2026-02-01", 0.95)] });
    },
  });
  signedIn(client);
  client.bus.dispatch({ _tag: "LoadHoldingRates" });
  await client.waitFor("HoldingRatesLoaded");
  client.bus.dispatch({ _tag: "SaveHoldingRate", rate: eur("2026-02-01", 0.95) });
  await client.waitFor("HoldingRateSaved");
  assert.equal(client.server.calls.at(-1)!.body, { rates: [eur("2026-02-01", 0.95)] });
  assert.equal(client.store.getState().holding.rates.data?.rates.map((rate) => rate.month), ["2026-01-01", "2026-02-01"]);
  client.bus.dispatch({ _tag: "SaveHoldingRate", rate: { ...eur("2026-02-01", 1), currency: "CHF" } });
  await client.waitFor("HoldingRateSaveFailed");
  assert.equal(client.store.getState().holding.rateSave.fields, { rates: ["Figures in CHF need no rate."] });
});

test.run();
