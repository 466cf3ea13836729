import { Schema } from "@effect/schema";
import { Effect } from "effect";
import { concat, concatMap, debounceTime, EMPTY, filter, groupBy, map, mergeMap, of, switchMap, type Observable } from "rxjs";
import { CompanySettings, LOGO_THEMES } from "../../../contracts/company";
import { CurrenciesResponse, CurrencyDetail } from "../../../contracts/kpis";
import type { DomainEvent } from "../../../contracts/messages";
import {
  CompanyActionFailed,
  CompanyActionStarted,
  CompanySettingsLoaded,
  CompanySettingsLoadFailed,
  CompanySettingsLoadStarted,
  CompanySettingsSaved,
  FxRateSaved,
  FxTableLoaded,
  FxTableLoadFailed,
  FxTableLoadStarted,
  OrganizationLoaded,
  OrganizationLoadFailed,
  OrganizationLoadStarted,
  OrgUnitRemoved,
  OrgUnitSaved,
  type CompanyAction,
} from "../../../contracts/messages/company";
import { CompanyLogoVersionChanged, CompanyProfileChanged } from "../../../contracts/messages/company-profile";
import { ToastShown } from "../../../contracts/messages/notifications";
import { OrgPerson, OrgStructure, OrgUnit } from "../../../contracts/organization";
import type { EpicDeps } from "../../app/deps";
import type { AppState } from "../../app/state";
import type { Emitted, Epic } from "../../bus/bus";
import { causedBy, ofCommand, ofEvent } from "../../bus/operators";
import { describeApiError, fieldMessagesOf, type ApiError } from "../../effect/errors";
import type { ApiRequest } from "../../effect/http-client";
import { fromEffect, outcome$ } from "../../effect/observable";
import { selectMayManageCompany } from "./permissions";

type CompanyEpic = Epic<AppState, EpicDeps>;

const failed = (action: CompanyAction) => (error: ApiError): DomainEvent => CompanyActionFailed.make({ action, message: describeApiError(error), fields: fieldMessagesOf(error) });

export const loadSettings: CompanyEpic = ({ command$ }, deps) =>
  command$.pipe(
    ofCommand("LoadCompanySettings"),
    switchMap(({ commandId }) => concat(of(CompanySettingsLoadStarted.make({})), settings$(deps)).pipe(causedBy(commandId))),
  );

/**
 * Changes to the settings and logos keep their order. A saved change is also the shell's: this
 * tab folds it at once (the server's stream leaves out the tab's own events), so the name and
 * the logo change on screen with the answer.
 */
export const changeSettings: CompanyEpic = ({ command$, state$ }, deps) =>
  command$.pipe(
    ofCommand("SaveCompanySettings", "UploadCompanyLogo", "RemoveCompanyLogo"),
    concatMap(({ command, commandId }) => {
      const [action, request]: [CompanyAction, ApiRequest<CompanySettings>] =
        command._tag === "SaveCompanySettings"
          ? ["settings", { root: "main", method: "PATCH", path: "/company/settings/", body: command.change, decode: CompanySettings }]
          : command._tag === "UploadCompanyLogo"
            ? [`logo-${command.theme}`, { root: "main", method: "POST", path: `/company/logos/${command.theme}/`, body: logoForm(command.file, command.fileName), decode: CompanySettings, timeoutMs: 120_000 }]
            : [`logo-${command.theme}`, { root: "main", method: "DELETE", path: `/company/logos/${command.theme}/`, decode: CompanySettings }];
      return concat(
        of(CompanyActionStarted.make({ action })),
        fromEffect(
          deps.api.request(request).pipe(
            Effect.match({
              onSuccess: (settings): DomainEvent[] => [
                CompanySettingsSaved.make({ action, settings }),
                ...profileEvents(state$.value, settings),
                toast(deps, command._tag === "SaveCompanySettings" ? "Company settings saved." : command._tag === "UploadCompanyLogo" ? `The ${command.theme} logo is in place.` : `The ${command.theme} logo was removed.`),
              ],
              onFailure: (error): DomainEvent[] => [failed(action)(error)],
            }),
          ),
        ).pipe(mergeMap((events) => events)),
      ).pipe(causedBy(commandId));
    }),
  );

