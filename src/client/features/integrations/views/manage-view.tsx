import { useContext, useEffect, useState, type FormEvent } from "react";
import { Link } from "wouter";
import { styled } from "styled-components";
import type { IntegrationDetail, SyncSchedule, WritableKpi } from "../../../../contracts/integrations";
import { scheduleLabel } from "../../../../domain/integrations/schedule";
import { catalogueEntry, INTEGRATION_PATHS } from "../../../../domain/integrations/catalogue";
import { monthIndexOf, monthRangeLabel } from "../../../../domain/months";
import { useNow } from "../../../app/clock";
import type { AppState } from "../../../app/state";
import { BusContext, useDispatch, useModel } from "../../../bus/use-model";
import { Alert } from "../../../ui/alert";
import { Button } from "../../../ui/button";
import { Card } from "../../../ui/card";
import { useConfirm } from "../../../ui/confirm";
import { DataTable } from "../../../ui/data-table";
import { FormField } from "../../../ui/form-field";
import { TextInput } from "../../../ui/inputs";
import { Cluster, Page, Stack } from "../../../ui/layout";
import { PageHeader } from "../../../ui/page-header";
import { EmptyState, ErrorState, LoadingState } from "../../../ui/states";
import { SPACE, TYPE_SCALE } from "../../../ui/tokens";
import { formErrors } from "../../account/form-errors";
import { clockTime, Muted, RunBadge, RunLog, runTime, StatusBadge } from "./integration-parts";
import { KpiField, PreviewResult, QueryField, ScheduleField } from "./source-fields";

export const INTEGRATION_NOT_FOUND_TEXT = "This integration does not exist (any more).";

/**
 * /integration/{id}: one integration — its state in the spec's words, Sync now (refused for the
 * waiting time with the server's message), what its last sync wrote, its sync log, changing its
 * query and KPI, reconnecting with new credentials, and removing it after a question.
 */
export function ManageView({ id }: { id: number }) {
  const dispatch = useDispatch();
  const detail = useModel((state: AppState) => state.integrations.detail);
  const overview = useModel((state: AppState) => state.integrations.overview);
  useEffect(() => {
    dispatch({ _tag: "LoadIntegration", id });
    // The KPIs a changed query may write to come with the overview.
    dispatch({ _tag: "LoadIntegrations" });
    return () => void dispatch({ _tag: "DiscardIntegrationPreview" });
  }, [dispatch, id]);

  const data = detail.id === id ? detail.data : null;
  if (!data) {
    const failed = detail.id === id && detail.status === "error";
    return (
      <Page aria-busy={!failed}>
        <PageHeader title={failed && detail.notFound ? "Integration not found" : "Integration"} breadcrumbs={[{ label: "Integrations", href: INTEGRATION_PATHS.overview }]} />
        {failed ? (
          detail.notFound ? (
            <EmptyState title={INTEGRATION_NOT_FOUND_TEXT} text={<Link href={INTEGRATION_PATHS.overview}>Back to the integrations</Link>} />
          ) : (
            <ErrorState message={detail.message ?? "The integration could not be loaded."} onRetry={() => dispatch({ _tag: "LoadIntegration", id })} />
          )
        ) : (
          <LoadingState label="Loading the integration…" />
        )}
      </Page>
    );
  }
  return <Manage integration={data} kpis={overview.data?.writableKpis ?? []} />;
}

