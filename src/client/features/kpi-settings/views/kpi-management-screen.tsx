import { useEffect, useMemo, useState } from "react";
import { Link } from "wouter";
import type { KpiManagement, ManagedCategory, ManagedKpi } from "../../../../contracts/kpi-management";
import { formatKpiValue } from "../../../../domain/kpi/number-format";
import { matchesGlossarySearch } from "../../../../domain/kpi/glossary";
import type { AppState } from "../../../app/state";
import { useDispatch, useModel } from "../../../bus/use-model";
import { Alert } from "../../../ui/alert";
import { Badge } from "../../../ui/badge";
import { Button } from "../../../ui/button";
import { Card } from "../../../ui/card";
import { useConfirm } from "../../../ui/confirm";
import { TextInput } from "../../../ui/inputs";
import { Cluster, Page, Stack } from "../../../ui/layout";
import { PageHeader } from "../../../ui/page-header";
import { EmptyState, ErrorState, LoadingState, PermissionDenied } from "../../../ui/states";
import { Table, TableFrame, Td, Th } from "../../../ui/table-parts";
import { Text } from "../../../ui/text";
import { VisuallyHidden } from "../../../ui/visually-hidden";
import { selectCanOpenKpiManagement } from "./access";
import { CategoryDialog } from "./category-dialog";
import { KpiDialog } from "./kpi-dialog";
import { AGGREGATION_SHORT, CADENCE_LABEL, SENSITIVITY_SHORT, UNIT_LABEL, VALIDATION_LABEL } from "./labels";
import { useSaves } from "./use-save";

type DialogState = { kind: "kpi"; kpi: ManagedKpi | null; categoryId: number | null } | { kind: "category"; category: ManagedCategory | null } | null;

/**
 * /settings/kpi-management: the company's categories and the KPIs the person may read, by
 * category, with every setting. Custom KPIs and categories are created, changed and deleted here
 * (create_custom_kpis); a catalogue KPI's sensitivity, cadence, validation, responsibles and
 * benchmarks are an administrator's. Deleting a custom category names how many KPIs go with it.
 */
export default function KpiManagementScreen() {
  const allowed = useModel(selectCanOpenKpiManagement);
  return allowed ? <KpiManagementView /> : <PermissionDenied />;
}

function KpiManagementView() {
  const dispatch = useDispatch();
  const management = useModel((state: AppState) => state.kpiSettings.management);
  const revision = useModel((state: AppState) => state.kpiSettings.revision);
  const [dialog, setDialog] = useState<DialogState>(null);
  const [search, setSearch] = useState("");
  useEffect(() => {
    dispatch({ _tag: "LoadKpiManagement" });
  }, [dispatch, revision]);
  const data = management.data;
  return (
    <Page>
      <PageHeader
        title="KPI management"
        description="The company's KPI categories and KPIs: who may read each KPI, how often it is reported, whether its figures are validated, who answers for it and where its peers stand."
        actions={
          data?.canManageCustom ? (
            <Cluster $gap="sm">
              <Button onClick={() => setDialog({ kind: "category", category: null })}>New category</Button>
              <Button variant="primary" onClick={() => setDialog({ kind: "kpi", kpi: null, categoryId: null })}>
                New custom KPI
              </Button>
            </Cluster>
          ) : null
        }
      />
      {management.status === "error" && !data ? (
        <ErrorState message={management.message ?? ""} onRetry={() => dispatch({ _tag: "LoadKpiManagement" })} />
      ) : !data ? (
        <LoadingState label="Loading the KPI settings…" variant="skeleton" />
      ) : (
        <Stack>
          <TextInput type="search" value={search} placeholder="Find a KPI by name, key or unit" aria-label="Find a KPI" onChange={(event) => setSearch(event.target.value)} style={{ maxWidth: 360 }} />
          {data.categories.map((category) => (
            <CategorySection key={category.id} category={category} data={data} search={search} onEdit={(kpi) => setDialog({ kind: "kpi", kpi, categoryId: category.id })} onRename={() => setDialog({ kind: "category", category })} onAdd={() => setDialog({ kind: "kpi", kpi: null, categoryId: category.id })} />
          ))}
          {data.categories.length === 0 ? <EmptyState title="No categories yet" text="Create a category, then add the company's own KPIs to it." /> : null}
        </Stack>
      )}
      {dialog?.kind === "kpi" && data ? <KpiDialog kpi={dialog.kpi} categoryId={dialog.categoryId} management={data} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === "category" ? <CategoryDialog category={dialog.category} onClose={() => setDialog(null)} /> : null}
    </Page>
  );
}

