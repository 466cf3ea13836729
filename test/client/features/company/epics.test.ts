// The company settings screens' epics against a fake server: loads, saves that also update the
// shell, the FX table's two-step load, and another person's change reloading an open screen.
import { Subject } from "rxjs";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { SessionLoaded } from "../../../../src/contracts/messages/session";
import type { ServerEvent } from "../../../../src/contracts/server-events";
import { initialState } from "../../../../src/client/app/state";
import { json } from "../../effect/fake-server";
import { settle, testClient } from "../../support/harness";
import { demoCompany, profileWith } from "../../support/session-fixtures";

const settings = (name: string, lightVersion: string | null = null) => ({
  name,
  fiscalYearStartMonth: 4,
  localCurrency: "EUR",
  timeZone: "Europe/Berlin",
  logos: { light: lightVersion ? { theme: "light", fileName: "l.png", mediaType: "image/png", size: 10, width: 100, height: 30, version: lightVersion } : null, dark: null },
});
const admin = { ...initialState, session: { ...initialState.session, stage: "ready" as const, company: demoCompany(), profile: profileWith(["manage_company_settings"]) } };
const signedIn = (client: ReturnType<typeof testClient>) => client.tokens.set({ access: "a", accessExpiresAt: Date.now() + 60_000, refreshExpiresAt: Date.now() + 60_000 });

test("a saved change is the shell's at once: the company's name in the session, and a new logo version fetched as an image", async () => {
  const client = testClient(
    {
      "PATCH /api/company/settings/": () => json(200, settings("Acme Group", "2026-11-26T10:00:00.000Z")),
      "GET /api/company/logos/light/": () => new Response(new Blob(["png"], { type: "image/png" }), { status: 200 }),
    },
    { state: admin },
  );
  signedIn(client);
  client.bus.dispatch({ _tag: "SaveCompanySettings", change: { name: "Acme Group" } });
  await client.waitFor("CompanyLogoLoaded");
  const state = client.store.getState();
  assert.is(state.company.settings.value?.name, "Acme Group");
  assert.is(state.session.company?.name, "Acme Group");
  assert.is(state.session.company?.fiscal_year_offset, 3);
  assert.equal(state.session.company?.logos, { light: "2026-11-26T10:00:00.000Z", dark: null });
  assert.is(state.shell.logos.light?.version, "2026-11-26T10:00:00.000Z");
  assert.ok(state.shell.logos.light?.url.startsWith("blob:"));
  assert.is(state.company.action.status, "idle");
  assert.ok(client.events.some((envelope) => envelope.type === "ToastShown"));
});

test("a refused upload keeps the server's words for the logo's panel and changes nothing else", async () => {
  const client = testClient({ "POST /api/company/logos/dark/": () => json(400, { file: ["File type not allowed"] }) }, { state: admin });
  signedIn(client);
  client.bus.dispatch({ _tag: "UploadCompanyLogo", theme: "dark", file: new Blob(["<svg/>"]), fileName: "logo.svg" });
  await client.waitFor("CompanyActionFailed");
  assert.equal(client.store.getState().company.action, { status: "error", action: "logo-dark", message: "file: File type not allowed", fields: { file: ["File type not allowed"] } });
  assert.is(client.store.getState().session.company?.logos, undefined);
});

test("the FX table: the list, then each named rate with its dated rates; the corporate currency has none", async () => {
  const client = testClient(
    {
      "GET /api/kpis/currencies/": () =>
        json(200, { currencies: [{ id: 0, code: "EUR", name: "Corporate currency", exchangeRate: 1, corporate: true }, { id: 4, code: "USD", name: "USD", exchangeRate: 1.1, corporate: false }] }),
      "GET /api/kpis/currencies/4/": () => json(200, { id: 4, code: "USD", name: "USD", exchangeRate: 1.1, corporate: false, rates: [{ validFrom: "2026-01-01", rate: 1.1 }] }),
      "PUT /api/kpis/currencies/4/rates/": () => json(200, { id: 4, code: "USD", name: "USD", exchangeRate: 1.2, corporate: false, rates: [{ validFrom: "2026-01-01", rate: 1.2 }] }),
    },
    { state: admin },
  );
  signedIn(client);
  client.bus.dispatch({ _tag: "LoadFxTable" });
  await client.waitFor("FxTableLoaded");
  assert.equal(client.store.getState().company.fx.currencies.map((currency) => [currency.code, currency.rates.length]), [["EUR", 0], ["USD", 1]]);
  client.bus.dispatch({ _tag: "SaveFxRates", currencyId: 4, rates: [{ validFrom: "2026-01-01", rate: 1.2 }] });
  await client.waitFor("FxRateSaved");
  assert.equal(client.store.getState().company.fx.currencies[1]?.rates, [{ validFrom: "2026-01-01", rate: 1.2 }]);
});

test("another administrator's change reloads the structure while it is open; the company's profile follows in every session", async () => {
  const stream = new Subject<ServerEvent>();
  let loads = 0;
  const structure = { departments: [{ id: 1, kind: "department", name: "Sales", lead: null, members: [], teams: [] }] };
  const client = testClient(
    {
      "GET /api/organization/": () => {
        loads += 1;
        return json(200, loads === 1 ? { departments: [] } : structure);
      },
      "GET /api/organization/people/": () => json(200, { people: [{ id: 3, name: "Ada A" }] }),
    },
    { state: admin, serverEvents: () => stream },
  );
  signedIn(client);
  client.bus.receive(SessionLoaded.make({ profile: profileWith(["manage_company_settings"]), menu: [], company: demoCompany() }), "remote");
  client.bus.dispatch({ _tag: "LoadOrganization" });
  await client.waitFor("OrganizationLoaded");
  assert.equal(client.store.getState().company.organization.people, [{ id: 3, name: "Ada A" }]);
  const event = (seq: number, type: string, payload: unknown): ServerEvent => ({ seq, type, version: 1, payload, actor: "user:9", actorName: "Ben", commandId: null, occurredAt: new Date().toISOString() });
  stream.next(event(5, "OrgUnitCreated", { id: 1, kind: "department", name: "Sales" }));
  stream.next(event(6, "CompanySettingsChanged", { name: "Renamed AG", fiscalYearStartMonth: 1, localCurrency: "CHF", timeZone: "Europe/Zurich" }));
  await new Promise((resolve) => setTimeout(resolve, 400));
  await settle();
  assert.is(loads, 2, "loaded again once");
  assert.equal(client.store.getState().company.organization.structure, structure);
  const company = client.store.getState().session.company;
  assert.equal([company?.name, company?.fiscal_year_offset, company?.localCurrency, company?.timeZone], ["Renamed AG", 0, "CHF", "Europe/Zurich"]);
});

test.run();
