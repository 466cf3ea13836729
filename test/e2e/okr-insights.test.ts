import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "puppeteer";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { openPGlite } from "../../src/server/db/database";
import { migrateToLatest } from "../../src/server/db/migrate";
import { DEMO_GMBH_ID } from "../../src/server/db/seed/demo-companies";
import { seedDemoData } from "../../src/server/db/seed/seed-demo";
import { createWithTenant } from "../../src/server/db/tenancy";
import { expectAccessible } from "../support/axe";
import { launchBrowser } from "../support/browser";
import { clickButton, clickMenu, signedInPage, switchTheme, waitForScreen } from "../support/person";
import { startServer, type ServerProcess } from "../support/server-process";

const SHOTS = process.env.SCREENSHOT_DIR ?? "/tmp/okr-insights-shots";
const system = { kind: "system", name: "okr-insights e2e" } as const;
const e2e = {} as { server: ServerProcess; browser: Awaited<ReturnType<typeof launchBrowser>>; dataDir: string };

const isoDay = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const quarterStart = () => {
  const now = new Date();
  return `${now.getUTCFullYear()}-${String(Math.floor(now.getUTCMonth() / 3) * 3 + 1).padStart(2, "0")}-01`;
};

/**
 * The demo company with OKRs written straight into its tables before the server starts (the
 * objective screens are another feature's): a corporate objective with two key results and
 * check-ins, a team objective far behind, an employee's own objective, and 120 changes in the log
 * (three pages), the newest ones check-ins.
 */
async function seedOkrs(dataDir: string) {
  const database = await openPGlite(join(dataDir, "pglite")); // where the server keeps it (bootstrap.ts)
  try {
    await migrateToLatest(database);
    const withTenant = createWithTenant(database, () => {});
    await seedDemoData(database, withTenant);
    await withTenant(DEMO_GMBH_ID, system, async ({ db }) => {
      const users = new Map((await db.selectFrom("users").select(["id", "email"]).execute()).map((user) => [user.email, user.id]));
      const admin = users.get("admin@demo.example")!;
      const employee = users.get("employee@demo.example")!;
      const unit = (await db.insertInto("org_units").values({ tenant_id: DEMO_GMBH_ID, kind: "department", parent_id: null, name: "Growth", lead_user_id: admin }).returning("id").executeTakeFirstOrThrow()).id;
      const onTrack = (await db.insertInto("okr_status_options").values({ tenant_id: DEMO_GMBH_ID, name: "Watch closely", color: "#2f855a" }).returning("id").executeTakeFirstOrThrow()).id;
      const from = quarterStart();
      const to = isoDay(80) > from ? isoDay(80) : from;
      const objective = async (title: string, level: "corporate" | "team" | "employee", extra: { category_id?: number; owner_user_id?: number } = {}) =>
        (await db.insertInto("okr_objectives").values({ tenant_id: DEMO_GMBH_ID, level, title, starts_on: from, ends_on: to, status_id: onTrack, created_by: admin, ...extra }).returning("id").executeTakeFirstOrThrow()).id;
      const corporate = await objective("Grow recurring revenue", "corporate");
      const team = await objective("Open two new markets", "team", { category_id: unit });
      const own = await objective("Learn the planning module", "employee", { owner_user_id: employee });
      await db.insertInto("okr_objective_responsibles").values({ tenant_id: DEMO_GMBH_ID, objective_id: corporate, user_id: admin }).execute();
      const keyResult = async (objectiveId: number, title: string, actual: number, responsible: number | null) =>
        (await db.insertInto("okr_key_results").values({ tenant_id: DEMO_GMBH_ID, objective_id: objectiveId, title, direction: "increasing", start_value: 0, target_value: 100, actual_value: actual, responsible_user_id: responsible }).returning("id").executeTakeFirstOrThrow()).id;
      const arr = await keyResult(corporate, "ARR to 100 k", 60, admin);
      const churn = await keyResult(corporate, "Win 100 new logos", 35, employee);
      const markets = await keyResult(team, "Markets opened", 0, employee);
      await keyResult(own, "Modules finished", 50, employee);
      for (const [keyResultId, confidence, daysAgo] of [[arr, 8, 2], [churn, 6, 5], [markets, 3, 1], [arr, 7, 9]] as const) {
        await db.insertInto("okr_check_ins").values({ tenant_id: DEMO_GMBH_ID, key_result_id: keyResultId, author_user_id: admin, confidence, created_at: new Date(Date.now() - daysAgo * 86_400_000) }).execute();
      }
      for (let index = 0; index < 120; index++) {
        const checkIn = index >= 115;
        await db
          .insertInto("okr_changes")
          .values({
            tenant_id: DEMO_GMBH_ID,
            at: new Date(Date.now() - (120 - index) * 3_600_000),
            user_id: admin,
            action_type: checkIn ? "checked_in" : "updated",
            item_type: checkIn ? "key_result" : "objective",
            item_id: checkIn ? arr : corporate,
            item_title: checkIn ? "ARR to 100 k" : `Grow recurring revenue (${index})`,
            objective_id: corporate,
            level: "corporate",
            details: JSON.stringify(checkIn ? [{ field: "confidence", from: 7, to: 8 }] : [{ field: "title", from: `Grow revenue (${index})`, to: `Grow recurring revenue (${index})` }]),
          })
          .execute();
      }
      await db.insertInto("okr_changes").values({ tenant_id: DEMO_GMBH_ID, user_id: employee, action_type: "created", item_type: "objective", item_id: team, item_title: "Open two new markets", objective_id: team, level: "team", category_id: unit, details: "[]" }).execute();
    });
  } finally {
    await database.close();
  }
}