function Manage({ integration, kpis }: { integration: IntegrationDetail; kpis: readonly WritableKpi[] }) {
  const dispatch = useDispatch();
  const confirm = useConfirm();
  const syncing = useModel((state: AppState) => state.integrations.syncing === integration.id);
  const notice = useModel((state: AppState) => (state.integrations.syncNotice?.id === integration.id ? state.integrations.syncNotice.message : null));
  const now = new Date(useNow(15_000));
  const [reconnecting, setReconnecting] = useState(integration.status === "needs_sign_in");
  const connector = catalogueEntry(integration.kind)?.label ?? integration.kind;

  const remove = async () => {
    const yes = await confirm({
      title: `Remove ${integration.name}?`,
      message: "Its connection is deleted and it no longer synchronizes. The values it synchronized stay in the KPIs.",
      confirmLabel: "Remove",
      tone: "danger",
    });
    if (yes) dispatch({ _tag: "RemoveIntegration", id: integration.id, name: integration.name });
  };

  return (
    <Page>
      <PageHeader
        title={integration.name}
        breadcrumbs={[
          { label: "Integrations", href: INTEGRATION_PATHS.overview },
          { label: integration.name, href: INTEGRATION_PATHS.manage(integration.id) },
        ]}
        titleAddon={<StatusBadge integration={integration} />}
        description={
          <>
            {connector} · <Mono>{integration.target}</Mono>
            {integration.owner ? ` · writes with the permissions of ${integration.owner}` : null}
          </>
        }
        actions={
          <>
            <Button variant="primary" busy={syncing} onClick={() => dispatch({ _tag: "SyncIntegration", id: integration.id })}>
              Sync now
            </Button>
            <Button onClick={() => setReconnecting((open) => !open)} aria-expanded={reconnecting}>
              Reconnect
            </Button>
            <Button variant="danger" onClick={() => void remove()}>
              Remove
            </Button>
          </>
        }
      />
      {notice ? (
        <Alert tone="info" title="Sync now has to wait" data-testid="rerun-wait">
          {notice}
        </Alert>
      ) : null}
      <StatusAlert integration={integration} onReconnect={() => setReconnecting(true)} />
      {reconnecting ? <ReconnectForm integration={integration} onDone={() => setReconnecting(false)} /> : null}
      <Muted>
        {integration.nextSyncAt ? `${scheduleLabel(integration.schedule)}: synchronizes by itself next at ${clockTime(integration.nextSyncAt, now)}.` : "No scheduled sync: reconnect it first."}
        {integration.retryAt ? ` The last sync failed; it tries again at ${clockTime(integration.retryAt, now)}.` : ""}
        {integration.rerunAt ? ` Sync now is possible again at ${clockTime(integration.rerunAt, now)}.` : ""}
      </Muted>
      <Card title="Synchronized values">
        {integration.values.length === 0 ? (
          <EmptyState headingLevel={3} title="No values yet" text='The values of the last successful sync show here. Press "Sync now" to run one.' />
        ) : (
          <DataTable
            label="Values of the last successful sync"
            rows={integration.values}
            rowKey={(row) => row.kpi.id}
            maxHeight="none"
            columns={[
              { key: "kpi", header: "KPI", rowHeader: true, cell: (row) => <Link href={`/reporting/kpi-detail/${row.kpi.id}`}>{row.kpi.name}</Link> },
              { key: "months", header: "Months", numeric: true, cell: (row) => row.count },
              { key: "range", header: "From – to", cell: (row) => monthRangeLabel(monthIndexOf(row.first), monthIndexOf(row.last)) },
            ]}
          />
        )}
      </Card>
      <SyncLog integration={integration} now={now} />
      <ChangeForm integration={integration} kpis={kpis} />
    </Page>
  );
}

function StatusAlert({ integration, onReconnect }: { integration: IntegrationDetail; onReconnect: () => void }) {
  if (integration.status === "connected") return null;
  if (integration.status === "needs_sign_in") {
    return (
      <Alert tone="warning" title={integration.statusText} action={<Button size="sm" onClick={onReconnect}>Reconnect</Button>}>
        The source refused the credentials. Reconnect with a connection that signs in.
      </Alert>
    );
  }
  return (
    <Alert tone="danger" title={integration.statusText}>
      {integration.lastRun?.log.at(-1)?.message ?? "The last sync failed."} The sync log below has the details.
    </Alert>
  );
}

function SyncLog({ integration, now }: { integration: IntegrationDetail; now: Date }) {
  const [first, ...older] = integration.runs;
  return (
    <Card title="Sync log">
      {!first ? (
        <Muted>No sync has run yet.</Muted>
      ) : (
        <Stack $gap="md">
          <Run run={first} now={now} open />
          {older.map((run) => (
            <Run key={run.id} run={run} now={now} open={false} />
          ))}
        </Stack>
      )}
    </Card>
  );
}

function Run({ run, now, open }: { run: IntegrationDetail["runs"][number]; now: Date; open: boolean }) {
  return (
    <RunBox open={open} data-run-state={run.state}>
      <summary>
        <RunBadge run={run} /> <span className="when">{runTime(run, now)}</span>
        {run.requestedBy ? <span className="who"> · asked by {run.requestedBy}</span> : <span className="who"> · daily sync</span>}
      </summary>
      <RunLog run={run} />
    </RunBox>
  );
}

