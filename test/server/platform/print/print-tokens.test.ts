// Print tokens: their own type both ways, their expiry, the routes that take them (declared
// `print`, GET only), their scope, and the session they came from.
import { Writable } from "node:stream";
import Fastify from "fastify";
import { pino } from "pino";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { buildApp } from "../../../../src/server/app";
import { DEFAULT_SESSION_POLICY, endAllSessions, startSession } from "../../../../src/server/features/auth/sessions";
import { SESSION_ID_CLAIM } from "../../../../src/server/platform/auth/session-status";
import { registerRoutes } from "../../../../src/server/platform/http/register-routes";
import { registerErrorHandling } from "../../../../src/server/platform/http/errors";
import { IdParams, printedRecord, READ_BY_POST_WHILE_PRINTING, READ_WHILE_PRINTING, signedIn, userRoute } from "../../../../src/server/platform/http/route";
import { mintPrintToken, PRINT_TOKEN_LIFETIME_SECONDS, verifyPrintToken } from "../../../../src/server/platform/print/print-tokens";
import { testApp } from "../../../support/app";
import { createTestTenant, createTestUser, testDatabase } from "../../../support/database";

const system = { kind: "system", name: "test" } as const;
const dashboard = (id: number) => ({ kind: "custom-dashboard", id }) as const;
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function world() {
  const { app, services } = await testApp();
  const tenantId = await createTestTenant({ name: "Print Co" });
  const user = await createTestUser(tenantId);
  const subject = { tenantId, userId: user.id };
  const printToken = async (id = 7, sessionId: string | null = null) => (await mintPrintToken(services.signer, subject, dashboard(id), sessionId)).token;
  const accessToken = () => services.signer.sign("access", subject, 300);
  return { app, services, tenantId, user, subject, printToken, accessToken };
}

/** Routes of this test alone: a shared read, a read scoped to the printed record, one without `print`. */
const probeRoutes = [
  userRoute({ method: "GET", path: "/probe/shared/", summary: "shared", access: signedIn(), print: READ_WHILE_PRINTING, handle: ({ user }) => ({ printing: user.printing }) }),
  userRoute({ method: "GET", path: "/probe/dashboards/{id}/", summary: "scoped", access: signedIn(), print: printedRecord("custom-dashboard"), params: IdParams, handle: ({ params }) => ({ id: params.id }) }),
  userRoute({ method: "GET", path: "/probe/plain/", summary: "no print", access: signedIn(), handle: () => ({ ok: true }) }),
];

async function probeApp(services: Awaited<ReturnType<typeof testApp>>["services"]) {
  const app = Fastify({ logger: false });
  registerErrorHandling(app);
  await registerRoutes(app, probeRoutes, services);
  return app;
}

test("a print token is never an access token, and an access token never a print token", async () => {
  const { services, printToken, accessToken } = await world();
  const print = await printToken();
  assert.is(await services.signer.verify("access", print), null);
  assert.is(await verifyPrintToken(services.signer, await accessToken()), null);
  const grant = await verifyPrintToken(services.signer, print);
  assert.equal(grant?.resource, dashboard(7));
  // A print token without a resource (signed by the right key but not minted here) prints nothing.
  assert.is(await verifyPrintToken(services.signer, await services.signer.sign("print", { tenantId: grant!.tenantId, userId: grant!.userId }, 60)), null);
  assert.is(PRINT_TOKEN_LIFETIME_SECONDS, 120);
  assert.is(Number(grant!.claims["exp"]) - Number(grant!.claims["iat"]), 120, "two minutes");
});

test("the API takes a print token only on routes that declare print, and only to read", async () => {
  const { app, printToken } = await world();
  const token = await printToken();
  const company = await app.inject({ method: "GET", url: "/api/company/", headers: bearer(token) });
  assert.is(company.statusCode, 200, company.body);
  assert.is(company.json().name, "Print Co");
  assert.is((await app.inject({ method: "GET", url: "/api/kpis/meta/", headers: bearer(token) })).statusCode, 200);
  const users = await app.inject({ method: "GET", url: "/api/vw/auth/users/", headers: bearer(token) });
  assert.is(users.statusCode, 401, "a route without print refuses it as any unknown token");
  assert.is(users.json().detail, "Given token not valid for any token type");
  const write = await app.inject({ method: "PUT", url: "/api/settings/", headers: bearer(token), payload: {} });
  assert.is(write.statusCode, 401, "no write takes one");
  const stream = await app.inject({ method: "GET", url: "/api/events/stream/?after=-1", headers: bearer(token) });
  assert.is(stream.statusCode, 401, "nor the event stream");
});

