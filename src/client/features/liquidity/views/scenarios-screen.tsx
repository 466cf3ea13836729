import { useCallback, useEffect, useState } from "react";
import { styled } from "styled-components";
import { Link } from "wouter";
import { MAX_COMPARED_SCENARIOS, type LiquidityScenario } from "../../../../contracts/liquidity";
import type { AppState } from "../../../app/state";
import { useDispatch, useModel } from "../../../bus/use-model";
import { Alert } from "../../../ui/alert";
import { Button } from "../../../ui/button";
import { Card } from "../../../ui/card";
import { useConfirm } from "../../../ui/confirm";
import { ConfirmDialog } from "../../../ui/confirm-dialog";
import { DataTable, type DataTableColumn } from "../../../ui/data-table";
import { DialogForm } from "../../../ui/dialog-form";
import { FormField } from "../../../ui/form-field";
import { Select, TextInput } from "../../../ui/inputs";
import { Cluster, Page, Stack } from "../../../ui/layout";
import { PageHeader } from "../../../ui/page-header";
import { EmptyState, ErrorState, LoadingState, PermissionDenied } from "../../../ui/states";
import { useFinished } from "../../custom-dashboards/views/use-finished";
import { actionFor } from "../model";
import { dayLabel } from "../texts";
import { ComparisonCard } from "./comparison-card";
import { ScenarioDialog } from "./scenario-dialog";
import { Lock, ScenarioStatus, selectMayPlanLiquidity } from "./shared";

/**
 * /liquidity-planning: the cash scenarios the person may read (create, change settings,
 * duplicate, merge two, approve, delete), each with the way to its headcount and expenses, and
 * the comparison of up to four of them on one chart with their lowest balance and runway.
 */
export default function ScenariosScreen() {
  const allowed = useModel(selectMayPlanLiquidity);
  return allowed ? <ScenariosPage /> : <PermissionDenied />;
}

type Dialog = { kind: "create" } | { kind: "settings"; scenario: LiquidityScenario } | { kind: "duplicate"; scenario: LiquidityScenario } | { kind: "merge" } | null;

function ScenariosPage() {
  const dispatch = useDispatch();
  const list = useModel((state: AppState) => state.liquidity.list);
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = useCallback(() => setDialog(null), []);
  useEffect(() => {
    dispatch({ _tag: "LoadLiquidityScenarios" });
    dispatch({ _tag: "LoadLiquidityChoices" });
    dispatch({ _tag: "LoadLiquidityProjections" });
  }, [dispatch]);
  const scenarios = list.value?.scenarios ?? [];
  const drafts = scenarios.filter((scenario) => scenario.status === "draft");
  return (
    <Page $width="wide">
      <PageHeader
        title="Liquidity planning"
        description="Cash scenarios built from headcount, contracts and transactions: compare them, find the lowest balance and the runway, approve the one you plan with."
        actions={
          list.value ? (
            <Cluster $gap="xs">
              {list.value.canCreate ? (
                <Button variant="primary" onClick={() => setDialog({ kind: "create" })}>
                  New scenario
                </Button>
              ) : null}
              {list.value.canCreate && scenarios.length >= 2 ? <Button onClick={() => setDialog({ kind: "merge" })}>Merge scenarios</Button> : null}
            </Cluster>
          ) : null
        }
      />
      <Stack $gap="xl">
        {list.status === "error" ? (
          <ErrorState message={list.message ?? ""} onRetry={() => dispatch({ _tag: "LoadLiquidityScenarios" })} />
        ) : list.status !== "loaded" ? (
          <LoadingState label="Loading the scenarios…" />
        ) : scenarios.length === 0 ? (
          <EmptyState
            title="No cash scenarios yet"
            text="A scenario projects the company's cash month by month from its headcount, contracts and transactions."
            action={list.value?.canCreate ? <Button variant="primary" onClick={() => setDialog({ kind: "create" })}>Create the first scenario</Button> : undefined}
          />
        ) : (
          <>
            <ScenariosTable scenarios={scenarios} canCreate={list.value?.canCreate ?? false} onSettings={(scenario) => setDialog({ kind: "settings", scenario })} onDuplicate={(scenario) => setDialog({ kind: "duplicate", scenario })} />
            <ComparisonCard />
          </>
        )}
      </Stack>
      {dialog?.kind === "create" ? <ScenarioDialog scenario={null} onClose={close} /> : null}
      {dialog?.kind === "settings" ? <ScenarioDialog scenario={dialog.scenario} onClose={close} /> : null}
      {dialog?.kind === "duplicate" ? <DuplicateDialog scenario={dialog.scenario} onClose={close} /> : null}
      {dialog?.kind === "merge" ? <MergeDialog scenarios={scenarios} drafts={drafts} onClose={close} /> : null}
    </Page>
  );
}

