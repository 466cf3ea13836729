import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { ROLE_NAMES, ROLE_PERMISSIONS, type RoleName } from "../../../src/domain/permissions/roles";
import type { TenantContext } from "../../../src/server/db/tenancy";
import { connectionSealer } from "../../../src/server/features/integrations/integration-sources";
import { testApp } from "../../support/app";
import { createTestTenant, createTestUser, testDatabase } from "../../support/database";

const system = { kind: "system", name: "test" } as const;

/** The ids a route's sample request names: all of company A, except the investor's instance. */
export interface WorldIds {
  readonly member: number;
  readonly kpi: number;
  readonly calculatedKpi: number;
  readonly category: number;
  readonly currency: number;
  readonly instance: number;
  /** Company A's accounting import (its accounts, bookings and open positions carry the marker). */
  readonly accountingImport: number;
  /** A checked upload of company A's administrator, not imported yet. */
  readonly upload: number;
  readonly snapshot: number;
  readonly integration: number;
  readonly query: number;
  /** A user forecast of the category (inactive), its value the secret value. */
  readonly forecast: number;
  readonly planningVersion: number;
  /** A saved chart of the stored KPI, its name carrying the marker. */
  readonly chart: number;
  /** A canvas of the administrator's, shared with the member, with a KPI card and a text card (the marker in its name and text). */
  readonly dashboard: number;
  readonly dashboardCard: number;
  /** A draft investor report of the administrator's (its name, text section, recipient, attachment and template carry the marker). */
  readonly report: number;
  readonly reportSection: number;
  readonly reportFile: number;
  readonly reportTemplate: number;
  /** The holding's request in company A's own record (A authorized it). */
  readonly holdingRequest: number;
  /** Company A as the holding's subsidiary (the holding's registered instance). */
  readonly subsidiary: number;
  /** A comment of the administrator's on the stored KPI for April 2026, turned into an action of the member's with a comment in its thread (all carrying the marker). */
  readonly kpiComment: number;
  readonly action: number;
  readonly actionComment: number;
  /** The administrator's alert on the stored KPI, with a trigger whose reason carries the marker. */
  readonly alert: number;
  /** A department of company A (its name carries the marker) with a team led by the member, so deleting it is refused. */
  readonly orgUnit: number;
  /** OKR scheduler (issue 16): a period of company A's planning year 2026 and its team check-in schedule. */
  readonly okrPeriod: number;
  readonly okrSchedule: number;
  // OKRs (issue 16): a corporate objective of company A (its title carries the marker) with a
  // KPI-fed key result and a check-in, a milestone, a team objective under it in the world's team,
  // a status option and an external task, each carrying the marker.
  readonly okrObjective: number;
  readonly okrKeyResult: number;
  readonly okrMilestone: number;
  readonly okrStatus: number;
  readonly okrTask: number;
  // Liquidity planning (issue 17): two draft scenarios of the administrator's in the world's
  // department (names carrying the marker), the first with an employee and a contract that do too.
  readonly liquidityScenario: number;
  readonly liquidityScenarioB: number;
  readonly liquidityEmployee: number;
  readonly liquidityExpense: number;
  /** Copilot (issue 18): the administrator's conversation (its title carries the marker) with a question and an answer. */
  readonly copilotConversation: number;
}

export interface Caller {
  readonly name: string;
  readonly tenantId: string;
  readonly headers: Record<string, string>;
}

/**
 * The world the registry suites attack: company A with a user of every role and data behind
 * every kind of id (a member, KPIs, a category, a named FX rate, favorites, settings); company B,
 * an investor instance (whose registered instance points at A) and a holding, each with an
 * administrator. Every name and value of A carries a marker no other answer could contain.
 */
