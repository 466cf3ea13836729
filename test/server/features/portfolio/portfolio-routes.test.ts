import { test } from "uvu";
import * as assert from "uvu/assert";
import { INSTANCE_NOT_AUTHORIZED } from "../../../../src/contracts/portfolio";
import { testApp } from "../../../support/app";
import { createTestTenant, createTestUser, testDatabase } from "../../../support/database";

async function investorWithPortfolio(state: "authorized" | "requested" = "authorized") {
  const { app, services } = await testApp();
  const { withTenant } = await testDatabase();
  const company = await createTestTenant();
  const viewAs = await createTestUser(company);
  const investorTenant = await createTestTenant({ kind: "investor" });
  const investor = await createTestUser(investorTenant);
  const instance = await withTenant(investorTenant, { kind: "system", name: "t" }, ({ db }) =>
    db
      .insertInto("registered_instances")
      .values({ tenant_id: investorTenant, target_tenant_id: company, instance_name: "Portfolio Co", authorization_state: state, target_user_id: viewAs.id })
      .returning("id")
      .executeTakeFirstOrThrow(),
  );
  const token = await services.signer.sign("access", { tenantId: investorTenant, userId: investor.id }, 60);
  return { app, services, company, viewAs, instanceId: instance.id, headers: { authorization: `Bearer ${token}` } };
}

test("an investor opens an authorized portfolio company as its user, through a one-minute, single-use token", async () => {
  const { app, viewAs, instanceId, headers } = await investorWithPortfolio();
  const instances = (await app.inject({ method: "GET", url: "/api/oauth/instances/", headers })).json();
  assert.equal(instances.map((instance: { instance_name: string; authorization_state: string }) => [instance.instance_name, instance.authorization_state]), [["Portfolio Co", "authorized"]]);
  const grant = (await app.inject({ method: "POST", url: "/api/oauth/authorize/", headers, payload: { instance_id: instanceId } })).json();
  assert.type(grant.token, "string");
  assert.is(grant.frontend_url, "http://localhost:3000");
  assert.is((await app.inject({ method: "GET", url: "/api/auth/users/me/", headers: { authorization: `Bearer ${grant.token}` } })).statusCode, 401, "an embed token is no access token");

  const session = await app.inject({ method: "POST", url: "/auth-api/auth/embed/", payload: { token: grant.token } });
  assert.is(session.statusCode, 200);
  assert.equal(session.cookies, [], "no refresh cookie: the frame shares the parent's cookies");
  const me = await app.inject({ method: "GET", url: "/api/auth/users/me/", headers: { authorization: `Bearer ${session.json().access}` } });
  assert.is(me.json().email, viewAs.email);
  assert.is((await app.inject({ method: "POST", url: "/auth-api/auth/embed/", payload: { token: grant.token } })).statusCode, 401, "single use");
});

test("a company that has not authorized the instance cannot be opened; other instances are unknown", async () => {
  const pending = await investorWithPortfolio("requested");
  const refused = await pending.app.inject({ method: "POST", url: "/api/oauth/authorize/", headers: pending.headers, payload: { instance_id: pending.instanceId } });
  assert.equal([refused.statusCode, refused.json()], [403, { detail: INSTANCE_NOT_AUTHORIZED }]);
  const other = await investorWithPortfolio();
  assert.is((await pending.app.inject({ method: "POST", url: "/api/oauth/authorize/", headers: pending.headers, payload: { instance_id: other.instanceId } })).statusCode, 404);
  const plainAccess = pending.headers.authorization.replace("Bearer ", "");
  assert.is((await pending.app.inject({ method: "POST", url: "/auth-api/auth/embed/", payload: { token: plainAccess } })).statusCode, 401, "an access token is no embed token");
});

test.run();