function ScenariosTable({ scenarios, canCreate, onSettings, onDuplicate }: { scenarios: readonly LiquidityScenario[]; canCreate: boolean; onSettings: (scenario: LiquidityScenario) => void; onDuplicate: (scenario: LiquidityScenario) => void }) {
  const dispatch = useDispatch();
  const confirm = useConfirm();
  const compared = useModel((state: AppState) => state.liquidity.compared);
  const notice = useModel((state: AppState) => state.liquidity.comparisonNotice);
  const failed = useModel((state: AppState) => (state.liquidity.action.status === "error" && state.liquidity.action.action && ["scenario-delete", "scenario-approve"].includes(state.liquidity.action.action) ? state.liquidity.action.message : null));
  const columns: DataTableColumn<LiquidityScenario>[] = [
    {
      key: "compare",
      header: "Compare",
      cell: (scenario) => (
        <input type="checkbox" aria-label={`Compare ${scenario.name}`} checked={compared.includes(scenario.id)} onChange={() => dispatch({ _tag: "ToggleComparedScenario", scenarioId: scenario.id })} />
      ),
    },
    {
      key: "name",
      header: "Scenario",
      rowHeader: true,
      sortValue: (scenario) => scenario.name,
      cell: (scenario) => (
        <span data-testid={`scenario-${scenario.name}`}>
          {scenario.status === "approved" ? <Lock /> : null}
          {scenario.name}
        </span>
      ),
    },
    // Author and date share a column so that the row's actions fit beside them on a laptop screen.
    {
      key: "created",
      header: "Created",
      sortValue: (scenario) => scenario.createdAt,
      cell: (scenario) => (
        <span className="created">
          {dayLabel(scenario.createdAt.slice(0, 10))}
          <small>by {scenario.author?.name ?? "a former user"}</small>
        </span>
      ),
    },
    { key: "status", header: "Status", sortValue: (scenario) => scenario.status, cell: (scenario) => <ScenarioStatus scenario={scenario} /> },
    { key: "departments", header: "Departments", cell: (scenario) => (scenario.departments.length === 0 ? "All" : scenario.departments.map((department) => department.name).join(", ")) },
    {
      key: "headcount",
      header: "Headcount",
      cell: (scenario) => (
        <Link href={`/liquidity-planning/headcount/scenario/${scenario.id}`} aria-label={`Headcount of ${scenario.name}: ${scenario.employeeCount} employees, ${scenario.openPositionCount} open positions`}>
          {scenario.employeeCount} employees{scenario.openPositionCount > 0 ? `, ${scenario.openPositionCount} open` : ""}
        </Link>
      ),
    },
    {
      key: "expenses",
      header: "Expenses",
      cell: (scenario) => (
        <Link href={`/liquidity-planning/expenses/scenario/${scenario.id}`} aria-label={`Expenses of ${scenario.name}: ${scenario.contractCount} contracts, ${scenario.transactionCount} transactions`}>
          {scenario.contractCount} contracts, {scenario.transactionCount} transactions
        </Link>
      ),
    },
    {
      key: "actions",
      header: "Actions",
      cell: (scenario) => (
        <Cluster $gap="xxs" style={{ minWidth: "10.5rem" }}>
          {scenario.canEdit ? (
            <Button size="sm" variant="quiet" aria-label={`Settings of ${scenario.name}`} onClick={() => onSettings(scenario)}>
              Settings
            </Button>
          ) : null}
          {canCreate ? (
            <Button size="sm" variant="quiet" aria-label={`Duplicate ${scenario.name}`} onClick={() => onDuplicate(scenario)}>
              Duplicate
            </Button>
          ) : null}
          {scenario.canApprove && scenario.status === "draft" ? (
            <Button
              size="sm"
              variant="quiet"
              aria-label={`Approve ${scenario.name}`}
              onClick={async () => {
                if (await confirm({ title: `Approve "${scenario.name}"?`, message: "Approval is irreversible: the scenario, its headcount and its expenses can never be changed again, by anyone. Duplicate it to plan on.", confirmLabel: "Approve" })) {
                  dispatch({ _tag: "ApproveLiquidityScenario", scenarioId: scenario.id, name: scenario.name });
                }
              }}
            >
              Approve
            </Button>
          ) : null}
          {scenario.canDelete ? (
            <Button
              size="sm"
              variant="quiet"
              aria-label={`Delete ${scenario.name}`}
              onClick={async () => {
                if (await confirm({ title: `Delete "${scenario.name}"?`, message: "Its headcount, contracts and transactions are deleted with it.", confirmLabel: "Delete", tone: "danger" })) {
                  dispatch({ _tag: "DeleteLiquidityScenario", scenarioId: scenario.id, name: scenario.name });
                }
              }}
            >
              Delete
            </Button>
          ) : null}
        </Cluster>
      ),
    },
  ];
  return (
    <Card title="Scenarios" data-testid="scenarios">
      <Stack>
        <p>
          Tick up to {MAX_COMPARED_SCENARIOS} scenarios to compare them on the chart below. Approved scenarios are locked: nobody can change them any more.
        </p>
        {notice ? (
          <Alert tone="warning" role="alert">
            {notice}
          </Alert>
        ) : null}
        {failed ? <Alert tone="danger">{failed}</Alert> : null}
        <TableFrame>
          <DataTable label="Liquidity scenarios" columns={columns} rows={scenarios} rowKey={(scenario) => scenario.id} maxHeight="none" />
        </TableFrame>
      </Stack>
    </Card>
  );
}