export async function registryWorld() {
  const { app, services } = await testApp();
  const { database, withTenant } = await testDatabase();
  const marker = `xt${randomUUID().replaceAll("-", "").slice(0, 12)}`;
  const a = await createTestTenant({ name: `Company A ${marker}` });
  const tokenFor = async (tenantId: string, userId: number) => ({ authorization: `Bearer ${await services.signer.sign("access", { tenantId, userId }, 3600)}` });

  const roles = new Map<RoleName, Caller & { userId: number }>();
  for (const role of ROLE_NAMES) {
    const user = await createTestUser(a, { groups: [{ name: role, permissions: [...ROLE_PERMISSIONS[role]] }] });
    roles.set(role, { name: role, tenantId: a, userId: user.id, headers: await tokenFor(a, user.id) });
  }
  const member = await createTestUser(a);
  const secretValue = 7_654_321.125;
  const ids = await withTenant(a, system, async ({ db }) => {
    await db.updateTable("users").set({ first_name: `First ${marker}`, last_name: `Last ${marker}` }).where("id", "=", member.id).execute();
    const category = (await db.insertInto("kpi_categories").values({ tenant_id: a, name: `Category ${marker}`, kind: "financial", position: 0 }).returning("id").executeTakeFirstOrThrow()).id;
    const kpi = (key: string, formula: string | null) =>
      db
        .insertInto("kpis")
        .values({ tenant_id: a, category_id: category, parent_id: null, key, name: `${key} ${marker}`, unit: "currency", aggregation_type: "cum", sensitivity: 0, formula, weighted_ratio: false, position: 0, benchmark_bottom25: null, benchmark_median50: null, benchmark_top25: null, benchmark_top5: null })
        .returning("id")
        .executeTakeFirstOrThrow()
        .then((row) => row.id);
    const stored = await kpi("revenue", null);
    const calculated = await kpi("doubled", "revenue * 2");
    await db.insertInto("kpi_values").values({ tenant_id: a, kpi_id: stored, series: "actual", month: "2026-03-01", value: secretValue }).execute();
    const currency = (await db.insertInto("fx_rates").values({ tenant_id: a, name: `Rate ${marker}`, currency: "USD" }).returning("id").executeTakeFirstOrThrow()).id;
    await db.insertInto("fx_rate_values").values({ tenant_id: a, fx_rate_id: currency, valid_from: "2026-01-01", rate: 1.25 }).execute();
    await db.insertInto("kpi_favorites").values({ tenant_id: a, user_id: roles.get("Administrator")!.userId, kpi_id: stored, position: 0 }).execute();
    const accountingImport = await seedAccountingImport(db, a, marker);
    const upload = await db
      .insertInto("uploads")
      .values({
        tenant_id: a,
        user_id: roles.get("Administrator")!.userId,
        type: "reporting",
        file_name: `values-${marker}.xlsx`,
        state: "successful",
        layout: "months-as-columns",
        columns: JSON.stringify(["ID", "01.04.2026"]),
        mapping: JSON.stringify({ id: "ID", name: null, date: null, value: null }),
        problems: "[]",
        checked_rows: JSON.stringify([{ row: 2, target: stored, label: `revenue ${marker}`, dimensionKey: "", values: [[2026 * 12 + 3, secretValue]] }]),
        preview: JSON.stringify([{ row: 2, label: `revenue ${marker}`, dimension: null, valid: true, values: [{ date: "2026-04-01", value: secretValue }] }]),
        row_count: 1,
        valid_row_count: 1,
        value_count: 1,
        unchanged_count: 0,
        error_count: 0,
        warning_count: 0,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    // Warehouse: a deal and a snapshot of it, each carrying the marker.
    await db.insertInto("warehouse_deals").values({ tenant_id: a, deal_key: `D-${marker}`, name: `Deal ${marker}`, stage: "proposal", amount: secretValue, created_on: "2025-01-10" }).execute();
    const snapshot = (await db.insertInto("warehouse_snapshots").values({ tenant_id: a, name: `Snapshot ${marker}`, as_of: "2025-06-30" }).returning("id").executeTakeFirstOrThrow()).id;
    await db.insertInto("warehouse_snapshot_deals").values({ tenant_id: a, snapshot_id: snapshot, deal_key: `D-${marker}`, name: `Deal ${marker}`, stage: "proposal", amount: secretValue }).execute();
    const integration = await db
      .insertInto("integrations")
      .values({ tenant_id: a, kind: "postgresql", name: `Warehouse ${marker}`, secret_sealed: connectionSealer(services.config).seal(`postgres://reader:${marker}@db.example.com:5432/warehouse`), target: `reader@db.example.com:5432/${marker}`, query: "select month, value from kpis", kpi_id: stored, owner_id: roles.get("Administrator")!.userId })
      .returning("id")
      .executeTakeFirstOrThrow();
    const query = await db
      .insertInto("kpi_queries")
      .values({ tenant_id: a, title: `Query ${marker}`, kpi_id: stored, sql: `select month, value from qb.kpi_values where kpi_id = ${stored} -- ${marker}`, created_by: member.id })
      .returning("id")
      .executeTakeFirstOrThrow();
    const forecast = (
      await db
        .insertInto("forecasts")
        .values({ tenant_id: a, category_id: category, name: `Forecast ${marker}`, source: "meridian", method: "linear_progression", actuals_from: "2025-01-01", actuals_to: "2026-03-01", forecast_from: "2026-04-01", forecast_to: "2027-03-01", created_by: member.id })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;
    await db.insertInto("forecast_values").values({ tenant_id: a, forecast_id: forecast, kpi_id: stored, month: "2026-04-01", value: secretValue }).execute();
    // Planning: a value of the working plan and a version keeping it, with the marker in its name.
    await db.insertInto("kpi_values").values({ tenant_id: a, kpi_id: stored, series: "planning", month: "2026-04-01", value: secretValue }).execute();
    const planningVersion = (await db.insertInto("planning_versions").values({ tenant_id: a, name: `Budget ${marker}`, fiscal_year_start: "2026-01-01", value_count: 1 }).returning("id").executeTakeFirstOrThrow()).id;
    await db.insertInto("planning_version_values").values({ tenant_id: a, version_id: planningVersion, kpi_id: stored, month: "2026-04-01", value: secretValue }).execute();
    const chartSettings = { type: "bar", kpiIds: [stored], period: { months: 12, endMonth: "2026-06-01" }, bucket: "M", series: ["actual"], colourScheme: "meridian", axis: { startAtZero: true, gridLines: true, valueLabels: false }, legend: { show: true, position: "bottom" }, pivot: { rows: "kpis", subtotals: false, totals: true, sort: "manual", rowOrder: [] } };
    const chart = (await db.insertInto("charts").values({ tenant_id: a, name: `Chart ${marker}`, settings: JSON.stringify(chartSettings), created_by: roles.get("Administrator")!.userId }).returning("id").executeTakeFirstOrThrow()).id;
    await db.insertInto("chart_kpis").values({ tenant_id: a, chart_id: chart, kpi_id: stored, position: 0 }).execute();
    // A custom dashboard: its name and its text card carry the marker.
    const dashboard = (await db.insertInto("custom_dashboards").values({ tenant_id: a, name: `Dashboard ${marker}`, kind: "canvas", owner_id: roles.get("Administrator")!.userId }).returning("id").executeTakeFirstOrThrow()).id;
    const dashboardCard = (
      await db
        .insertInto("custom_dashboard_cards")
        .values([
          { tenant_id: a, dashboard_id: dashboard, title: `Notes ${marker}`, content: JSON.stringify({ type: "text", text: `Text ${marker}` }), position: 0, layout_x: 0, layout_y: 0, layout_w: 4, layout_h: 4 },
          { tenant_id: a, dashboard_id: dashboard, title: "", content: JSON.stringify({ type: "kpi", kpiId: stored }), position: 1, layout_x: 4, layout_y: 0, layout_w: 3, layout_h: 4 },
        ])
        .returning("id")
        .execute()
    )[0]!.id;
    await db.insertInto("custom_dashboard_shares").values({ tenant_id: a, dashboard_id: dashboard, user_id: member.id, can_edit: false }).execute();
    // An investor report: a draft with a KPI section and a text section, a recipient, an attachment, a template.
    const report = (await db.insertInto("investor_reports").values({ tenant_id: a, name: `Report ${marker}`, end_date: "2026-06-01", owner_id: roles.get("Administrator")!.userId }).returning("id").executeTakeFirstOrThrow()).id;
    const reportSection = (
      await db
        .insertInto("investor_report_sections")
        .values([
          { tenant_id: a, report_id: report, name: `Letter ${marker}`, slug: "text_1", variant: "text", position: 0, settings: "{}", content: JSON.stringify({ html: `<p>Text ${marker}</p>` }) },
          { tenant_id: a, report_id: report, name: "Section 1", slug: "kpi_2", variant: "kpi", position: 1, settings: JSON.stringify({ kpiIds: [stored], toStartDate: "2026-01-01", toEndDate: "2026-06-01" }), content: null },
        ])
        .returning("id")
        .execute()
    )[0]!.id;
    await db.insertInto("investor_report_recipients").values({ tenant_id: a, report_id: report, email: `${marker}@investor.example`, name: `Investor ${marker}` }).execute();
    const reportFile = (await db.insertInto("investor_report_attachments").values({ tenant_id: a, report_id: report, file_name: `notes-${marker}.txt`, media_type: "text/plain", size: 12, bytes: Buffer.from(`Notes ${marker}`.slice(0, 12)) }).returning("id").executeTakeFirstOrThrow()).id;
    const reportTemplate = (await db.insertInto("investor_report_templates").values({ tenant_id: a, name: `Template ${marker}`, sections: JSON.stringify([{ name: `Letter ${marker}`, variant: "text", selectedView: "actual_comparison", settings: {} }]) }).returning("id").executeTakeFirstOrThrow()).id;
    // Collaboration: a comment on the stored KPI, its action for the member, a comment in its thread; the member's notification.
    const adminId = roles.get("Administrator")!.userId;
    const kpiComment = (await db.insertInto("kpi_comments").values({ tenant_id: a, kpi_id: stored, month: "2026-04-01", author_id: adminId, text: `Why did it drop? ${marker}` }).returningAll().executeTakeFirstOrThrow()).id;
    const action = (await db.insertInto("kpi_actions").values({ tenant_id: a, kpi_id: stored, comment_id: kpiComment, title: `Check ${marker}`, assigned_user_id: member.id, due_date: "2026-01-31", created_by: adminId }).returning("id").executeTakeFirstOrThrow()).id;
    const actionComment = (await db.insertInto("action_comments").values({ tenant_id: a, action_id: action, author_id: adminId, text: `Progress? ${marker}` }).returning("id").executeTakeFirstOrThrow()).id;
    await db.insertInto("user_notifications").values({ tenant_id: a, user_id: member.id, kind: "mention", title: `Mentioned ${marker}`, body: `Body ${marker}`, link: `/reporting/actions/${action}` }).execute();
    const alert = (await db.insertInto("kpi_alerts").values({ tenant_id: a, user_id: roles.get("Administrator")!.userId, kpi_id: stored, kind: "boundary", lower_bound: secretValue, upper_bound: null, month_offset: 0, frequency: "daily" }).returning("id").executeTakeFirstOrThrow()).id;
    await db.insertInto("kpi_alert_triggers").values({ tenant_id: a, alert_id: alert, period: "2026-04-01", kpi_month: "2026-04-01", value: secretValue, reason: `Below ${marker}`, triggered_at: new Date("2026-04-01T16:30:00Z") }).execute();
    const orgUnit = (await db.insertInto("org_units").values({ tenant_id: a, kind: "department", parent_id: null, name: `Department ${marker}`, lead_user_id: member.id }).returning("id").executeTakeFirstOrThrow()).id;
    const orgTeam = (await db.insertInto("org_units").values({ tenant_id: a, kind: "team", parent_id: orgUnit, name: `Team ${marker}`, lead_user_id: member.id }).returning("id").executeTakeFirstOrThrow()).id;
    await db.insertInto("org_unit_members").values({ tenant_id: a, unit_id: orgTeam, user_id: member.id }).execute();
    // OKRs (issue 16)
    const okrStatus = (await db.insertInto("okr_status_options").values({ tenant_id: a, name: `Status ${marker}`, color: "#2f855a", position: 0 }).returning("id").executeTakeFirstOrThrow()).id;
    const okrObjective = (await db.insertInto("okr_objectives").values({ tenant_id: a, level: "corporate", title: `Objective ${marker}`, starts_on: "2026-01-01", ends_on: "2026-12-31", status_id: okrStatus, created_at: new Date(), updated_at: new Date() }).returning("id").executeTakeFirstOrThrow()).id;
    const okrTeamObjective = (await db.insertInto("okr_objectives").values({ tenant_id: a, level: "team", category_id: orgTeam, title: `Team objective ${marker}`, starts_on: "2026-01-01", ends_on: "2026-12-31", status_id: null, created_at: new Date(), updated_at: new Date() }).returning("id").executeTakeFirstOrThrow()).id;
    await db.insertInto("okr_objective_links").values({ tenant_id: a, objective_id: okrTeamObjective, parent_id: okrObjective }).execute();
    const okrKeyResult = (await db.insertInto("okr_key_results").values({ tenant_id: a, objective_id: okrObjective, title: `Revenue ${marker}`, direction: "increasing", start_value: 0, target_value: secretValue * 2, actual_value: null, kpi_id: stored, responsible_user_id: member.id, status_id: null, created_at: new Date(), updated_at: new Date() }).returning("id").executeTakeFirstOrThrow()).id;
    await db.insertInto("okr_check_ins").values({ tenant_id: a, key_result_id: okrKeyResult, author_user_id: member.id, value: secretValue, confidence: 7, comment: `On its way ${marker}`, created_at: new Date() }).execute();
    const okrMilestone = (await db.insertInto("okr_milestones").values({ tenant_id: a, objective_id: okrObjective, title: `Milestone ${marker}`, due_on: "2026-06-30", responsible_user_id: member.id }).returning("id").executeTakeFirstOrThrow()).id;
    const okrTask = (await db.insertInto("okr_external_tasks").values({ tenant_id: a, origin: "jira", project: `P${marker}`, external_id: "T-1", title: `Task ${marker}`, url: null, meta: JSON.stringify({ note: marker }), objective_id: okrObjective, key_result_id: null, updated_at: new Date() }).returning("id").executeTakeFirstOrThrow()).id;
    // OKR scheduler (issue 16): planning year 2026 with its second quarter, a team check-in schedule.
    await db.insertInto("okr_scheduler_years").values({ tenant_id: a, year: 2026, split: "quarters" }).execute();
    const okrPeriod = (await db.insertInto("okr_scheduler_periods").values({ tenant_id: a, year: 2026, number: 2, name: `Q2 ${marker}`.slice(0, 60), starts_on: "2026-04-01", ends_on: "2026-06-30", draft_on: "2026-03-18", set_on: "2026-04-15", review_on: "2026-06-23" }).returning("id").executeTakeFirstOrThrow()).id;
    const okrSchedule = (await db.insertInto("okr_check_in_schedules").values({ tenant_id: a, level: "team", cadence: "weekly", weekday: 5, day_of_month: 1, time: "09:00" }).returning("id").executeTakeFirstOrThrow()).id;
    const liquidityScenarioOf = async (name: string) => {
      const { id } = await db
        .insertInto("liquidity_scenarios")
        .values({ tenant_id: a, name, author_id: roles.get("Administrator")!.userId, start_month: "2026-07-01", months: 12, revenue_kpi_id: stored, cash_kpi_id: null, payment_delay_days: 30, revenue_vat_rate: 19, vat_settlement: "monthly", employer_cost_rate: 20, full_time_hours: 40 })
        .returning("id")
        .executeTakeFirstOrThrow();
      await db.insertInto("liquidity_scenario_departments").values({ tenant_id: a, scenario_id: id, department_id: orgUnit }).execute();
      await db.insertInto("liquidity_scenario_users").values({ tenant_id: a, scenario_id: id, user_id: member.id, access: "read" }).execute();
      return id;
    };
    const liquidityScenario = await liquidityScenarioOf(`Plan ${marker}`);
    const liquidityScenarioB = await liquidityScenarioOf(`Plan B ${marker}`);
    const liquidityEmployee = (await db.insertInto("liquidity_employees").values({ tenant_id: a, scenario_id: liquidityScenario, employee_id: `E-${marker}`.slice(0, 40), full_name: `Employee ${marker}`, employment_type: "full_time", department_id: orgUnit, weekly_hours: 40, fix_salary: secretValue }).returning("id").executeTakeFirstOrThrow()).id;
    const liquidityExpense = (await db.insertInto("liquidity_expenses").values({ tenant_id: a, scenario_id: liquidityScenario, kind: "contract", account: `Rent ${marker}`, vendor: `Vendor ${marker}`, start_date: "2026-07-01", end_date: null, amount: secretValue, frequency: "monthly", vat_rate: 0 }).returning("id").executeTakeFirstOrThrow()).id;
    const copilotConversation = (await db.insertInto("copilot_conversations").values({ tenant_id: a, owner_user_id: roles.get("Administrator")!.userId, title: `Chat ${marker}` }).returning("id").executeTakeFirstOrThrow()).id;
    await db
      .insertInto("copilot_messages")
      .values([
        { tenant_id: a, conversation_id: copilotConversation, role: "user", content: `How is ${marker} doing?` },
        { tenant_id: a, conversation_id: copilotConversation, role: "assistant", content: `It stands at ${secretValue}.`, model: "offline" },
      ])
      .execute();
    return { copilotConversation, liquidityScenario, liquidityScenarioB, liquidityEmployee, liquidityExpense, okrPeriod, okrSchedule, okrObjective, okrKeyResult, okrMilestone, okrStatus, okrTask, kpiComment, action, actionComment, alert, orgUnit, report, reportSection, reportFile, reportTemplate, member: member.id, kpi: stored, calculatedKpi: calculated, category, currency, accountingImport, upload: upload.id, snapshot, integration: integration.id, query: query.id, forecast, planningVersion, chart, dashboard, dashboardCard };
  });

  const attackers: Caller[] = [];
  for (const kind of ["company", "investor", "holding"] as const) {
    const tenantId = await createTestTenant({ kind });
    const admin = await createTestUser(tenantId, { groups: [{ name: "Administrator", permissions: [...ROLE_PERMISSIONS.Administrator] }] });
    attackers.push({ name: `${kind} administrator`, tenantId, headers: await tokenFor(tenantId, admin.id) });
  }
  const investor = attackers.find((caller) => caller.name.startsWith("investor"))!;
  const instance = await withTenant(investor.tenantId, system, ({ db }) =>
    db
      .insertInto("registered_instances")
      .values({ tenant_id: investor.tenantId, target_tenant_id: a, instance_name: `Instance ${marker}`, authorization_state: "authorized", target_user_id: member.id })
      .returning("id")
      .executeTakeFirstOrThrow(),
  );

  // The holding attacker rolls company A up: A's own record of it and the holding's subsidiary row.
  const holding = attackers.find((caller) => caller.name.startsWith("holding"))!;
  const holdingRequest = await withTenant(a, system, ({ db }) =>
    db.insertInto("holding_links").values({ tenant_id: a, holding_tenant_id: holding.tenantId, holding_name: `Holding ${marker}`, state: "authorized", decided_at: new Date() }).returning("id").executeTakeFirstOrThrow(),
  );
  const subsidiary = await withTenant(holding.tenantId, system, ({ db }) =>
    db.insertInto("registered_instances").values({ tenant_id: holding.tenantId, target_tenant_id: a, instance_name: `Subsidiary ${marker}`, authorization_state: "authorized" }).returning("id").executeTakeFirstOrThrow(),
  );

  /** A digest of every row of a tenant, in every tenant table, and its event log's end. */
  const stateOf = async (tenantId: string) => {
    const tables = await sql<{ table_name: string }>`select table_name from information_schema.columns where column_name = 'tenant_id' and table_schema = 'public' order by table_name`.execute(database.system);
    const digests: Record<string, string> = {};
    for (const { table_name } of tables.rows) {
      const row = await sql<{ digest: string | null }>`select md5(string_agg(t::text, '|' order by t::text)) as digest from ${sql.table(table_name)} t where tenant_id = ${tenantId}`.execute(database.system);
      digests[table_name] = row.rows[0]?.digest ?? "";
    }
    return digests;
  };
  const lastSeqOf = async (tenantId: string) =>
    Number((await sql<{ seq: string | null }>`select max(seq)::text as seq from events where tenant_id = ${tenantId}`.execute(database.system)).rows[0]?.seq ?? 0);

  return {
    app,
    services,
    marker,
    secretValue,
    companyA: a,
    roles,
    admin: roles.get("Administrator")!,
    attackers,
    ids: { ...ids, instance: instance.id, holdingRequest: holdingRequest.id, subsidiary: subsidiary.id } satisfies WorldIds,
    owners: { member: a, kpi: a, calculatedKpi: a, category: a, currency: a, instance: investor.tenantId, accountingImport: a, upload: a, snapshot: a, integration: a, query: a, forecast: a, planningVersion: a, chart: a, dashboard: a, dashboardCard: a, report: a, reportSection: a, reportFile: a, reportTemplate: a, holdingRequest: a, subsidiary: holding.tenantId, kpiComment: a, action: a, actionComment: a, alert: a, orgUnit: a, okrObjective: a, okrKeyResult: a, okrMilestone: a, okrStatus: a, okrTask: a, okrPeriod: a, okrSchedule: a, liquidityScenario: a, liquidityScenarioB: a, liquidityEmployee: a, liquidityExpense: a, copilotConversation: a } satisfies Record<keyof WorldIds, string>,
    stateOf,
    lastSeqOf,
  };
}

/** Ids of every kind that no record has, counting up from `first`: one per kind of the world's ids. */
export const unusedIds = (ids: WorldIds, first: number): WorldIds =>
  Object.fromEntries(Object.keys(ids).map((kind, index) => [kind, first + index])) as unknown as WorldIds;

export type RegistryWorld = Awaited<ReturnType<typeof registryWorld>>;

/** An accounting import of `tenantId` whose names and texts carry the marker: an account, two bookings, an open position of each kind. */
async function seedAccountingImport(db: TenantContext["db"], tenantId: string, marker: string) {
  const created = await db
    .insertInto("accounting_imports")
    .values({ tenant_id: tenantId, file_name: `books ${marker}.zip`, uploaded_by: null, first_month: "2026-01-01", last_month: "2026-01-01", accounts: 2, bookings: 2, debtors: 1, creditors: 1 })
    .returning("id")
    .executeTakeFirstOrThrow();
  const import_id = created.id;
  await db.insertInto("accounting_accounts").values([
    { tenant_id: tenantId, import_id, number: "1400", name: `Receivables ${marker}`, type: "asset" },
    { tenant_id: tenantId, import_id, number: "4400", name: `Sales ${marker}`, type: "revenue" },
  ]).execute();
  await db.insertInto("accounting_bookings").values([
    { tenant_id: tenantId, import_id, line: 2, booking_date: "2026-01-10", debit_account: "1400", credit_account: "4400", amount_cents: 765432112, document_number: `AR-${marker}`, text: `Invoice ${marker}` },
    { tenant_id: tenantId, import_id, line: 3, booking_date: "2026-01-11", debit_account: "1400", credit_account: "4400", amount_cents: 100, document_number: "AR-2", text: `Invoice ${marker}` },
  ]).execute();
  await db.insertInto("accounting_open_positions").values([
    { tenant_id: tenantId, import_id, kind: "debtor", line: 2, number: "10001", name: `Customer ${marker}`, document_number: "AR-2", document_date: "2026-01-11", due_date: null, amount_cents: 100 },
    { tenant_id: tenantId, import_id, kind: "creditor", line: 2, number: "70001", name: `Supplier ${marker}`, document_number: "ER-1", document_date: "2026-01-11", due_date: "2026-02-10", amount_cents: 250 },
  ]).execute();
  return import_id;
}
