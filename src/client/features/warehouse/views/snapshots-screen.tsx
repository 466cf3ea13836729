import { useEffect, useState, type FormEvent } from "react";
import { Link, useParams } from "wouter";
import type { SnapshotSummary } from "../../../../contracts/warehouse";
import type { AppState } from "../../../app/state";
import { useDispatch, useModel } from "../../../bus/use-model";
import { Alert } from "../../../ui/alert";
import { Button } from "../../../ui/button";
import { Card } from "../../../ui/card";
import { useConfirm } from "../../../ui/confirm";
import { DataTable } from "../../../ui/data-table";
import { FormField } from "../../../ui/form-field";
import { TextInput } from "../../../ui/inputs";
import { Cluster, Page } from "../../../ui/layout";
import { PageHeader } from "../../../ui/page-header";
import { PermissionDenied } from "../../../ui/states";
import { formErrors } from "../../account/form-errors";
import { count, dayName, moneyColumn } from "./format";
import { useCompanyFrame, useWarehouseAccess, useWarehouseView } from "./hooks";
import { SnapshotComparison } from "./snapshot-comparison";
import { ViewBody } from "./view-parts";

/**
 * /warehouse/snapshots/{id?}: pipelines kept as they were on a day, a form to keep another, and
 * one snapshot compared with the pipeline now (what became of each of its deals).
 */
export default function SnapshotsScreen() {
  const access = useWarehouseAccess();
  return access.analytics ? <Snapshots /> : <PermissionDenied />;
}

function Snapshots() {
  const params = useParams<{ id?: string }>();
  const selected = params.id && /^\d{1,15}$/.test(params.id) ? Number(params.id) : null;
  const frame = useCompanyFrame();
  const list = useWarehouseView("snapshots", { view: "snapshots" });
  return (
    <Page as="section" aria-labelledby="snapshots-title">
      <PageHeader
        headingId="snapshots-title"
        title="Pipeline snapshots"
        description="A snapshot keeps the open deals of a day as they were, so later you can see what became of them, even after new uploads changed the deals."
      />
      <KeepSnapshot today={frame.today} />
      <Card title="Kept snapshots" padding="md">
        <ViewBody view={list} label="the snapshots">
          {(snapshots) => <SnapshotList snapshots={snapshots} currency={frame.currency} selected={selected} />}
        </ViewBody>
      </Card>
      {selected !== null ? <SnapshotComparison snapshotId={selected} currency={frame.currency} /> : <p>Choose a snapshot to compare it with the pipeline now.</p>}
    </Page>
  );
}

const FIELDS = ["name", "date"];

function KeepSnapshot({ today }: { today: string }) {
  const dispatch = useDispatch();
  const action = useModel((state: AppState) => state.warehouse.snapshotAction);
  const [name, setName] = useState("");
  const [date, setDate] = useState("");
  const [sent, setSent] = useState(false);
  const taking = action.action === "take";
  const errors = sent && taking && action.status === "error" ? formErrors(action.fields, FIELDS) : null;
  // A kept snapshot empties the form for the next one.
  useEffect(() => {
    if (sent && taking && action.status === "done") {
      setName("");
      setDate("");
      setSent(false);
    }
  }, [sent, taking, action.status]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSent(true);
    dispatch({ _tag: "TakeWarehouseSnapshot", name: name.trim(), date: date || null });
  };
  return (
    <Card title="Keep a pipeline" padding="md">
      <form onSubmit={submit} aria-label="Keep a pipeline">
        <Cluster $gap="md" style={{ alignItems: "end" }}>
          <div style={{ minWidth: 240, flex: "1 1 240px" }}>
            <FormField label="Name" required error={errors?.byField["name"]}>
              <TextInput value={name} maxLength={100} onChange={(event) => setName(event.target.value)} placeholder={`Pipeline on ${dayName(today)}`} />
            </FormField>
          </div>
          <div style={{ minWidth: 180 }}>
            <FormField label="Day" help="Empty: today" error={errors?.byField["date"]}>
              <TextInput type="date" value={date} max={today} onChange={(event) => setDate(event.target.value)} />
            </FormField>
          </div>
          <Button type="submit" variant="primary" busy={taking && action.status === "busy"}>
            Keep snapshot
          </Button>
        </Cluster>
        {errors?.rest ? <Alert tone="danger" title="The snapshot was not kept">{errors.rest}</Alert> : null}
      </form>
    </Card>
  );
}

function SnapshotList({ snapshots, currency, selected }: { snapshots: readonly SnapshotSummary[]; currency: string; selected: number | null }) {
  const dispatch = useDispatch();
  const confirm = useConfirm();
  const remove = async (snapshot: SnapshotSummary) => {
    const yes = await confirm({ title: `Delete the snapshot “${snapshot.name}”?`, message: "The pipeline it kept cannot be brought back.", confirmLabel: "Delete", tone: "danger" });
    if (yes) dispatch({ _tag: "DeleteWarehouseSnapshot", snapshotId: snapshot.id, name: snapshot.name });
  };
  return (
    <DataTable
      label="Kept snapshots"
      rows={snapshots}
      rowKey={(row) => row.id}
      empty="No snapshot kept yet."
      columns={[
        { key: "name", header: "Snapshot", rowHeader: true, cell: (row) => <Link href={`/warehouse/snapshots/${row.id}`} aria-current={row.id === selected ? "page" : undefined}>{row.name}</Link>, sortValue: (row) => row.name },
        { key: "asOf", header: "Pipeline of", cell: (row) => dayName(row.asOf), sortValue: (row) => row.asOf },
        { key: "count", header: "Open deals", numeric: true, cell: (row) => count(row.count), sortValue: (row) => row.count },
        moneyColumn("amount", "Amount", snapshots, (row) => row.amount, currency),
        moneyColumn("weighted", "Weighted", snapshots, (row) => row.weighted, currency),
        { key: "by", header: "Kept by", cell: (row) => row.takenBy ?? "System" },
        { key: "actions", header: "Actions", cell: (row) => <Button size="sm" variant="quiet" onClick={() => void remove(row)} aria-label={`Delete the snapshot ${row.name}`}>Delete</Button> },
      ]}
      maxHeight="none"
    />
  );
}