export const loadOrganization: CompanyEpic = ({ command$, state$ }, deps) =>
  command$.pipe(
    ofCommand("LoadOrganization"),
    switchMap(({ commandId }) => concat(of(OrganizationLoadStarted.make({})), organization$(deps, selectMayManageCompany(state$.value))).pipe(causedBy(commandId))),
  );

export const changeOrganization: CompanyEpic = ({ command$ }, deps) =>
  command$.pipe(
    ofCommand("CreateOrgUnit", "ChangeOrgUnit", "DeleteOrgUnit"),
    concatMap(({ command, commandId }) => {
      const action: CompanyAction = command._tag === "DeleteOrgUnit" ? "unit-delete" : "unit";
      const request$: Observable<DomainEvent> =
        command._tag === "DeleteOrgUnit"
          ? fromEffect(
              deps.api.request({ root: "main", method: "DELETE", path: `/organization/units/${command.unitId}/` }).pipe(
                Effect.match({ onSuccess: (): DomainEvent[] => [OrgUnitRemoved.make({ unitId: command.unitId }), toast(deps, `"${command.name}" was deleted.`)], onFailure: (error): DomainEvent[] => [failed(action)(error)] }),
              ),
            ).pipe(mergeMap((events) => events))
          : outcome$(
              deps.api.request(
                command._tag === "CreateOrgUnit"
                  ? { root: "main", method: "POST", path: "/organization/units/", body: command.unit, decode: OrgUnit }
                  : { root: "main", method: "PATCH", path: `/organization/units/${command.unitId}/`, body: command.change, decode: OrgUnit },
              ),
              (unit): DomainEvent => OrgUnitSaved.make({ unit }),
              failed(action),
            );
      return concat(of(CompanyActionStarted.make({ action })), request$).pipe(causedBy(commandId));
    }),
  );

export const loadFxTable: CompanyEpic = ({ command$ }, deps) =>
  command$.pipe(
    ofCommand("LoadFxTable"),
    switchMap(({ commandId }) => concat(of(FxTableLoadStarted.make({})), fxTable$(deps)).pipe(causedBy(commandId))),
  );

export const changeFxRates: CompanyEpic = ({ command$ }, deps) =>
  command$.pipe(
    ofCommand("CreateFxRate", "RenameFxRate", "SaveFxRates"),
    concatMap(({ command, commandId }) => {
      const [action, request]: [CompanyAction, ApiRequest<CurrencyDetail>] =
        command._tag === "CreateFxRate"
          ? ["fx-create", { root: "main", method: "POST", path: "/kpis/currencies/", body: { name: command.name, code: command.code, rates: command.rates }, decode: CurrencyDetail }]
          : command._tag === "RenameFxRate"
            ? ["fx-rename", { root: "main", method: "PATCH", path: `/kpis/currencies/${command.currencyId}/`, body: { name: command.name, code: command.code }, decode: CurrencyDetail }]
            : ["fx-rates", { root: "main", method: "PUT", path: `/kpis/currencies/${command.currencyId}/rates/`, body: { rates: command.rates }, decode: CurrencyDetail }];
      return concat(
        of(CompanyActionStarted.make({ action })),
        outcome$(deps.api.request(request), (currency): DomainEvent => FxRateSaved.make({ action, currency }), failed(action)),
      ).pipe(causedBy(commandId));
    }),
  );

/** Which open screen a server event type changes. */
const SCREEN_OF: Readonly<Record<string, "organization" | "fx" | "settings">> = {
  OrgUnitCreated: "organization",
  OrgUnitChanged: "organization",
  OrgUnitDeleted: "organization",
  CurrencyCreated: "fx",
  CurrencyChanged: "fx",
  CorporateCurrencyChanged: "fx",
  CompanySettingsChanged: "fx",
  CompanyLogoChanged: "settings",
};
/** A burst of changes (an import of FX rates) reloads a screen once. */
const RELOAD_DEBOUNCE_MS = 300;

/**
 * Another person's change reloads the screen showing it, each screen on its own (a burst for one
 * does not swallow a change for another); screens never opened are not asked for.
 */