/** New credentials: the server reads the source with them before it keeps them. */
function ReconnectForm({ integration, onDone }: { integration: IntegrationDetail; onDone: () => void }) {
  const bus = useContext(BusContext);
  const [connection, setConnection] = useState("");
  const [sent, setSent] = useState<string | null>(null);
  const outcome = useModel((state: AppState) => (sent ? state.integrations.outcomes[sent] : undefined));
  useEffect(() => {
    if (outcome?.ok) onDone();
  }, [outcome, onDone]);
  const errors = formErrors(outcome && !outcome.ok ? outcome.fields : {}, ["connection"]);
  const general = errors.rest || (outcome && !outcome.ok && !errors.byField["connection"] ? outcome.message : "");
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (sent && !outcome) return;
    setSent(bus!.dispatch({ _tag: "ReconnectIntegration", id: integration.id, connection }).commandId);
  };
  return (
    <Card title="Reconnect">
      <Form method="post" onSubmit={submit} aria-label="Reconnect" noValidate>
        {general ? <Alert tone="danger">{general}</Alert> : null}
        <FormField label={integration.kind === "postgresql" ? "New connection string" : "New address"} required error={errors.byField["connection"]} help="The source is read once to check it; then it replaces the stored connection.">
          <TextInput name="connection" type="password" autoComplete="off" spellCheck={false} value={connection} onChange={(event) => setConnection(event.target.value)} />
        </FormField>
        <Cluster $justify="end">
          <Button onClick={onDone}>Cancel</Button>
          <Button type="submit" variant="primary" busy={!!sent && !outcome}>
            Reconnect
          </Button>
        </Cluster>
      </Form>
    </Card>
  );
}

/** The name, the query and the KPI; a changed query or KPI is previewed with the stored connection. */
function ChangeForm({ integration, kpis }: { integration: IntegrationDetail; kpis: readonly WritableKpi[] }) {
  const bus = useContext(BusContext);
  const preview = useModel((state: AppState) => state.integrations.preview);
  const [name, setName] = useState(integration.name);
  const [query, setQuery] = useState(integration.query);
  const [kpi, setKpi] = useState<number | null>(integration.kpi?.id ?? null);
  const [schedule, setSchedule] = useState<SyncSchedule>(integration.schedule);
  const [previewed, setPreviewed] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const outcome = useModel((state: AppState) => (sent ? state.integrations.outcomes[sent] : undefined));
  const inputs = JSON.stringify([query, kpi]);
  const mappingChanged = query !== integration.query || kpi !== (integration.kpi?.id ?? null);
  const errors = formErrors(outcome && !outcome.ok ? outcome.fields : preview.status === "error" ? preview.fields : {}, ["name", "query", "kpi"]);
  const general = errors.rest || (outcome && !outcome.ok && Object.keys(errors.byField).length === 0 ? outcome.message : "");
  const runPreview = () => {
    setPreviewed(inputs);
    bus!.dispatch({ _tag: "PreviewIntegration", kind: integration.kind, connection: null, integrationId: integration.id, query, kpi });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (sent && !outcome) return;
    setSent(bus!.dispatch({ _tag: "ChangeIntegration", id: integration.id, name, query, kpi, schedule }).commandId);
  };
  return (
    <Card title="Query, KPI and schedule">
      <Form method="post" onSubmit={submit} aria-label="Change the integration" noValidate>
        {general ? <Alert tone="danger">{general}</Alert> : null}
        <FormField label="Name" required error={errors.byField["name"]}>
          <TextInput name="name" autoComplete="off" value={name} onChange={(event) => setName(event.target.value)} />
        </FormField>
        {integration.kind === "postgresql" ? <QueryField value={query} onChange={setQuery} error={errors.byField["query"]} /> : null}
        <KpiField kpis={kpis} value={kpi} onChange={setKpi} error={errors.byField["kpi"]} />
        <ScheduleField value={schedule} onChange={setSchedule} />
        {mappingChanged ? <Muted>Saving reads the source once to check the query; the sync then writes with your permissions.</Muted> : null}
        <Cluster $justify="end">
          <Button onClick={runPreview} busy={preview.status === "loading"}>
            Preview
          </Button>
          <Button type="submit" variant="primary" busy={!!sent && !outcome}>
            Save
          </Button>
        </Cluster>
        {previewed !== null && preview.status === "loaded" && preview.data ? <PreviewResult preview={preview.data} kpis={kpis} stale={previewed !== inputs} /> : null}
      </Form>
    </Card>
  );
}

const Form = styled.form`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: ${SPACE.lg};
`;

const Mono = styled.span`
  font-family: ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace;
  font-size: ${TYPE_SCALE.sm.size};
  overflow-wrap: anywhere;
`;

const RunBox = styled.details`
  display: grid;
  gap: ${SPACE.sm};
  padding-bottom: ${SPACE.sm};
  border-bottom: 1px solid ${(p) => p.theme.border};
  &:last-child { border-bottom: 0; padding-bottom: 0; }
  summary { cursor: pointer; display: flex; flex-wrap: wrap; align-items: center; gap: ${SPACE.xs}; margin-bottom: ${SPACE.sm}; }
  .when, .who { color: ${(p) => p.theme.textMuted}; font-size: ${TYPE_SCALE.sm.size}; }
`;
