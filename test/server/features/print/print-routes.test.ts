// The print pipeline's routes: a print token for one's own preview, and the PDF export (with the
// recording printer of API tests: the real renderer is tested in platform/print and the browser test).
import { test } from "uvu";
import * as assert from "uvu/assert";
import { PDF_BUSY, PRINT_KIND_INVALID } from "../../../../src/contracts/print";
import { buildApp } from "../../../../src/server/app";
import { HttpError } from "../../../../src/server/platform/http/errors";
import { verifyPrintToken } from "../../../../src/server/platform/print/print-tokens";
import type { recordingPrinter } from "../../../support/printer";
import { dashboardsCompany } from "../custom-dashboards/fixture";

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

test("a person mints a print token for a dashboard they see; it reads that dashboard and no other", async () => {
  const world = await dashboardsCompany();
  const board = await world.sharedDashboard("Board");
  const other = await world.sharedDashboard("Other board");
  const minted = await world.call(world.viewer.headers, "POST", "/api/print-tokens/", { resource: { kind: "custom-dashboard", id: board.id } });
  assert.is(minted.status, 201, JSON.stringify(minted.body));
  assert.ok(Date.parse(minted.body.expiresAt) - Date.now() <= 120_000 && Date.parse(minted.body.expiresAt) - Date.now() > 100_000, "about two minutes");
  const token = minted.body.token as string;
  const grant = await verifyPrintToken(world.services.signer, token);
  assert.equal([grant?.userId, grant?.resource], [world.viewer.id, { kind: "custom-dashboard", id: board.id }]);

  const read = await world.call(bearer(token), "GET", `/api/custom-dashboards/${board.id}/`);
  assert.is(read.status, 200);
  assert.is(read.body.name, "Board");
  assert.is((await world.call(bearer(token), "GET", `/api/custom-dashboards/${other.id}/`)).status, 404, "another dashboard is out of its reach");
  assert.is((await world.call(bearer(token), "GET", "/api/custom-dashboards/")).status, 401, "the list is not a print read");
  assert.is((await world.call(bearer(token), "PATCH", `/api/custom-dashboards/${board.id}/`, { name: "Renamed" })).status, 401, "it never writes");
  assert.is((await world.call(bearer(token), "POST", "/api/print-tokens/", { resource: { kind: "custom-dashboard", id: board.id } })).status, 401, "nor mints another");
});

test("print tokens only for what the person may read: 404 otherwise; bad bodies 400", async () => {
  const world = await dashboardsCompany();
  const board = await world.sharedDashboard();
  const ask = (headers: Record<string, string>, body: unknown) => world.call(headers, "POST", "/api/print-tokens/", body);
  assert.is((await ask(world.outsider.headers, { resource: { kind: "custom-dashboard", id: board.id } })).status, 404, "not shared with them");
  assert.is((await ask((await world.stranger()).headers, { resource: { kind: "custom-dashboard", id: board.id } })).status, 404, "another company's");
  assert.is((await ask(world.staff.headers, { resource: { kind: "custom-dashboard", id: board.id } })).status, 201, "staff see every dashboard");
  const wrongKind = await ask(world.owner.headers, { resource: { kind: "kpi", id: 1 } });
  assert.is(wrongKind.status, 400);
  assert.equal(wrongKind.body["resource.kind"], [PRINT_KIND_INVALID]);
  assert.is((await ask(world.owner.headers, { resource: { kind: "custom-dashboard", id: 0 } })).status, 400);
  assert.is((await ask(world.owner.headers, {})).status, 400);
});

test("the PDF export renders the export route with a print token of the caller's, in the chosen theme and orientation", async () => {
  const world = await dashboardsCompany();
  const board = await world.sharedDashboard("Q3 Board: sales & growth");
  const printer = world.services.printer as ReturnType<typeof recordingPrinter>;
  const before = printer.jobs.length;
  const response = await world.app.inject({ method: "POST", url: `/api/custom-dashboards/${board.id}/export/pdf/`, headers: world.viewer.headers, payload: { orientation: "portrait", theme: "dark" } });
  assert.is(response.statusCode, 200, response.body);
  assert.is(response.headers["content-type"], "application/pdf");
  assert.is(response.headers["content-disposition"], 'attachment; filename="Q3-Board-sales-growth.pdf"');
  assert.is(response.rawPayload.subarray(0, 5).toString(), "%PDF-");
  const job = printer.jobs[before]!;
  assert.is(job.path, `/export/custom-dashboard/${board.id}`);
  assert.equal([job.handoff.orientation, job.handoff.theme], ["portrait", "dark"]);
  const grant = await verifyPrintToken(world.services.signer, job.handoff.token);
  assert.equal([grant?.userId, grant?.resource], [world.viewer.id, { kind: "custom-dashboard", id: board.id }], "printed as the caller, for this dashboard only");
  assert.not.ok(job.path.includes(job.handoff.token), "the token is not in the address");
});

test("the PDF export: 404 for a dashboard out of reach, 400 for a bad body, both before any rendering", async () => {
  const world = await dashboardsCompany();
  const board = await world.sharedDashboard();
  const printer = world.services.printer as ReturnType<typeof recordingPrinter>;
  const before = printer.jobs.length;
  const exportAs = (headers: Record<string, string>, payload: object, id = board.id) => world.app.inject({ method: "POST", url: `/api/custom-dashboards/${id}/export/pdf/`, headers, payload });
  assert.is((await exportAs(world.outsider.headers, { orientation: "landscape", theme: "light" })).statusCode, 404);
  assert.is((await exportAs((await world.stranger()).headers, { orientation: "landscape", theme: "light" })).statusCode, 404);
  assert.is((await exportAs(world.owner.headers, { orientation: "landscape", theme: "light" }, 999_999_999)).statusCode, 404);
  const bad = await exportAs(world.owner.headers, { orientation: "sideways", theme: "light" });
  assert.is(bad.statusCode, 400);
  assert.ok(bad.json().orientation, bad.body);
  assert.is(printer.jobs.length, before, "nothing was rendered");
});

test("a busy PDF service answers 503 with its message, not 500", async () => {
  const world = await dashboardsCompany();
  const board = await world.sharedDashboard();
  const busy = await buildApp(
    { ...world.services, printer: { ...world.services.printer, print: async () => Promise.reject(new HttpError(503, { detail: PDF_BUSY })) } },
    { logger: false },
  );
  const response = await busy.inject({ method: "POST", url: `/api/custom-dashboards/${board.id}/export/pdf/`, headers: world.owner.headers, payload: { orientation: "landscape", theme: "dark" } });
  assert.is(response.statusCode, 503);
  assert.is(response.json().detail, PDF_BUSY);
});

test.run();
