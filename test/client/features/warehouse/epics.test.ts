import { test } from "uvu";
import * as assert from "uvu/assert";
import { json } from "../../effect/fake-server";
import { settle, testClient } from "../../support/harness";

const signedIn = (client: ReturnType<typeof testClient>) => client.tokens.set({ access: "a", accessExpiresAt: Date.now() + 60_000, refreshExpiresAt: Date.now() + 60_000 });
const pipeline = (amount: number) => ({ date: "2026-11-21", count: 1, amount, weighted: amount / 2, stages: [], closeMonths: [] });
const later = <T>(value: T, ms: number) => new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));

test("a view loads into its slot; a newer request of the slot supersedes the running one", async () => {
  // The first request is slow, the second fast: only the second one's answer may show.
  const answers = testClient({
    "GET /warehouse-api/sales/pipeline/": (_call, count) => later(json(200, pipeline(count === 1 ? 111 : 222)), count === 1 ? 100 : 5),
  });
  signedIn(answers);
  answers.bus.dispatch({ _tag: "LoadWarehouseView", key: "sales/pipeline", request: { view: "pipeline", date: null } });
  answers.bus.dispatch({ _tag: "LoadWarehouseView", key: "sales/pipeline", request: { view: "pipeline", date: "2026-10-31" } });
  await answers.waitFor("WarehouseViewLoaded");
  await later(null, 150);
  const slot = answers.store.getState().warehouse.views["sales/pipeline"];
  assert.equal([slot?.status, (slot?.data as { amount: number }).amount, slot?.params], ["loaded", 222, JSON.stringify({ view: "pipeline", date: "2026-10-31" })]);
  assert.is(answers.types().filter((type) => type === "WarehouseViewLoaded").length, 1, "the superseded answer is never folded");
});

test("a failed load keeps the slot's earlier data and says why", async () => {
  const client = testClient({ "GET /warehouse-api/data-issues/": (_call, count) => (count === 1 ? json(200, { kinds: [], issues: [], more: 0 }) : json(403, { detail: "You don't have permission to access this content." })) });
  signedIn(client);
  client.bus.dispatch({ _tag: "LoadWarehouseView", key: "data-issues", request: { view: "data-issues" } });
  await client.waitFor("WarehouseViewLoaded");
  client.bus.dispatch({ _tag: "LoadWarehouseView", key: "data-issues", request: { view: "data-issues" } });
  await client.waitFor("WarehouseViewLoadFailed");
  const slot = client.store.getState().warehouse.views["data-issues"];
  assert.equal([slot?.status, slot?.message, slot?.data], ["error", "You don't have permission to access this content.", { kinds: [], issues: [], more: 0 }]);
});

test("an upload with unreadable cells lists every problem; nothing changes, no reload", async () => {
  const client = testClient({
    "POST /warehouse-api/raw-data/deals/": () => json(400, { detail: "The file has errors. Nothing was imported: correct the rows listed and upload it again.", rows: ["Row 3, Stage: \"Signed\" is not a stage.", "Row 5, Created: This field is required."] }),
  });
  signedIn(client);
  client.bus.dispatch({ _tag: "UploadRawData", kind: "deals", file: new Blob(["Deal ID,Created"]), fileName: "crm.csv" });
  await client.waitFor("RawDataUploadFailed");
  assert.equal(client.store.getState().warehouse.upload, {
    status: "error",
    kind: "deals",
    fileName: "crm.csv",
    message: "The file has errors. Nothing was imported: correct the rows listed and upload it again.",
    problems: ["Row 3, Stage: \"Signed\" is not a stage.", "Row 5, Created: This field is required."],
  });
  assert.is(client.store.getState().warehouse.revision, 0);
  const unreadable = testClient({ "POST /warehouse-api/raw-data/products/": () => json(400, { file: ["The file is not a CSV text file."] }) });
  signedIn(unreadable);
  unreadable.bus.dispatch({ _tag: "UploadRawData", kind: "products", file: new Blob(["PK"]), fileName: "p.xlsx" });
  await unreadable.waitFor("RawDataUploadFailed");
  assert.equal([unreadable.store.getState().warehouse.upload.message, unreadable.store.getState().warehouse.upload.problems], ["Nothing was imported.", ["The file is not a CSV text file."]]);
});

test("an accepted upload says how many rows and issues, and open views load again", async () => {
  const client = testClient({
    "POST /warehouse-api/raw-data/deals/": () => json(201, { kind: "deals", rows: 318, issues: 5, detail: "318 rows of deals imported. 5 data issues to look at under Data issues." }),
  });
  signedIn(client);
  client.bus.dispatch({ _tag: "UploadRawData", kind: "deals", file: new Blob(["..."]), fileName: "crm.csv" });
  await client.waitFor("RawDataUploaded");
  assert.equal([client.store.getState().warehouse.upload.status, client.store.getState().warehouse.upload.message], ["done", "318 rows of deals imported. 5 data issues to look at under Data issues."]);
  assert.is(client.store.getState().warehouse.revision, 1);
});

const summary = { id: 4, name: "Q3 close", asOf: "2026-09-30", takenAt: "2026-10-01T08:00:00.000Z", takenBy: "Ada Administrator", count: 12, amount: 100_000, weighted: 40_000 };

test("keeping a snapshot: a toast with what was kept; a taken name is the name field's error", async () => {
  const client = testClient({
    "POST /warehouse-api/snapshots/": (_call, count) => (count === 1 ? json(201, summary) : json(400, { name: ["A snapshot with this name already exists."] })),
  });
  signedIn(client);
  client.bus.dispatch({ _tag: "TakeWarehouseSnapshot", name: "Q3 close", date: "2026-09-30" });
  await client.waitFor("ToastShown");
  assert.equal(client.store.getState().notifications.toasts.map((toast) => toast.text), ["Kept the pipeline of 2026-09-30 as “Q3 close”: 12 open deals."]);
  assert.equal(client.server.calls.find((call) => call.method === "POST")?.body, { name: "Q3 close", date: "2026-09-30" });
  assert.is(client.store.getState().warehouse.revision, 1);
  client.bus.dispatch({ _tag: "TakeWarehouseSnapshot", name: "Q3 close", date: null });
  await client.waitFor("WarehouseSnapshotFailed");
  assert.equal(client.store.getState().warehouse.snapshotAction, { status: "error", action: "take", message: "name: A snapshot with this name already exists.", fields: { name: ["A snapshot with this name already exists."] } });
  assert.equal(client.server.calls.at(-1)?.body, { name: "Q3 close" }, "no day: today");
});

test("another person's upload or snapshot makes open warehouse views load again; other events do not", async () => {
  const client = testClient({});
  client.bus.receive({ _tag: "ServerEventReceived", seq: 5, type: "WarehouseDataUploaded", actor: "user:9", actorName: "Ada Administrator", payload: { kind: "deals", rows: 3, fileName: "x.csv" }, occurredAt: new Date().toISOString() }, "remote");
  await client.waitFor("WarehouseDataChangedElsewhere");
  assert.is(client.store.getState().warehouse.revision, 1);
  client.bus.receive({ _tag: "ServerEventReceived", seq: 6, type: "KpiValueEdited", actor: "user:9", actorName: null, payload: { values: [] }, occurredAt: new Date().toISOString() }, "remote");
  await settle();
  assert.is(client.store.getState().warehouse.revision, 1);
});

test.run();