test.before(async () => {
  try {
    e2e.dataDir = mkdtempSync(join(tmpdir(), "meridian-e2e-okr-"));
    await seedOkrs(e2e.dataDir);
    e2e.server = await startServer({ DATA_DIR: e2e.dataDir });
    e2e.browser = await launchBrowser();
  } catch (error) {
    console.error("The suite could not start its server and browser:", error);
    throw error;
  }
});
test.after(async () => {
  await e2e.browser?.cleanup();
  await e2e.server?.stop();
  rmSync(e2e.dataDir, { recursive: true, force: true });
});

async function shoot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  for (const theme of ["dark", "light"] as const) {
    await switchTheme(page, theme);
    await page.screenshot({ path: `${SHOTS}/${name}.${theme}.png`, fullPage: true });
  }
}

const waitForText = (page: Page, text: string, timeout = 10_000) =>
  page.waitForFunction((wanted) => document.querySelector("main")?.textContent?.includes(wanted) ?? false, { timeout }, text).catch(async (error: Error) => {
    const seen = await page.evaluate(() => document.querySelector("main")?.textContent?.slice(0, 600) ?? "");
    throw new Error(`no "${text}" on the screen (it shows: ${seen}): ${error.message}`);
  });
const headers = (page: Page) => page.$$eval("main [role=table] [role=columnheader]", (cells) => cells.map((cell) => cell.textContent?.replace(/[▲▼]/g, "").trim()));
const pathAndQuery = (page: Page) => page.evaluate(() => `${location.pathname}${location.search}`);

/** Picks the option with this text in the select labelled `label` on the screen. */
async function choose(page: Page, label: string, option: string) {
  const value = await page.evaluate(
    (name, text) => {
      const select = [...document.querySelectorAll("main select")].find((element) => (element as HTMLSelectElement).labels?.[0]?.textContent?.trim() === name) as HTMLSelectElement | undefined;
      if (!select) return null;
      select.setAttribute("data-choose", name);
      return [...select.options].find((entry) => entry.text === text)?.value ?? null;
    },
    label,
    option,
  );
  if (value === null) throw new Error(`no option ${option} in ${label}`);
  await page.select(`select[data-choose="${label}"]`, value);
}

