import { useContext, useEffect, useRef, useState, type FormEvent } from "react";
import { Link, useLocation, useParams } from "wouter";
import { styled } from "styled-components";
import type { Command } from "../../../../contracts/messages";
import { MAX_SQL_LENGTH, MAX_TITLE_LENGTH, type QueryDetail } from "../../../../contracts/query-builder";
import type { AppState } from "../../../app/state";
import { BusContext, useDispatch, useModel } from "../../../bus/use-model";
import { Alert } from "../../../ui/alert";
import { Badge } from "../../../ui/badge";
import { Button } from "../../../ui/button";
import { Card } from "../../../ui/card";
import { useConfirm } from "../../../ui/confirm";
import { FormField } from "../../../ui/form-field";
import { Select, TextInput } from "../../../ui/inputs";
import { Cluster, Page } from "../../../ui/layout";
import { useUnsavedChangesGuard } from "../../../ui/navigation-guard";
import { PageHeader } from "../../../ui/page-header";
import { ErrorState, LoadingState, NotFoundState } from "../../../ui/states";
import { MEDIA, SPACE } from "../../../ui/tokens";
import { formErrors } from "../../account/form-errors";
import { ColumnList } from "./column-list";
import { DeactivateDialog } from "./deactivate-dialog";
import { dateTime } from "./format";
import { RunPreview } from "./run-preview";
import { SqlEditor } from "./sql-editor";

/** What a new query starts with: the contract in a comment, and a query that keeps it. */
export const NEW_QUERY_SQL = `-- One row per month: a month column (the first day of the month) and a value column.
select v.month, v.value
from qb.kpi_values v
join qb.kpis k on k.id = v.kpi_id
where k.key = 'customers' and v.series = 'actual' and v.dimension_key = ''
order by v.month`;

const FIELDS = ["title", "kpi", "sql"] as const;

/** /query-builder/{queryId}: a query's editor; /query-builder/new writes a new one. */
export default function QueryEditorScreen() {
  const params = useParams<{ queryId: string }>();
  const dispatch = useDispatch();
  const isNew = params.queryId === "new";
  const queryId = isNew ? null : /^\d{1,15}$/.test(params.queryId ?? "") ? Number(params.queryId) : -1;
  const current = useModel((state: AppState) => state.queryBuilder.current);
  const metaStatus = useModel((state: AppState) => state.kpis.meta.status);
  useEffect(() => {
    if (queryId !== null && queryId > 0) dispatch({ _tag: "LoadQuery", queryId });
  }, [queryId, dispatch]);
  useEffect(() => {
    dispatch({ _tag: "LoadQbColumns" });
    if (metaStatus === "idle") dispatch({ _tag: "LoadKpiMeta" });
  }, [dispatch, metaStatus]);

  if (queryId === -1) return <NotFoundState homeHref="/query-builder" homeLabel="Back to the query builder" />;
  if (queryId === null) return <QueryEditor key="new" saved={null} />;
  if (current.queryId === queryId && current.status === "error") {
    return current.notFound ? <NotFoundState homeHref="/query-builder" homeLabel="Back to the query builder" /> : <ErrorState message={current.message} onRetry={() => dispatch({ _tag: "LoadQuery", queryId })} />;
  }
  if (current.queryId !== queryId || !current.query) return <LoadingState label="Loading the query…" />;
  return <QueryEditor key={queryId} saved={current.query} />;
}

