import { useEffect, useMemo, useState } from "react";
import type { CompanySettings, CompanySettingsChange } from "../../../../contracts/company";
import { timeZoneLabel, timeZoneNames } from "../../../../domain/company/time-zones";
import type { AppState } from "../../../app/state";
import { useDispatch, useModel } from "../../../bus/use-model";
import { Alert } from "../../../ui/alert";
import { Button } from "../../../ui/button";
import { Card } from "../../../ui/card";
import { FormField } from "../../../ui/form-field";
import { Select, TextInput } from "../../../ui/inputs";
import { Cluster, Page, Stack, TileGrid } from "../../../ui/layout";
import { PageHeader } from "../../../ui/page-header";
import { ErrorState, LoadingState, PermissionDenied } from "../../../ui/states";
import { selectMayManageCompany } from "../permissions";
import { LogoPanel } from "./logo-panel";

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/**
 * settings/company-settings: the company's name, fiscal year start, local currency, time zone and
 * its light and dark logos. Company administrators only (spec section 6); others see why not and
 * nothing is asked of the server for them.
 */
export default function CompanySettingsScreen() {
  const allowed = useModel(selectMayManageCompany);
  return allowed ? <CompanySettingsPage /> : <PermissionDenied />;
}

function CompanySettingsPage() {
  const dispatch = useDispatch();
  const settings = useModel((state: AppState) => state.company.settings);
  useEffect(() => {
    dispatch({ _tag: "LoadCompanySettings" });
  }, [dispatch]);
  return (
    <Page>
      <PageHeader title="Company settings" description="The company's name, fiscal year, currency and time zone, and the logos every user sees." />
      {settings.status === "error" ? (
        <ErrorState message={settings.message ?? "The company settings could not be loaded."} onRetry={() => dispatch({ _tag: "LoadCompanySettings" })} />
      ) : settings.value === null ? (
        <LoadingState label="Loading the company settings…" />
      ) : (
        <Stack $gap="lg">
          <CompanyForm settings={settings.value} />
          <Card title="Logos">
            <Stack>
              <p>PNG or JPEG up to 5 MB. The logo of the theme on screen replaces the product name at the top of every user's menu and on printed pages; an image taller than 60 px is scaled down to fit.</p>
              <TileGrid $min="300px">
                <LogoPanel theme="light" logo={settings.value.logos.light} />
                <LogoPanel theme="dark" logo={settings.value.logos.dark} />
              </TileGrid>
            </Stack>
          </Card>
        </Stack>
      )}
    </Page>
  );
}

interface Draft {
  readonly name: string;
  readonly fiscalYearStartMonth: number;
  readonly localCurrency: string;
  readonly timeZone: string;
}

const draftOf = (settings: CompanySettings): Draft => ({ name: settings.name, fiscalYearStartMonth: settings.fiscalYearStartMonth, localCurrency: settings.localCurrency, timeZone: settings.timeZone });

/** Only what the person changed is sent, so another administrator's change to another field stays. */
function changeOf(draft: Draft, saved: Draft): CompanySettingsChange {
  return {
    ...(draft.name !== saved.name ? { name: draft.name } : {}),
    ...(draft.fiscalYearStartMonth !== saved.fiscalYearStartMonth ? { fiscalYearStartMonth: draft.fiscalYearStartMonth } : {}),
    ...(draft.localCurrency !== saved.localCurrency ? { localCurrency: draft.localCurrency } : {}),
    ...(draft.timeZone !== saved.timeZone ? { timeZone: draft.timeZone } : {}),
  };
}

function CompanyForm({ settings }: { settings: CompanySettings }) {
  const dispatch = useDispatch();
  const action = useModel((state: AppState) => state.company.action);
  const saved = useMemo(() => draftOf(settings), [settings]);
  const [draft, setDraft] = useState<Draft>(saved);
  // A save (or another administrator's change) resets the fields to what is stored.
  useEffect(() => setDraft(saved), [saved]);
  const change = changeOf(draft, saved);
  const dirty = Object.keys(change).length > 0;
  const mine = action.action === "settings";
  const errors = mine && action.status === "error" ? action.fields : {};
  const otherError = mine && action.status === "error" && Object.keys(action.fields).length === 0 ? action.message : null;
  const zones = useTimeZoneOptions(draft.timeZone);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((current) => ({ ...current, [key]: value }));
  return (
    <Card title="Company">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (dirty) dispatch({ _tag: "SaveCompanySettings", change });
        }}
      >
        <Stack>
          <TileGrid $min="260px">
            <FormField label="Company name" required error={errors["name"]}>
              <TextInput value={draft.name} maxLength={120} onChange={(event) => set("name", event.target.value)} />
            </FormField>
            <FormField label="Fiscal year starts in" error={errors["fiscalYearStartMonth"]} help="Year to date and full year figures follow it.">
              <Select value={draft.fiscalYearStartMonth} onChange={(event) => set("fiscalYearStartMonth", Number(event.target.value))} options={MONTHS.map((label, index) => ({ value: index + 1, label }))} />
            </FormField>
            <FormField label="Local currency" error={errors["localCurrency"]} help="Three letters, e.g. EUR. Values are stored in it; FX rates convert from it.">
              <TextInput value={draft.localCurrency} maxLength={3} autoCapitalize="characters" onChange={(event) => set("localCurrency", event.target.value.toUpperCase())} />
            </FormField>
            <FormField label="Time zone" error={errors["timeZone"]} help="When alerts and reminders go out.">
              <Select value={draft.timeZone} onChange={(event) => set("timeZone", event.target.value)} options={zones} />
            </FormField>
          </TileGrid>
          {otherError ? <Alert tone="danger">{otherError}</Alert> : null}
          <Cluster>
            <Button type="submit" variant="primary" disabled={!dirty} busy={mine && action.status === "busy"}>
              Save changes
            </Button>
            <Button disabled={!dirty} onClick={() => setDraft(saved)}>
              Discard changes
            </Button>
          </Cluster>
        </Stack>
      </form>
    </Card>
  );
}

/** Every IANA zone with its offset today; the stored one stays in the list even if the runtime knows it only as an alias. */
function useTimeZoneOptions(current: string) {
  return useMemo(() => {
    const now = new Date();
    const names = timeZoneNames().includes(current) ? timeZoneNames() : [current, ...timeZoneNames()];
    return names.map((name) => ({ value: name, label: timeZoneLabel(name, now) }));
  }, [current]);
}
