import { test } from "uvu";
import * as assert from "uvu/assert";
import { ROLE_NAMES, ROLE_PERMISSIONS, type RoleName } from "../../../src/domain/permissions/roles";
import { testApp } from "../../support/app";
import { createTestTenant, createTestUser } from "../../support/database";

type Who = RoleName | "anonymous";
const ADMIN_ONLY = (admin: number) => (who: Who) => (who === "anonymous" ? 401 : who === "Administrator" ? admin : 403);
const EVERY_USER = (who: Who) => (who === "anonymous" ? 401 : 200);

/** Every protected endpoint so far: role → expected status, checked on the server. */
const ENDPOINTS: { method: "GET" | "POST" | "PATCH"; url: (ids: { member: number }) => string; body?: (who: Who) => object; expect: (who: Who) => number }[] = [
  { method: "GET", url: () => "/api/auth/users/me/", expect: EVERY_USER },
  { method: "GET", url: () => "/api/menu/", expect: EVERY_USER },
  { method: "GET", url: () => "/api/company/", expect: EVERY_USER },
  { method: "GET", url: () => "/api/auth/2fa/", expect: EVERY_USER },
  { method: "GET", url: () => "/api/vw/auth/users/", expect: ADMIN_ONLY(200) },
  { method: "GET", url: () => "/api/permissions/groups/", expect: ADMIN_ONLY(200) },
  { method: "GET", url: () => "/api/outbox/", expect: ADMIN_ONLY(200) },
  { method: "POST", url: () => "/api/auth/users/", body: (who) => ({ email: `new-${who.replaceAll(" ", "-").toLowerCase()}-${Math.random().toString(36).slice(2)}@example.com` }), expect: ADMIN_ONLY(201) },
  { method: "PATCH", url: ({ member }) => `/api/auth/users/${member}/`, body: () => ({ first_name: "Renamed" }), expect: ADMIN_ONLY(200) },
  { method: "PATCH", url: ({ member }) => `/api/permissions/users/${member}/`, body: () => ({ user_permissions: [] }), expect: ADMIN_ONLY(200) },
  { method: "GET", url: ({ member }) => `/api/auth/users/${member}/send-welcome-email/`, expect: ADMIN_ONLY(200) },
  { method: "POST", url: ({ member }) => `/api/auth/users/${member}/reset-2fa/`, expect: ADMIN_ONLY(400) },
  { method: "PATCH", url: () => "/api/auth/2fa/policy/", body: () => ({ policy: "optional" }), expect: ADMIN_ONLY(200) },
  { method: "GET", url: () => "/api/events/stream/?after=-1", expect: (who) => (who === "anonymous" ? 401 : 400) },
];

test("role × endpoint → status, for every role name and anonymous", async () => {
  const { app, services } = await testApp();
  const tenantId = await createTestTenant();
  const member = await createTestUser(tenantId);
  const tokens = new Map<Who, string | null>([["anonymous", null]]);
  for (const role of ROLE_NAMES) {
    const user = await createTestUser(tenantId, { groups: [{ name: role, permissions: [...ROLE_PERMISSIONS[role]] }] });
    tokens.set(role, await services.signer.sign("access", { tenantId, userId: user.id }, 300));
  }
  const failures: string[] = [];
  for (const endpoint of ENDPOINTS) {
    for (const [who, token] of tokens) {
      const body = endpoint.body?.(who);
      const response = await app.inject({
        method: endpoint.method,
        url: endpoint.url({ member: member.id }),
        headers: token ? { authorization: `Bearer ${token}` } : {},
        ...(body ? { payload: body } : {}),
      });
      const expected = endpoint.expect(who);
      if (response.statusCode !== expected) failures.push(`${endpoint.method} ${endpoint.url({ member: member.id })} as ${who}: ${response.statusCode}, expected ${expected}`);
    }
  }
  assert.equal(failures, []);
});

test.run();
