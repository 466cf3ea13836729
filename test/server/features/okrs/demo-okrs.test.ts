// The demo companies' OKRs: corporate objectives of the current year with KPI-fed and manual key
// results, check-ins and milestones, team objectives for two units, all readable through the API.
import { test } from "uvu";
import * as assert from "uvu/assert";
import type { Objective } from "../../../../src/contracts/okrs";
import { DEMO_GMBH_ID, NORTHWIND_ID } from "../../../../src/server/db/seed/demo-companies";
import { seedDemoData } from "../../../../src/server/db/seed/seed-demo";
import { testApp } from "../../../support/app";
import { testDatabase } from "../../../support/database";

const NOW = new Date("2026-06-15T10:00:00Z");
const system = { kind: "system", name: "test" } as const;

test("the demo companies have this year's OKRs to show", async () => {
  const shared = await testDatabase();
  await seedDemoData(shared.database, shared.withTenant, NOW);
  const { app, services } = await testApp({}, { now: () => NOW });
  for (const [tenantId, email, withTeams] of [[DEMO_GMBH_ID, "admin@demo.example", true], [NORTHWIND_ID, "admin@northwind.example", false]] as const) {
    const admin = await shared.withTenant(tenantId, system, ({ db }) => db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow());
    const headers = { authorization: `Bearer ${await services.signer.sign("access", { tenantId, userId: admin.id }, 600)}` };
    const answer = await app.inject({ method: "GET", url: "/api/okrs/objectives/?from=2026-01-01&to=2026-12-31", headers });
    assert.is(answer.statusCode, 200);
    const objectives = answer.json().objectives as Objective[];
    const corporate = objectives.filter((objective) => objective.level === "corporate");
    assert.ok(corporate.length >= 2, email);
    assert.ok(corporate.every((objective) => objective.startsOn === "2026-01-01" && objective.endsOn === "2026-12-31"));
    const keyResults = corporate.flatMap((objective) => objective.keyResults);
    const fed = keyResults.filter((kr) => kr.kpi !== null);
    assert.ok(fed.length >= 2, `${email}: KPI-fed key results`);
    assert.ok(fed.every((kr) => kr.actual !== null && kr.progress !== null), `${email}: the KPIs feed them`);
    assert.ok(keyResults.some((kr) => kr.kpi === null && kr.confidence !== null), `${email}: manual key results with check-ins`);
    assert.ok(corporate.some((objective) => objective.milestones.length > 0));
    const teams = objectives.filter((objective) => objective.level === "team");
    if (withTeams) {
      assert.equal(new Set(teams.map((objective) => objective.category!.name)), new Set(["DACH", "International"]));
      assert.ok(teams.every((objective) => objective.parents.length === 1 && objective.parents[0]!.level === "corporate"));
    }
    const log = await shared.withTenant(tenantId, system, ({ db }) => db.selectFrom("okr_changes").select("action_type").execute());
    assert.ok(log.some((row) => row.action_type === "checked_in"), "the change log has the demo's history");
  }
  await app.close();
});

test.run();