function QueryEditor({ saved }: { saved: QueryDetail | null }) {
  const bus = useContext(BusContext);
  const confirm = useConfirm();
  const kpis = useModel((state: AppState) => state.kpis.meta.kpis);
  const outcomes = useModel((state: AppState) => state.queryBuilder.outcomes);
  const [title, setTitle] = useState(saved?.title ?? "");
  const [kpiId, setKpiId] = useState<number | null>(saved?.kpiId ?? null);
  const [sql, setSql] = useState(saved?.sql ?? NEW_QUERY_SQL);
  const [sent, setSent] = useState<{ commandId: string; kind: "save" | "status" | "delete" } | null>(null);
  const [missingKpi, setMissingKpi] = useState(false);
  const [deactivating, setDeactivating] = useState(false);
  const editor = useRef<HTMLTextAreaElement>(null);
  const [, navigate] = useLocation();
  const send = (command: Command) => bus!.dispatch(command).commandId;

  const outcome = sent ? outcomes[sent.commandId] : undefined;
  const busy = !!sent && !outcome;
  const failure = outcome && !outcome.ok ? outcome : null;
  const errors = formErrors(sent?.kind === "save" ? (failure?.fields ?? {}) : {}, FIELDS);
  // A new query just saved, or this one just deleted, leaves for its next address: nothing is lost.
  const leaving = !!outcome?.ok && ((sent?.kind === "save" && !saved) || sent?.kind === "delete");
  const changed = saved ? title !== saved.title || kpiId !== saved.kpiId || sql !== saved.sql : title !== "" || kpiId !== null || sql !== NEW_QUERY_SQL;
  const dirty = changed && !leaving;
  useUnsavedChangesGuard(dirty);
  useEffect(() => {
    if (!leaving) return;
    navigate(sent?.kind === "delete" ? "/query-builder" : `/query-builder/${outcome?.queryId}`, { replace: sent?.kind === "save" });
  }, [leaving, navigate, sent, outcome]);

  // Stored KPIs the person may write, and the query's own KPI whatever it is.
  const choices = kpis.filter((kpi) => (kpi.writable && !kpi.isCalculated) || kpi.id === saved?.kpiId);
  const kpi = kpis.find((candidate) => candidate.id === kpiId);

  const save = (event?: FormEvent) => {
    event?.preventDefault();
    if (busy) return;
    setMissingKpi(kpiId === null);
    if (kpiId === null) return;
    setSent({ commandId: send({ _tag: "SaveQuery", queryId: saved?.id ?? null, title, kpiId, sql }), kind: "save" });
  };
  const activate = async () => {
    if (!saved) return;
    const yes = await confirm({ title: `Activate ${saved.title}?`, message: `The query runs now and its results replace the actual values of ${saved.kpiName}.`, confirmLabel: "Activate" });
    if (yes) setSent({ commandId: send({ _tag: "ActivateQuery", queryId: saved.id }), kind: "status" });
  };
  const remove = async () => {
    if (!saved) return;
    if (await confirm({ title: `Delete ${saved.title}?`, message: "The query is deleted for good. The KPI's values are not touched.", confirmLabel: "Delete", tone: "danger" })) {
      setSent({ commandId: send({ _tag: "DeleteQuery", queryId: saved.id }), kind: "delete" });
    }
  };
  const insert = (text: string) => {
    const box = editor.current;
    const start = box?.selectionStart ?? sql.length;
    const end = box?.selectionEnd ?? sql.length;
    setSql(sql.slice(0, start) + text + sql.slice(end));
    requestAnimationFrame(() => {
      box?.focus();
      box?.setSelectionRange(start + text.length, start + text.length);
    });
  };

  const heading = saved ? saved.title : "New query";
  const kpiMissing = missingKpi && kpiId === null ? "Choose the KPI the query calculates." : undefined;
  const general = failure ? errors.rest || (Object.keys(errors.byField).length === 0 ? failure.message : "") : "";

  return (
    <Page>
      <PageHeader
        breadcrumbs={[{ label: "Query builder", href: "/query-builder" }, { label: heading, href: saved ? `/query-builder/${saved.id}` : "/query-builder/new" }]}
        title={heading}
        titleAddon={saved ? saved.status === "active" ? <Badge tone="good">Active</Badge> : <Badge>Draft</Badge> : null}
        description={
          saved ? (
            <>
              Calculates <Link href={`/reporting/kpi-detail/${saved.kpiId}`}>{saved.kpiName}</Link> (KPI {saved.kpiId}).{" "}
              {saved.evaluatedAt ? `Values last calculated ${dateTime(saved.evaluatedAt)}.` : "Its values have not been calculated yet."}
              {saved.status === "active" ? " Calculated again every night at 02:00 UTC." : null}
              {saved.evaluationError ? (
                <>
                  {" "}
                  <strong>The last nightly calculation failed; the KPI kept its values:</strong> {saved.evaluationError}
                </>
              ) : null}
            </>
          ) : (
            "Write a query whose result has a month and a value column; activate it to make its results a KPI's actual values."
          )
        }
        actions={
          saved ? (
            saved.status === "active" ? (
              <Button onClick={() => setDeactivating(true)} disabled={busy}>
                Deactivate
              </Button>
            ) : (
              <>
                <Button variant="primary" onClick={activate} disabled={dirty} busy={busy && sent?.kind === "status"}>
                  Activate
                </Button>
                <Button variant="quiet" onClick={remove} disabled={busy}>
                  Delete
                </Button>
              </>
            )
          ) : null
        }
      />
      {outcome?.ok && outcome.warning ? (
        <Alert tone="warning" title="The query was saved, but its values were not calculated">
          {outcome.warning}
        </Alert>
      ) : null}
      {failure && sent?.kind !== "save" ? (
        <Alert tone="danger" title={failure.fields["detail"]?.[0] ?? failure.message}>
          {(failure.fields["sql"] ?? []).join("\n") || null}
        </Alert>
      ) : null}
      {saved && dirty && saved.status === "draft" ? <Alert tone="info">Save your changes to activate the query.</Alert> : null}
      <Layout>
        <Card title="Query">
          <Form method="post" onSubmit={save} aria-label="Query" noValidate>
            {general ? <Alert tone="danger">{general}</Alert> : null}
            <div className="fields">
              <FormField label="Title" required error={errors.byField["title"]}>
                <TextInput name="title" maxLength={MAX_TITLE_LENGTH} value={title} onChange={(event) => setTitle(event.target.value)} />
              </FormField>
              <FormField label="KPI" required error={errors.byField["kpi"] ?? kpiMissing} help={saved?.status === "active" ? "Deactivate the query to give it another KPI." : "The query's results become this KPI's actual values."}>
                <Select
                  name="kpi"
                  value={kpiId ?? ""}
                  disabled={saved?.status === "active"}
                  onChange={(event) => setKpiId(event.target.value === "" ? null : Number(event.target.value))}
                  options={[{ value: "", label: "Choose a KPI" }, ...choices.map((choice) => ({ value: choice.id, label: `${choice.name} (${choice.id})` }))]}
                />
              </FormField>
            </div>
            <FormField label="SQL" required error={errors.byField["sql"]} help="One SELECT over the qb views (see Views and columns). The result needs a month and a value column, one row per month.">
              <SqlEditor ref={editor} name="sql" value={sql} onChange={setSql} maxLength={MAX_SQL_LENGTH} />
            </FormField>
            <Cluster $justify="end">
              <Button onClick={() => send({ _tag: "RunQuery", sql, kpiId })}>Run preview</Button>
              <Button type="submit" variant="primary" busy={busy && sent?.kind === "save"}>
                {saved ? "Save" : "Save query"}
              </Button>
            </Cluster>
          </Form>
        </Card>
        <ColumnList onInsert={insert} />
      </Layout>
      <RunPreview kpiName={kpi?.name ?? null} />
      {deactivating && saved ? <DeactivateDialog query={saved} onClose={() => setDeactivating(false)} /> : null}
    </Page>
  );
}

const Layout = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr) minmax(240px, 320px);
  gap: ${SPACE.lg};
  align-items: start;
  ${MEDIA.belowMedium} { grid-template-columns: minmax(0, 1fr); }
`;

const Form = styled.form`
  display: grid;
  gap: ${SPACE.lg};
  min-width: 0;
  .fields { display: grid; grid-template-columns: 1fr 1fr; gap: ${SPACE.md}; }
  ${MEDIA.narrow} { .fields { grid-template-columns: 1fr; } }
`;
