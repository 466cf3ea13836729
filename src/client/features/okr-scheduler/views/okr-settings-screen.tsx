import { useEffect, useMemo, useState } from "react";
import { styled } from "styled-components";
import type { OkrSettings, OkrSettingsChange } from "../../../../contracts/okr-scheduler";
import { MAX_STATUS_OPTIONS, type StatusOption } from "../../../../contracts/okrs";
import type { AppState } from "../../../app/state";
import { useDispatch, useModel } from "../../../bus/use-model";
import { Alert } from "../../../ui/alert";
import { Button, ButtonLink } from "../../../ui/button";
import { Card } from "../../../ui/card";
import { useConfirm } from "../../../ui/confirm";
import { FormField, useField } from "../../../ui/form-field";
import { Checkbox, NumberInput, Select, TextInput } from "../../../ui/inputs";
import { Cluster, Page, Stack, TileGrid } from "../../../ui/layout";
import { PageHeader } from "../../../ui/page-header";
import { ErrorState, LoadingState, PermissionDenied } from "../../../ui/states";
import { RADIUS, SPACE } from "../../../ui/tokens";
import { actionFor } from "../model";
import { CADENCE_OPTIONS, SPLIT_OPTIONS, selectMayManageOkrSettings, selectStatusAccess, WEEKDAY_OPTIONS } from "../scheduler-texts";

/**
 * settings/okr-settings: the status options key results and objectives take (list, add, rename,
 * recolour, reorder, delete, at most MAX_STATUS_OPTIONS), the defaults of new planning years
 * (split, phase dates) and of new check-in schedules (cadence, reminder time), and the way to
 * the organizational structure whose units are the OKR categories.
 */
export default function OkrSettingsScreen() {
  const allowed = useModel(selectMayManageOkrSettings);
  return allowed ? <OkrSettingsPage /> : <PermissionDenied />;
}

function OkrSettingsPage() {
  const dispatch = useDispatch();
  const model = useModel((state: AppState) => state.okrScheduler.settings);
  useEffect(() => {
    dispatch({ _tag: "LoadOkrSettings" });
  }, [dispatch]);
  return (
    <Page>
      <PageHeader title="OKR settings" description="Status options, the OKR planning year and the check-in reminders every new schedule starts from." />
      {model.status === "error" ? (
        <ErrorState message={model.message ?? "The OKR settings could not be loaded."} onRetry={() => dispatch({ _tag: "LoadOkrSettings" })} />
      ) : model.status !== "loaded" || !model.value ? (
        <LoadingState label="Loading the OKR settings…" />
      ) : (
        <Stack $gap="xl">
          <StatusOptionsCard statuses={model.statuses} />
          <DefaultsCard settings={model.value} />
          <Card title="Organizational categories">
            <Stack>
              <p>Team objectives belong to the departments and teams of the organizational structure: add, rename or remove categories there.</p>
              <Cluster>
                <ButtonLink href="/settings/organizational-structure">Open the organizational structure</ButtonLink>
                <ButtonLink href="/objectives/scheduler" variant="quiet">
                  Open the OKR scheduler
                </ButtonLink>
              </Cluster>
            </Stack>
          </Card>
        </Stack>
      )}
    </Page>
  );
}

// ── status options ──────────────────────────────────────────────────────────
const NEW_COLOURS = ["#2f855a", "#b7791f", "#c53030", "#2b6cb0", "#6b46c1", "#4a5568", "#dd6b20", "#00838f"];

