// Migration 0023 turns report texts kept as blocks into the same words as HTML, in drafts and in
// the frozen data of approved reports (whose guards refuse every other rewrite).
import { sql } from "kysely";
import { Migrator } from "kysely/migration";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { openPGlite } from "../../../../src/server/db/database";
import { migrateToLatest } from "../../../../src/server/db/migrate";
import { migrationProvider } from "../../../../src/server/db/migrations";

const BLOCKS = { blocks: [{ type: "heading", text: "Q3 <update>" }, { type: "paragraph", text: "Revenue & margin" }, { type: "bullet", text: "Hired two" }] };
const HTML = "<h2>Q3 &lt;update&gt;</h2><p>Revenue &amp; margin</p><ul><li>Hired two</li></ul>";

test("texts of drafts and of frozen reports become HTML; the guards hold again afterwards", async () => {
  const database = await openPGlite(null);
  const db = database.system;
  const migrator = new Migrator({ db, provider: migrationProvider, allowUnorderedMigrations: true });
  const before = await migrator.migrateTo("0022_investor_reports");
  assert.not.ok(before.error, String(before.error));

  const tenant = (await db.insertInto("tenants").values({ kind: "company", name: "Migrated GmbH", features: "{}" }).returning("id").executeTakeFirstOrThrow()).id;
  const reportRow = (name: string) => ({ tenant_id: tenant, name, end_date: "2026-06-01" });
  const draft = (await db.insertInto("investor_reports").values(reportRow("Draft")).returning("id").executeTakeFirstOrThrow()).id;
  const approved = (await db.insertInto("investor_reports").values(reportRow("Approved")).returning("id").executeTakeFirstOrThrow()).id;
  for (const report of [draft, approved]) {
    await db.insertInto("investor_report_sections").values({ tenant_id: tenant, report_id: report, name: "Letter", slug: "text_1", variant: "text", position: 0, settings: "{}", content: JSON.stringify(BLOCKS) }).execute();
  }
  const frozen = { text_1: { kind: "text", content: BLOCKS }, kpi_2: { kind: "kpis", kpis: [] } };
  await db.updateTable("investor_reports").set({ status: "approved", frozen_data: JSON.stringify(frozen) }).where("id", "=", approved).execute();

  await migrateToLatest(database);

  const sections = await db.selectFrom("investor_report_sections").select(["report_id", "content"]).orderBy("report_id").execute();
  assert.equal(sections.map((section) => section.content), [{ html: HTML }, { html: HTML }]);
  const data = (await db.selectFrom("investor_reports").select("frozen_data").where("id", "=", approved).executeTakeFirstOrThrow()).frozen_data as Record<string, unknown>;
  assert.equal(data, { text_1: { kind: "text", content: { html: HTML } }, kpi_2: { kind: "kpis", kpis: [] } }, "other sections' frozen data is left as it was");

  const rewrite = sql`update investor_report_sections set content = '{"html": ""}' where report_id = ${approved}`.execute(db);
  await rewrite.then(
    () => assert.unreachable("a frozen report's section was rewritten after the migration"),
    (error: Error) => assert.match(error.message, /frozen/),
  );
  await database.close();
});

test.run();