test("the list view: rows under their objectives; columns chosen and ordered, kept after a reload", async () => {
  const { page } = await signedInPage(e2e.browser, e2e.server.url, "admin@demo.example");
  await clickMenu(page, "Objectives", "OKR list view");
  await waitForScreen(page, "OKR list view");
  await waitForText(page, "ARR to 100 k");
  await waitForText(page, "7 objectives, 13 key results"); // the demo company's 4 and 9, and ours
  assert.equal(await headers(page), ["Name", "KPI", "Start / target / actual", "Progress", "Status", "Updated", "Responsible", "Link"]);
  await expectAccessible(page, "OKR list view");
  await shoot(page, "list-view");

  await clickButton(page, "Columns");
  await page.waitForSelector("[role=dialog] ol[aria-label='Shown columns']");
  // Hide the KPI column, show Confidence, move Progress up above Start / target / actual.
  await page.evaluate(() => [...document.querySelectorAll("[role=dialog] label")].find((label) => label.textContent?.trim() === "KPI")?.querySelector("input")?.click());
  await page.waitForFunction(() => ![...document.querySelectorAll("main [role=columnheader]")].some((cell) => cell.textContent?.trim() === "KPI"));
  await page.evaluate(() => [...document.querySelectorAll("[role=dialog] label")].find((label) => label.textContent?.trim() === "Confidence")?.querySelector("input")?.click());
  await clickButton(page, "Move Progress up", { within: "[role=dialog]" });
  await page.waitForFunction(() => document.querySelectorAll("main [role=columnheader]")[1]?.textContent?.includes("Progress"));
  await shoot(page, "list-view-columns");
  await page.keyboard.press("Escape");
  const chosen = ["Name", "Progress", "Start / target / actual", "Status", "Updated", "Responsible", "Link", "Confidence"];
  await page.waitForFunction((expected) => JSON.stringify([...document.querySelectorAll("main [role=columnheader]")].map((cell) => cell.textContent?.replace(/[▲▼]/g, "").trim())) === expected, { timeout: 10_000 }, JSON.stringify(chosen));
  await new Promise((resolve) => setTimeout(resolve, 500)); // the last PUT on its way

  await page.reload();
  await waitForScreen(page, "OKR list view");
  await waitForText(page, "ARR to 100 k");
  await page.waitForFunction((expected) => JSON.stringify([...document.querySelectorAll("main [role=columnheader]")].map((cell) => cell.textContent?.replace(/[▲▼]/g, "").trim())) === expected, { timeout: 10_000 }, JSON.stringify(chosen));

  // Sort by progress (in the address), filter by level.
  await clickButton(page, "Progress", { within: "main [role=columnheader]" });
  await page.waitForFunction(() => location.search.includes("sort=progress"));
  await choose(page, "Level", "Team");
  await page.waitForFunction(() => location.search.includes("level=team"));
  await waitForText(page, "Open two new markets");
  await page.waitForFunction(() => !document.querySelector("main")?.textContent?.includes("ARR to 100 k"));
  await page.close();
});

test("team analytics: progress against the line by unit, at risk, check-ins per week", async () => {
  const { page } = await signedInPage(e2e.browser, e2e.server.url, "admin@demo.example");
  await clickMenu(page, "Objectives", "Team analytics");
  await waitForScreen(page, "Team analytics");
  await waitForText(page, "Objectives at risk");
  await waitForText(page, "Open two new markets");
  const units = await page.$$eval("main table[aria-label^='Figures by unit'] tbody th", (cells) => cells.map((cell) => cell.textContent?.trim()));
  assert.ok(units.includes("Corporate") && units.includes("Growth"), JSON.stringify(units));
  assert.ok(await page.$("main svg[role=img] rect.bar"), "the progress bars are drawn");
  assert.ok(await page.$("main svg[role=img] path.top"), "the weekly area is drawn");
  await expectAccessible(page, "Team analytics");
  await shoot(page, "team-analytics");
  await page.close();
});

test("the change log: newest first, a filter and the page in the address (kept on reload), level rules", async () => {
  const { page } = await signedInPage(e2e.browser, e2e.server.url, "admin@demo.example");
  await clickMenu(page, "Objectives", "Change log");
  await waitForScreen(page, "Change log");
  await waitForText(page, "Grow recurring revenue (114)");
  await expectAccessible(page, "Change log");
  await shoot(page, "change-log");
  // The demo company's own OKRs log created and checked-in rows; the 115 updates are this test's.
  await choose(page, "Action", "Updated");
  await waitForText(page, "115 changes");
  await waitForText(page, "Page 1 of 3");
  assert.is(await pathAndQuery(page), "/objectives/changelog?action_type=updated");
  await clickButton(page, "Next page");
  await waitForText(page, "Page 2 of 3");
  assert.is(await pathAndQuery(page), "/objectives/changelog?action_type=updated&p=2");
  await waitForText(page, "Grow recurring revenue (64)");
  await page.reload();
  await waitForScreen(page, "Change log");
  await waitForText(page, "Page 2 of 3");
  await choose(page, "Action", "Checked in");
  await page.waitForFunction(() => location.search === "?action_type=checked_in");
  await waitForText(page, "Confidence:");
  await waitForText(page, "Page 1 of");
  await shoot(page, "change-log-filtered");
  await page.close();

  // An employee reads team OKRs but not corporate ones: only the team change.
  const employee = await signedInPage(e2e.browser, e2e.server.url, "employee@demo.example");
  await clickMenu(employee.page, "Objectives", "Change log");
  await waitForScreen(employee.page, "Change log");
  await waitForText(employee.page, "Open two new markets");
  assert.not.ok(await employee.page.evaluate(() => document.querySelector("main")?.textContent?.includes("· Corporate")), "no corporate row");
  await employee.page.close();
});

test.run();