function StatusOptionsCard({ statuses }: { statuses: readonly StatusOption[] }) {
  const dispatch = useDispatch();
  const access = useModel(selectStatusAccess);
  const create = useModel((state: AppState) => actionFor(state.okrScheduler, "status-create", null));
  const [name, setName] = useState("");
  const [color, setColor] = useState(NEW_COLOURS[statuses.length % NEW_COLOURS.length]!);
  const full = statuses.length >= MAX_STATUS_OPTIONS;
  // A status added: the form empties for the next one.
  useEffect(() => {
    setName("");
    setColor(NEW_COLOURS[statuses.length % NEW_COLOURS.length]!);
  }, [statuses.length]);
  return (
    <Card title="Status options" data-testid="status-options">
      <Stack>
        <p>
          The statuses objectives and key results can carry, in this order. A company has at most {MAX_STATUS_OPTIONS}; deleting one clears it from what carries it.
        </p>
        {!access.read ? (
          <Alert tone="info">Reading the status options takes a permission to read OKRs; ask an administrator.</Alert>
        ) : statuses.length === 0 ? (
          <p>No status options yet.</p>
        ) : null}
        {!access.edit && access.read ? <Alert tone="info">Writers of corporate OKRs and company administrators change the status options.</Alert> : null}
        <StatusList>
          {statuses.map((status, index) =>
            access.edit ? (
              <StatusRow key={status.id} status={status} first={index === 0} last={index === statuses.length - 1} index={index} />
            ) : (
              <li key={status.id} data-testid={`status-${status.name}`}>
                <Cluster $gap="sm">
                  <span className="swatch" style={{ background: status.color }} aria-hidden="true" />
                  {status.name}
                </Cluster>
              </li>
            ),
          )}
        </StatusList>
        {access.edit ? (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            dispatch({ _tag: "CreateStatusOption", name: name.trim(), color });
          }}
        >
          <Cluster $gap="sm" style={{ alignItems: "flex-end" }}>
            <FormField label="New status" error={create.fields["name"]}>
              <TextInput value={name} maxLength={60} onChange={(event) => setName(event.target.value)} disabled={full} placeholder="e.g. On track" />
            </FormField>
            <FormField label="Colour" error={create.fields["color"]}>
              <FieldColourInput value={color} onChange={setColor} disabled={full} />
            </FormField>
            <Button type="submit" variant="primary" disabled={full || name.trim() === ""} busy={create.busy}>
              Add status
            </Button>
          </Cluster>
        </form>
        ) : null}
        {full && access.edit ? <Alert tone="info">The company has {MAX_STATUS_OPTIONS} status options, the most it may have: delete one to add another.</Alert> : null}
        {create.message && Object.keys(create.fields).length === 0 ? <Alert tone="danger">{create.message}</Alert> : null}
      </Stack>
    </Card>
  );
}

function StatusRow({ status, first, last, index }: { status: StatusOption; first: boolean; last: boolean; index: number }) {
  const dispatch = useDispatch();
  const confirm = useConfirm();
  const state = useModel((model: AppState) => actionFor(model.okrScheduler, "status", status.id));
  const removing = useModel((model: AppState) => actionFor(model.okrScheduler, "status-delete", status.id));
  const [name, setName] = useState(status.name);
  const [color, setColor] = useState(status.color);
  useEffect(() => {
    setName(status.name);
    setColor(status.color);
  }, [status.name, status.color]);
  const change = { ...(name.trim() !== status.name ? { name: name.trim() } : {}), ...(color !== status.color ? { color } : {}) };
  const dirty = Object.keys(change).length > 0;
  const problems = [...Object.values(state.fields).flat(), ...(state.message && Object.keys(state.fields).length === 0 ? [state.message] : []), ...(removing.message ? [removing.message] : [])];
  return (
    <li data-testid={`status-${status.name}`}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (dirty) dispatch({ _tag: "ChangeStatusOption", statusId: status.id, change });
        }}
      >
        <Cluster $gap="sm">
          <span className="swatch" style={{ background: status.color }} aria-hidden="true" />
          <TextInput controlSize="sm" aria-label={`Name of status ${status.name}`} value={name} maxLength={60} onChange={(event) => setName(event.target.value)} style={{ width: "14rem" }} />
          <ColourInput type="color" aria-label={`Colour of status ${status.name}`} value={color} onChange={(event) => setColor(event.target.value)} />
          <Button type="submit" size="sm" variant="primary" disabled={!dirty} busy={state.busy}>
            Save
          </Button>
          <Button size="sm" disabled={first} aria-label={`Move ${status.name} up`} onClick={() => dispatch({ _tag: "ChangeStatusOption", statusId: status.id, change: { position: index - 1 } })}>
            Up
          </Button>
          <Button size="sm" disabled={last} aria-label={`Move ${status.name} down`} onClick={() => dispatch({ _tag: "ChangeStatusOption", statusId: status.id, change: { position: index + 1 } })}>
            Down
          </Button>
          <Button
            size="sm"
            variant="quiet"
            busy={removing.busy}
            aria-label={`Delete status ${status.name}`}
            onClick={async () => {
              if (await confirm({ title: `Delete the status "${status.name}"?`, message: "Objectives and key results with this status keep no status.", confirmLabel: "Delete", tone: "danger" })) {
                dispatch({ _tag: "DeleteStatusOption", statusId: status.id, name: status.name });
              }
            }}
          >
            Delete
          </Button>
        </Cluster>
      </form>
      {problems.length > 0 ? <Alert tone="danger">{problems.join(" ")}</Alert> : null}
    </li>
  );
}

const StatusList = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${SPACE.sm};
  li { padding: ${SPACE.sm} 0; border-bottom: 1px solid ${(p) => p.theme.border}; }
  .swatch { width: 16px; height: 16px; border-radius: 50%; border: 1px solid ${(p) => p.theme.borderStrong}; }
