import { useContext, useEffect, useState, type FormEvent } from "react";
import { styled } from "styled-components";
import type { IntegrationKind, SyncSchedule } from "../../../../contracts/integrations";
import { DEFAULT_SYNC_SCHEDULE } from "../../../../domain/integrations/schedule";
import { catalogueEntry, INTEGRATION_PATHS } from "../../../../domain/integrations/catalogue";
import type { AppState } from "../../../app/state";
import { BusContext, useDispatch, useModel } from "../../../bus/use-model";
import { Alert } from "../../../ui/alert";
import { Button, ButtonLink } from "../../../ui/button";
import { Card } from "../../../ui/card";
import { FormField } from "../../../ui/form-field";
import { TextInput } from "../../../ui/inputs";
import { Cluster, Page } from "../../../ui/layout";
import { useUnsavedChangesGuard } from "../../../ui/navigation-guard";
import { PageHeader } from "../../../ui/page-header";
import { ErrorState, LoadingState } from "../../../ui/states";
import { SPACE } from "../../../ui/tokens";
import { formErrors } from "../../account/form-errors";
import { KpiField, PreviewResult, QueryField, ScheduleField } from "./source-fields";

/** The API's names of the fields this form shows; other messages go in the alert above it. */
const FIELDS = ["name", "connection", "query", "kpi", "kind"] as const;

const CONNECTION_TEXT: Record<IntegrationKind, { label: string; help: string; placeholder: string }> = {
  postgresql: {
    label: "Connection string",
    help: "postgres://user:password@host:5432/database (sslmode=require or verify-full may follow). It is stored encrypted and never shown again.",
    placeholder: "postgres://reader:••••@db.example.com:5432/warehouse",
  },
  "csv-url": {
    label: "Address of the CSV file",
    help: "An https address on a host your operator allows. A token in the address is stored encrypted and never shown again.",
    placeholder: "https://files.example.com/kpis.csv?token=…",
  },
};

/**
 * /integration/{connector}: connect a source. The person previews what the connection and the
 * query would write (nothing is written), then connects; the server reads the source once more to
 * check it before it stores the connection.
 */
export function ConnectView({ kind }: { kind: IntegrationKind }) {
  const dispatch = useDispatch();
  const overview = useModel((state: AppState) => state.integrations.overview);
  useEffect(() => {
    dispatch({ _tag: "LoadIntegrations" });
    return () => void dispatch({ _tag: "DiscardIntegrationPreview" });
  }, [dispatch]);
  const entry = catalogueEntry(kind)!;
  const connector = overview.data?.connectors.find((candidate) => candidate.name === kind);
  const title = `Connect a ${entry.label}`;
  return (
    <Page $width="narrow" aria-busy={!overview.data && overview.status !== "error"}>
      <PageHeader
        title={title}
        breadcrumbs={[
          { label: "Integrations", href: INTEGRATION_PATHS.overview },
          { label: title, href: INTEGRATION_PATHS.connect(kind) },
        ]}
        description={entry.description}
      />
      {!overview.data ? (
        overview.status === "error" ? (
          <ErrorState message={overview.message ?? "The integrations could not be loaded."} onRetry={() => dispatch({ _tag: "LoadIntegrations" })} />
        ) : (
          <LoadingState label="Loading…" />
        )
      ) : !connector?.enabled ? (
        <Alert tone="info" title="This connector is not enabled on this installation" action={<ButtonLink href={INTEGRATION_PATHS.overview} size="sm">Back to the integrations</ButtonLink>}>
          {connector?.note}
        </Alert>
      ) : (
        <ConnectForm kind={kind} note={connector.note} />
      )}
    </Page>
  );
}

function ConnectForm({ kind, note }: { kind: IntegrationKind; note: string | null }) {
  const bus = useContext(BusContext);
  const kpis = useModel((state: AppState) => state.integrations.overview.data?.writableKpis ?? []);
  const preview = useModel((state: AppState) => state.integrations.preview);
  const outcomes = useModel((state: AppState) => state.integrations.outcomes);
  const [name, setName] = useState("");
  const [connection, setConnection] = useState("");
  const [query, setQuery] = useState("");
  const [kpi, setKpi] = useState<number | null>(null);
  const [schedule, setSchedule] = useState<SyncSchedule>(DEFAULT_SYNC_SCHEDULE);
  // What the shown preview was made of: connecting needs a preview of exactly these inputs.
  const [previewed, setPreviewed] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const inputs = JSON.stringify([connection, query, kpi]);
  const outcome = sent ? outcomes[sent] : undefined;
  const busy = sent !== null && !outcome;
  useUnsavedChangesGuard(!outcome?.ok && (connection !== "" || query !== "") && !busy);

  const fields = outcome && !outcome.ok ? outcome.fields : preview.status === "error" ? preview.fields : {};
  const errors = formErrors(fields, FIELDS);
  const general = errors.rest || (outcome && !outcome.ok && Object.keys(errors.byField).length === 0 ? outcome.message : preview.status === "error" && Object.keys(errors.byField).length === 0 ? preview.message : "");
  const canConnect = preview.status === "loaded" && !!preview.data && preview.data.mappingError === null && previewed === inputs;

  const runPreview = () => {
    setSent(null);
    setPreviewed(inputs);
    bus!.dispatch({ _tag: "PreviewIntegration", kind, connection, integrationId: null, query, kpi });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!canConnect) return runPreview();
    setSent(bus!.dispatch({ _tag: "ConnectIntegration", kind, name, connection, query, kpi, schedule }).commandId);
  };

  return (
    <Card title="Connection">
      <Form method="post" onSubmit={submit} aria-label="Connect" noValidate>
        {note ? <p className="note">{note}</p> : null}
        {general ? <Alert tone="danger">{general}</Alert> : null}
        <FormField label="Name" required error={errors.byField["name"]} help="How the integration is called in lists and notifications.">
          <TextInput name="name" autoComplete="off" value={name} onChange={(event) => setName(event.target.value)} />
        </FormField>
        <FormField label={CONNECTION_TEXT[kind].label} required error={errors.byField["connection"] ?? errors.byField["kind"]} help={CONNECTION_TEXT[kind].help}>
          <TextInput name="connection" type="password" autoComplete="off" spellCheck={false} placeholder={CONNECTION_TEXT[kind].placeholder} value={connection} onChange={(event) => setConnection(event.target.value)} />
        </FormField>
        {kind === "postgresql" ? <QueryField value={query} onChange={setQuery} error={errors.byField["query"]} /> : null}
        <KpiField kpis={kpis} value={kpi} onChange={setKpi} error={errors.byField["kpi"]} />
        <ScheduleField value={schedule} onChange={setSchedule} />
        <Cluster $justify="end">
          <ButtonLink href={INTEGRATION_PATHS.overview}>Cancel</ButtonLink>
          <Button onClick={runPreview} busy={preview.status === "loading"} variant={canConnect ? "secondary" : "primary"}>
            Preview
          </Button>
          <Button type="submit" variant={canConnect ? "primary" : "secondary"} busy={busy} disabled={!canConnect}>
            Connect
          </Button>
        </Cluster>
        {preview.status === "loaded" && preview.data ? <PreviewResult preview={preview.data} kpis={kpis} stale={previewed !== inputs} /> : null}
      </Form>
    </Card>
  );
}

const Form = styled.form`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: ${SPACE.lg};
  .note { margin: 0; color: ${(p) => p.theme.textMuted}; }
`;
