import { useMemo, useState } from "react";
import { RAW_DATA_KIND_LABEL, RAW_DATA_KINDS, type RawDataKind } from "../../../../domain/warehouse/records";
import { Badge } from "../../../ui/badge";
import { Card } from "../../../ui/card";
import { FilterSelect } from "../../../ui/compact-controls";
import { DataTable } from "../../../ui/data-table";
import { FilterBar } from "../../../ui/filter-bar";
import { Page } from "../../../ui/layout";
import { PageHeader } from "../../../ui/page-header";
import { PermissionDenied } from "../../../ui/states";
import type { WarehouseAnswers } from "../requests";
import { count } from "./format";
import { useWarehouseAccess, useWarehouseView } from "./hooks";
import { ViewBody } from "./view-parts";

type Issue = WarehouseAnswers["data-issues"]["issues"][number];
type KindFilter = RawDataKind | "all";
const KIND_OPTIONS: readonly { value: KindFilter; label: string }[] = [{ value: "all", label: "All kinds" }, ...RAW_DATA_KINDS.map((kind) => ({ value: kind, label: RAW_DATA_KIND_LABEL[kind] }))];

/**
 * /warehouse/data-issues: the rows of the raw data that break a data rule, per kind, each with its
 * row's id, the column, what is wrong, and whether the figures leave the row out or count it.
 */
export default function DataIssuesScreen() {
  const access = useWarehouseAccess();
  return access.analytics ? <DataIssues /> : <PermissionDenied />;
}

function DataIssues() {
  const [kind, setKind] = useState<KindFilter>("all");
  const view = useWarehouseView("data-issues", { view: "data-issues" });
  return (
    <Page as="section" aria-labelledby="issues-title">
      <PageHeader
        headingId="issues-title"
        title="Data issues"
        description="Rows of the uploaded raw data that break a data rule. A row marked “Left out” is in no figure until its source is fixed and uploaded again; the others are counted as they are."
      />
      <FilterBar label="Data issue filters" items={[{ key: "kind", priority: "essential", changed: kind !== "all", control: <FilterSelect<KindFilter> label="Kind of data" value={kind} options={KIND_OPTIONS} onChange={setKind} /> }]} onReset={() => setKind("all")} />
      <ViewBody view={view} label="the data issues">
        {(answer) => <Issues answer={answer} kind={kind} />}
      </ViewBody>
    </Page>
  );
}

function Issues({ answer, kind }: { answer: WarehouseAnswers["data-issues"]; kind: KindFilter }) {
  const issues = useMemo(() => answer.issues.filter((issue) => kind === "all" || issue.kind === kind), [answer, kind]);
  return (
    <>
      <Card title="By kind of data" padding="md">
        <DataTable
          label="Data issues by kind of data"
          rows={answer.kinds}
          rowKey={(row) => row.kind}
          maxHeight="none"
          columns={[
            { key: "kind", header: "Kind", rowHeader: true, cell: (row) => RAW_DATA_KIND_LABEL[row.kind] },
            { key: "rows", header: "Rows", numeric: true, cell: (row) => count(row.rows) },
            { key: "issues", header: "Issues", numeric: true, cell: (row) => count(row.issues) },
            { key: "excluded", header: "Rows left out", numeric: true, cell: (row) => count(row.excludedRows) },
          ]}
        />
      </Card>
      <Card title={`${count(issues.length)} ${issues.length === 1 ? "issue" : "issues"}${kind === "all" ? "" : ` in ${RAW_DATA_KIND_LABEL[kind].toLowerCase()}`}`} padding="md">
        <DataTable<Issue>
          label="Data issues"
          rows={issues}
          rowKey={(row) => `${row.kind}/${row.key}/${row.rule}`}
          empty="No row breaks a data rule."
          columns={[
            { key: "kind", header: "Kind", cell: (row) => RAW_DATA_KIND_LABEL[row.kind], sortValue: (row) => row.kind },
            { key: "key", header: "Row (ID)", rowHeader: true, cell: (row) => row.key, sortValue: (row) => row.key },
            { key: "field", header: "Column", cell: (row) => row.field, sortValue: (row) => row.field },
            { key: "message", header: "Problem", cell: (row) => row.message },
            { key: "excluded", header: "In the figures", cell: (row) => (row.excluded ? <Badge tone="bad">Left out</Badge> : <Badge tone="neutral">Counted</Badge>), sortValue: (row) => (row.excluded ? 0 : 1) },
          ]}
        />
        {answer.more > 0 ? <p>…and {count(answer.more)} more issues, not listed.</p> : null}
      </Card>
    </>
  );
}