test("only reads may declare print: GET, or a POST declared a read", () => {
  assert.throws(() => userRoute({ method: "POST", path: "/probe/", summary: "x", access: signedIn(), print: READ_WHILE_PRINTING, handle: () => null }), /only reads may take print tokens/);
  assert.throws(() => userRoute({ method: "PUT", path: "/probe/", summary: "x", access: signedIn(), print: READ_BY_POST_WHILE_PRINTING, handle: () => null }), /only reads may take print tokens/);
  assert.ok(userRoute({ method: "POST", path: "/probe/", summary: "x", access: signedIn(), print: READ_BY_POST_WHILE_PRINTING, handle: () => null }));
});

test("a scoped route answers a token printing another record 404, as an unknown id", async () => {
  const { services, printToken, accessToken } = await world();
  const app = await probeApp(services);
  const token = await printToken(7);
  const own = await app.inject({ method: "GET", url: "/probe/dashboards/7/", headers: bearer(token) });
  assert.is(own.statusCode, 200);
  assert.equal(own.json(), { id: 7 });
  assert.is((await app.inject({ method: "GET", url: "/probe/dashboards/8/", headers: bearer(token) })).statusCode, 404);
  assert.is((await app.inject({ method: "GET", url: "/probe/dashboards/8/", headers: bearer(await accessToken()) })).statusCode, 200, "an access token is not scoped");
  const shared = await app.inject({ method: "GET", url: "/probe/shared/", headers: bearer(token) });
  assert.equal(shared.json(), { printing: dashboard(7) }, "the handler knows what is printed");
  assert.equal((await app.inject({ method: "GET", url: "/probe/shared/", headers: bearer(await accessToken()) })).json(), { printing: null });
  assert.is((await app.inject({ method: "GET", url: "/probe/plain/", headers: bearer(token) })).statusCode, 401);
});

test("an expired print token, or one of another company's key, is refused", async () => {
  const { app, services, subject } = await world();
  const expired = await services.signer.sign("print", subject, -1, { res: dashboard(7) });
  assert.is((await app.inject({ method: "GET", url: "/api/company/", headers: bearer(expired) })).statusCode, 401);
  const { createTokenSigner } = await import("../../../../src/server/platform/auth/tokens");
  const forged = (await mintPrintToken(createTokenSigner("another-installation-secret-key-0123456789"), subject, dashboard(7))).token;
  assert.is((await app.inject({ method: "GET", url: "/api/company/", headers: bearer(forged) })).statusCode, 401);
});

test("a print token ends with the sign-in it was minted from, and with its user", async () => {
  const { app, tenantId, user, printToken } = await world();
  const { withTenant } = await testDatabase();
  const session = await withTenant(tenantId, system, (context) => startSession(context, user.id, DEFAULT_SESSION_POLICY, new Date()));
  const tied = await printToken(7, session.familyId);
  const grant = await verifyPrintToken((await testApp()).services.signer, tied);
  assert.is(grant?.claims[SESSION_ID_CLAIM], session.familyId);
  assert.is((await app.inject({ method: "GET", url: "/api/company/", headers: bearer(tied) })).statusCode, 200);
  await withTenant(tenantId, system, (context) => endAllSessions(context, user.id, "logout", new Date(Date.now() + 1000)));
  assert.is((await app.inject({ method: "GET", url: "/api/company/", headers: bearer(tied) })).statusCode, 401, "signed out: the print token is over too");

  const other = await createTestUser(tenantId);
  const { services } = await testApp();
  const token = (await mintPrintToken(services.signer, { tenantId, userId: other.id }, dashboard(7))).token;
  assert.is((await app.inject({ method: "GET", url: "/api/company/", headers: bearer(token) })).statusCode, 200);
  await withTenant(tenantId, system, ({ db }) => db.updateTable("users").set({ is_active: false }).where("id", "=", other.id).execute());
  assert.is((await app.inject({ method: "GET", url: "/api/company/", headers: bearer(token) })).statusCode, 401, "deactivated: refused at once");
});

test("the request log never carries a print token", async () => {
  const { services, printToken } = await world();
  let logged = "";
  const sink = new Writable({
    write(chunk, _encoding, done) {
      logged += chunk.toString();
      done();
    },
  });
  const app = await buildApp(services, { logger: pino({ level: "trace" }, sink) });
  const token = await printToken();
  await app.inject({ method: "GET", url: "/api/company/", headers: bearer(token) });
  await app.inject({ method: "GET", url: "/api/vw/auth/users/", headers: bearer(token) });
  assert.ok(logged.includes("/api/company/"), "requests are logged");
  assert.not.ok(logged.includes(token), "the token is not");
  assert.not.ok(logged.includes(token.split(".")[2]!), "nor its signature");
});

test.run();