function DuplicateDialog({ scenario, onClose }: { scenario: LiquidityScenario; onClose: () => void }) {
  const dispatch = useDispatch();
  const state = useModel((model: AppState) => actionFor(model.liquidity, "scenario-duplicate", scenario.id));
  const [name, setName] = useState(`${scenario.name} (copy)`);
  useFinished(state.status, onClose);
  const submit = () => dispatch({ _tag: "DuplicateLiquidityScenario", scenarioId: scenario.id, name: name.trim() });
  return (
    <ConfirmDialog open title={`Duplicate "${scenario.name}"`} confirmLabel="Duplicate" busy={state.busy} onCancel={onClose} onConfirm={submit}>
      <DialogForm
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <p>The copy is a draft with all of this scenario's settings, headcount, contracts and transactions.</p>
        <FormField label="Name of the copy" required error={state.fields["name"]}>
          <TextInput value={name} maxLength={120} autoFocus onChange={(event) => setName(event.target.value)} />
        </FormField>
        {state.message && Object.keys(state.fields).length === 0 ? <Alert tone="danger">{state.message}</Alert> : null}
      </DialogForm>
    </ConfirmDialog>
  );
}

/**
 * Two scenarios into a new draft (neither changes). A refused merge says the spec's text and the
 * employee IDs that differ between the two.
 */
export function MergeDialog({ scenarios, drafts, onClose }: { scenarios: readonly LiquidityScenario[]; drafts: readonly LiquidityScenario[]; onClose: () => void }) {
  const dispatch = useDispatch();
  const state = useModel((model: AppState) => actionFor(model.liquidity, "scenario-merge", null));
  const [firstId, setFirstId] = useState<number>(drafts[0]?.id ?? scenarios[0]?.id ?? 0);
  const [secondId, setSecondId] = useState<number>(drafts[1]?.id ?? scenarios[1]?.id ?? 0);
  const [name, setName] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  useFinished(state.status, onClose);
  const options = scenarios.map((scenario) => ({ value: scenario.id, label: `${scenario.name}${scenario.status === "approved" ? " (approved)" : ""}` }));
  const submit = () => {
    if (firstId === secondId) {
      setProblem("Choose two different scenarios to merge.");
      return;
    }
    setProblem(null);
    dispatch({ _tag: "MergeLiquidityScenarios", firstId, secondId, name: name.trim() });
  };
  return (
    <ConfirmDialog open title="Merge two scenarios" confirmLabel="Merge" busy={state.busy} onCancel={onClose} onConfirm={submit}>
      <DialogForm
        aria-label="Merge two scenarios"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <p>A new draft gets both headcounts (one row per employee ID), both expense lists and the first scenario's settings. Neither scenario changes.</p>
        <FormField label="First scenario (its settings are kept)" error={state.fields["firstId"]}>
          <Select value={firstId} options={options} onChange={(event) => setFirstId(Number(event.target.value))} />
        </FormField>
        <FormField label="Second scenario" error={problem ?? state.fields["secondId"]}>
          <Select value={secondId} options={options} onChange={(event) => setSecondId(Number(event.target.value))} />
        </FormField>
        <FormField label="Name of the merged scenario" required error={state.fields["name"]}>
          <TextInput value={name} maxLength={120} onChange={(event) => setName(event.target.value)} />
        </FormField>
        {state.message && Object.keys(state.fields).length === 0 ? (
          <Alert tone="danger" data-testid="merge-error">
            {state.message}
            {state.conflicts.length > 0 ? ` These employee IDs differ between the two scenarios: ${state.conflicts.join(", ")}.` : null}
          </Alert>
        ) : null}
      </DialogForm>
    </ConfirmDialog>
  );
}

const TableFrame = styled.div`
  .created { display: grid; white-space: nowrap; }
  .created small { color: ${(p) => p.theme.textMuted}; font-size: 12px; }
`;