export const changedElsewhere: CompanyEpic = ({ event$, state$ }, deps) =>
  event$.pipe(
    ofEvent("ServerEventReceived"),
    map((envelope) => SCREEN_OF[envelope.payload.type]),
    filter((screen): screen is NonNullable<typeof screen> => screen !== undefined),
    groupBy((screen) => screen),
    mergeMap((screen$) =>
      screen$.pipe(
        debounceTime(RELOAD_DEBOUNCE_MS),
        switchMap((screen): Observable<DomainEvent> => {
          const { company } = state$.value;
          if (screen === "organization") return company.organization.status === "loaded" ? organization$(deps, selectMayManageCompany(state$.value)) : EMPTY;
          if (screen === "fx") return company.fx.status === "loaded" ? fxTable$(deps) : EMPTY;
          return company.settings.status === "loaded" ? settings$(deps) : EMPTY;
        }),
      ),
    ),
    map((event): Emitted => ({ event, origin: "remote" })),
  );

export const companyEpics = { loadSettings, changeSettings, loadOrganization, changeOrganization, loadFxTable, changeFxRates, changedElsewhere };

const settings$ = (deps: EpicDeps) =>
  outcome$(
    deps.api.request({ root: "main", method: "GET", path: "/company/settings/", decode: CompanySettings }),
    (settings): DomainEvent => CompanySettingsLoaded.make({ settings }),
    (error): DomainEvent => CompanySettingsLoadFailed.make({ message: describeApiError(error) }),
  );

/** The structure, and for an administrator the people to choose from. */
const organization$ = (deps: EpicDeps, withPeople: boolean) => {
  const people = withPeople ? deps.api.request({ root: "main", method: "GET", path: "/organization/people/", decode: Schema.Struct({ people: Schema.Array(OrgPerson) }) }) : Effect.succeed({ people: [] });
  return outcome$(
    Effect.all([deps.api.request({ root: "main", method: "GET", path: "/organization/", decode: OrgStructure }), people], { concurrency: 2 }),
    ([structure, { people: candidates }]): DomainEvent => OrganizationLoaded.make({ structure, people: candidates }),
    (error): DomainEvent => OrganizationLoadFailed.make({ message: describeApiError(error) }),
  );
};

/** The currency list, then each named rate with its dated rates (a company has a handful). */
const fxTable$ = (deps: EpicDeps) => {
  const load = deps.api.request({ root: "main", method: "GET", path: "/kpis/currencies/", decode: CurrenciesResponse }).pipe(
    Effect.flatMap(({ currencies }) =>
      Effect.all(
        currencies.map((currency) => (currency.corporate ? Effect.succeed({ ...currency, rates: [] }) : deps.api.request({ root: "main", method: "GET", path: `/kpis/currencies/${currency.id}/`, decode: CurrencyDetail }))),
        { concurrency: 4 },
      ),
    ),
  );
  return outcome$(load, (currencies): DomainEvent => FxTableLoaded.make({ currencies }), (error): DomainEvent => FxTableLoadFailed.make({ message: describeApiError(error) }));
};

const toast = (deps: EpicDeps, text: string): DomainEvent => ToastShown.make({ id: deps.ids(), tone: "success", text, action: null });

function logoForm(file: Blob, fileName: string): FormData {
  const form = new FormData();
  form.append("file", file, fileName);
  return form;
}

/** What the shell folds from saved settings: the profile, and each logo whose version changed. */
function profileEvents(state: AppState, settings: CompanySettings): DomainEvent[] {
  const company = state.session.company;
  const profile = CompanyProfileChanged.make({ name: settings.name, fiscalYearStartMonth: settings.fiscalYearStartMonth, localCurrency: settings.localCurrency, timeZone: settings.timeZone });
  const logos = LOGO_THEMES.filter((theme) => (company?.logos?.[theme] ?? null) !== (settings.logos[theme]?.version ?? null)).map((theme) =>
    CompanyLogoVersionChanged.make({ theme, version: settings.logos[theme]?.version ?? null }),
  );
  return [profile, ...logos];
}