`;

/** A colour input that takes its FormField's label, help and error. */
function FieldColourInput({ value, onChange, disabled }: { value: string; onChange: (value: string) => void; disabled?: boolean }) {
  const field = useField();
  return <ColourInput type="color" value={value} onChange={(event) => onChange(event.target.value)} disabled={disabled} id={field?.id} aria-describedby={field?.["aria-describedby"]} aria-invalid={field?.["aria-invalid"]} />;
}

const ColourInput = styled.input`
  width: 44px;
  height: 32px;
  padding: 2px;
  border: 1px solid ${(p) => p.theme.borderStrong};
  border-radius: ${RADIUS.sm};
  background: ${(p) => p.theme.surface};
  cursor: pointer;
`;

// ── defaults ────────────────────────────────────────────────────────────────
type Draft = Omit<OkrSettings, "timeZone">;
const draftOf = ({ timeZone: _, ...settings }: OkrSettings): Draft => settings;

function DefaultsCard({ settings }: { settings: OkrSettings }) {
  const dispatch = useDispatch();
  const state = useModel((model: AppState) => actionFor(model.okrScheduler, "settings", null));
  // Keyed by the values: a reload that changes nothing keeps what the person is typing.
  const key = JSON.stringify(draftOf(settings));
  const saved = useMemo<Draft>(() => JSON.parse(key), [key]);
  const [draft, setDraft] = useState<Draft>(saved);
  useEffect(() => setDraft(saved), [saved]);
  const change = Object.fromEntries(Object.entries(draft).filter(([key, value]) => saved[key as keyof Draft] !== value)) as OkrSettingsChange;
  const dirty = Object.keys(change).length > 0;
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((current) => ({ ...current, [key]: value }));
  const error = (key: keyof Draft) => state.fields[key];
  return (
    <Card title="Planning years and check-ins" data-testid="okr-defaults">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (dirty) dispatch({ _tag: "SaveOkrSettings", change });
        }}
      >
        <Stack>
          <p>
            New planning years and new check-in schedules start from these; existing ones keep their dates and rhythm. Times are in the company's time zone, {settings.timeZone}.
          </p>
          <TileGrid $min="220px">
            <FormField label="OKR periods" error={error("split")} help="How a fiscal year is split.">
              <Select value={draft.split} options={SPLIT_OPTIONS} onChange={(event) => set("split", event.target.value as Draft["split"])} />
            </FormField>
            <FormField label="Drafting opens (days before a period)" error={error("draftLeadDays")}>
              <NumberInput min={0} max={92} value={draft.draftLeadDays} onChange={(event) => set("draftLeadDays", Number(event.target.value))} />
            </FormField>
            <FormField label="Objectives set (days into a period)" error={error("setDays")}>
              <NumberInput min={0} max={60} value={draft.setDays} onChange={(event) => set("setDays", Number(event.target.value))} />
            </FormField>
            <FormField label="Review opens (days before a period ends)" error={error("reviewLeadDays")}>
              <NumberInput min={0} max={60} value={draft.reviewLeadDays} onChange={(event) => set("reviewLeadDays", Number(event.target.value))} />
            </FormField>
            <FormField label="Default check-in cadence" error={error("defaultCadence")}>
              <Select value={draft.defaultCadence} options={CADENCE_OPTIONS} onChange={(event) => set("defaultCadence", event.target.value as Draft["defaultCadence"])} />
            </FormField>
            {draft.defaultCadence === "monthly" ? (
              <FormField label="Day of the month" error={error("defaultDayOfMonth")} help="29 to 31: the last day in shorter months.">
                <NumberInput min={1} max={31} value={draft.defaultDayOfMonth} onChange={(event) => set("defaultDayOfMonth", Number(event.target.value))} />
              </FormField>
            ) : (
              <FormField label="Check-in day" error={error("defaultWeekday")}>
                <Select value={draft.defaultWeekday} options={WEEKDAY_OPTIONS} onChange={(event) => set("defaultWeekday", Number(event.target.value))} />
              </FormField>
            )}
            <FormField label="Reminder time" error={error("defaultTime")} help="Also when the draft, set and review reminders go out.">
              <TextInput type="time" value={draft.defaultTime} onChange={(event) => set("defaultTime", event.target.value)} />
            </FormField>
          </TileGrid>
          <Checkbox label="Send draft, set and review reminders" help="To everyone who writes OKRs (draft, set) and to the people responsible for the period's objectives (review)." checked={draft.phaseReminders} onChange={(event) => set("phaseReminders", event.target.checked)} />
          {state.message && Object.keys(state.fields).length === 0 ? <Alert tone="danger">{state.message}</Alert> : null}
          <Cluster>
            <Button type="submit" variant="primary" disabled={!dirty} busy={state.busy}>
              Save settings
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