function CategorySection({ category, data, search, onEdit, onRename, onAdd }: { category: ManagedCategory; data: KpiManagement; search: string; onEdit: (kpi: ManagedKpi) => void; onRename: () => void; onAdd: () => void }) {
  const dispatch = useDispatch();
  const confirm = useConfirm();
  const deleting = useSaves([`category/${category.id}/delete`]);
  const kpis = useMemo(() => data.kpis.filter((kpi) => kpi.categoryId === category.id && matchesGlossarySearch([kpi.name, kpi.key, UNIT_LABEL[kpi.unit] ?? kpi.unit], search)), [data.kpis, category.id, search]);
  if (search.trim() !== "" && kpis.length === 0) return null;
  const remove = async () => {
    const count = category.kpiCount;
    const yes = await confirm({
      title: `Delete ${category.name}?`,
      message:
        count === 0
          ? "The category is empty: nothing else goes with it."
          : `Deleting a custom category also deletes its KPIs: ${count === 1 ? "its 1 KPI goes" : `all ${count} of its KPIs go`} with it, with their values, plans, glossary entries and dashboard cards. This cannot be undone.`,
      confirmLabel: count === 0 ? "Delete category" : `Delete category and ${count} KPI${count === 1 ? "" : "s"}`,
      tone: "danger",
    });
    if (yes) dispatch({ _tag: "DeleteKpiCategory", categoryId: category.id, name: category.name });
  };
  return (
    <Card
      title={
        <span>
          {category.name} <Badge tone={category.isCustom ? "accent" : "neutral"}>{category.isCustom ? "Custom" : category.kind === "financial" ? "Financial" : "Catalogue"}</Badge>
        </span>
      }
      aria-label={`Category ${category.name}`}
      actions={
        category.isCustom && data.canManageCustom ? (
          <Cluster $gap="sm">
            <Button size="sm" onClick={onAdd}>
              Add KPI
            </Button>
            <Button size="sm" onClick={onRename}>
              Rename
            </Button>
            <Button size="sm" variant="danger" busy={deleting.saving} onClick={() => void remove()}>
              Delete
            </Button>
          </Cluster>
        ) : null
      }
      padding="md"
    >
      {deleting.error ? <Alert tone="danger">{deleting.error.message}</Alert> : null}
      {kpis.length === 0 ? (
        <Text $tone="muted">{category.kpiCount === 0 ? "No KPIs in this category yet." : "No KPI here that you may read."}</Text>
      ) : (
        <TableFrame label={`KPIs of ${category.name}`} maxHeight="none">
          <Table>
            <thead>
              <tr>
                <Th scope="col">KPI</Th>
                <Th scope="col">Unit · period</Th>
                <Th scope="col">Good</Th>
                <Th scope="col">Sensitivity</Th>
                <Th scope="col">Cadence</Th>
                <Th scope="col">Validation</Th>
                <Th scope="col">Responsibles</Th>
                <Th scope="col">Benchmarks</Th>
                <Th scope="col">
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Th>
              </tr>
            </thead>
            <tbody>
              {kpis.map((kpi) => (
                <KpiRow key={kpi.id} kpi={kpi} onEdit={() => onEdit(kpi)} />
              ))}
            </tbody>
          </Table>
        </TableFrame>
      )}
    </Card>
  );
}

function KpiRow({ kpi, onEdit }: { kpi: ManagedKpi; onEdit: () => void }) {
  const dispatch = useDispatch();
  const confirm = useConfirm();
  const deleting = useSaves([`kpi/${kpi.id}/delete`]);
  const company = useModel((state: AppState) => state.session.company);
  const currency = company?.localCurrency ?? "EUR";
  const { valueBottom25, valueMedian50, valueTop25, top5 } = kpi.benchmarks;
  const marks = valueBottom25 === null || valueMedian50 === null || valueTop25 === null || top5 === null ? null : [valueBottom25, valueMedian50, valueTop25, top5].map((value) => formatKpiValue(value, kpi.unit, { currency })).join(" · ");
  const remove = async () => {
    const yes = await confirm({ title: `Delete ${kpi.name}?`, message: "Its values, plans, glossary entry and dashboard cards are deleted with it. This cannot be undone.", confirmLabel: "Delete KPI", tone: "danger" });
    if (yes) dispatch({ _tag: "DeleteCustomKpi", kpiId: kpi.id, name: kpi.name });
  };
  return (
    <tr data-kpi={kpi.key}>
      <Th scope="row">
        <Link href={`/reporting/kpi-detail/${kpi.id}`}>{kpi.name}</Link> {kpi.isCustom ? <Badge tone="accent">Custom</Badge> : null} {kpi.isCalculated ? <Badge>Calculated</Badge> : null}
        {deleting.error ? <Alert tone="danger">{deleting.error.message}</Alert> : null}
      </Th>
      <Td>
        {UNIT_LABEL[kpi.unit] ?? kpi.unit} · {AGGREGATION_SHORT[kpi.aggregationType]}
      </Td>
      <Td>{kpi.higherIsBetter ? "Higher" : "Lower"}</Td>
      <Td>{SENSITIVITY_SHORT[kpi.sensitivity]}</Td>
      <Td>{CADENCE_LABEL(kpi.cadence)}</Td>
      <Td>
        <Badge tone={kpi.validationState === "validated" ? "good" : kpi.validationState === "in_validation" ? "warning" : "neutral"}>{VALIDATION_LABEL[kpi.validationState]}</Badge>
      </Td>
      <Td style={{ whiteSpace: "normal" }}>{kpi.responsibles.length === 0 ? <Text $tone="muted">None</Text> : kpi.responsibles.map((person) => person.name).join(", ")}</Td>
      <Td style={{ whiteSpace: "normal", minWidth: "12ch" }}>{marks ?? <Text $tone="muted">None</Text>}</Td>
      <Td>
        {kpi.editable ? (
          <Cluster $gap="xs">
            <Button size="sm" onClick={onEdit} aria-label={`Edit ${kpi.name}`}>
              Edit
            </Button>
            {kpi.isCustom ? (
              <Button size="sm" variant="quiet" busy={deleting.saving} onClick={() => void remove()} aria-label={`Delete ${kpi.name}`}>
                Delete
              </Button>
            ) : null}
          </Cluster>
        ) : (
          <Text $tone="muted" $size="sm">
            {kpi.isCustom ? "Custom KPIs need their permission" : "Administrators only"}
          </Text>
        )}
      </Td>
    </tr>
  );
}
