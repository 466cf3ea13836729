import { useCallback, useState } from "react";
import { FREQUENCIES, type Expense, type ExpenseKind, type Frequency, type LiquidityChoices, type LiquidityScenario } from "../../../../contracts/liquidity";
import type { ExpenseDraft } from "../../../../contracts/messages/liquidity";
import type { AppState } from "../../../app/state";
import { useDispatch, useModel } from "../../../bus/use-model";
import { Alert, type AlertTone } from "../../../ui/alert";
import { Button } from "../../../ui/button";
import { Card } from "../../../ui/card";
import { useConfirm } from "../../../ui/confirm";
import { ConfirmDialog } from "../../../ui/confirm-dialog";
import { DataTable, type DataTableColumn } from "../../../ui/data-table";
import { DialogForm } from "../../../ui/dialog-form";
import { FormField } from "../../../ui/form-field";
import { NumberInput, Select, TextInput } from "../../../ui/inputs";
import { Cluster, Stack } from "../../../ui/layout";
import { ErrorState, LoadingState } from "../../../ui/states";
import { useFinished } from "../../custom-dashboards/views/use-finished";
import { actionFor } from "../model";
import { amount, dayLabel, EXPENSE_KIND_LABELS, FREQUENCY_LABELS, MASTER_DATA_LABELS } from "../texts";
import { ScenarioPage } from "./scenario-page";

/**
 * /liquidity-planning/expenses/scenario/{id}: the scenario's contracts and transactions (add,
 * change, delete), the state of the expenses master data from the accounting import with its
 * message, and seeding the transactions from that import.
 */
export default function ExpensesScreen() {
  return <ScenarioPage part="expenses">{(scenario, editable, choices) => <Expenses scenario={scenario} editable={editable} choices={choices} />}</ScenarioPage>;
}

const STATE_TONE: Record<string, AlertTone> = { not_configured: "info", processing: "info", error: "danger", pending_update: "warning", active: "success" };

function Expenses({ scenario, editable, choices }: { scenario: LiquidityScenario; editable: boolean; choices: LiquidityChoices | null }) {
  const dispatch = useDispatch();
  const model = useModel((state: AppState) => state.liquidity.expenses);
  const seeding = useModel((state: AppState) => actionFor(state.liquidity, "expenses-seed", null));
  const removing = useModel((state: AppState) => (state.liquidity.action.action === "expense-delete" && state.liquidity.action.status === "error" ? state.liquidity.action.message : null));
  const [editing, setEditing] = useState<Expense | ExpenseKind | null>(null);
  const close = useCallback(() => setEditing(null), []);
  if (model.status === "error") return <ErrorState message={model.message ?? ""} onRetry={() => dispatch({ _tag: "OpenLiquidityScenario", scenarioId: scenario.id, part: "expenses" })} />;
  if (model.status !== "loaded") return <LoadingState label="Loading the expenses…" />;
  const master = model.masterData;
  const maySeed = editable && master !== null && (master.state === "active" || master.state === "pending_update");
  return (
    <Stack $gap="xl">
      {master ? (
        <Alert tone={STATE_TONE[master.state] ?? "info"} title={`Expenses master data: ${MASTER_DATA_LABELS[master.state]}`} data-testid="master-data">
          {master.message ?? (master.seededAt ? `Transactions seeded from the accounting import on ${dayLabel(master.seededAt.slice(0, 10))}.` : "The accounting import is ready to seed transactions.")}
          {maySeed ? (
            <div style={{ marginTop: 8 }}>
              <Button size="sm" busy={seeding.busy} onClick={() => dispatch({ _tag: "SeedLiquidityExpenses", scenarioId: scenario.id })}>
                Seed from accounting
              </Button>
            </div>
          ) : null}
        </Alert>
      ) : null}
      {seeding.message ? <Alert tone="danger">{seeding.message}</Alert> : null}
      {removing ? <Alert tone="danger">{removing}</Alert> : null}
      <ExpenseTable kind="contract" rows={model.contracts} scenario={scenario} editable={editable} onEdit={setEditing} />
      <ExpenseTable kind="transaction" rows={model.transactions} scenario={scenario} editable={editable} onEdit={setEditing} />
      {editing !== null ? <ExpenseDialog scenario={scenario} expense={typeof editing === "string" ? null : editing} kind={typeof editing === "string" ? editing : editing.kind} choices={choices} onClose={close} /> : null}
    </Stack>
  );
}

function ExpenseTable({ kind, rows, scenario, editable, onEdit }: { kind: ExpenseKind; rows: readonly Expense[]; scenario: LiquidityScenario; editable: boolean; onEdit: (target: Expense | ExpenseKind) => void }) {
  const dispatch = useDispatch();
  const confirm = useConfirm();
  const plural = kind === "contract" ? "Contracts" : "Transactions";
  const nameOf = (row: Expense) => `${EXPENSE_KIND_LABELS[row.kind]} ${row.vendor || row.account}`;
  const columns: DataTableColumn<Expense>[] = [
    { key: "account", header: "Account", rowHeader: true, sortValue: (row) => row.account, cell: (row) => row.account },
    { key: "vendor", header: "Vendor", sortValue: (row) => row.vendor, cell: (row) => row.vendor || "—" },
    { key: "driver", header: "Cost driver", cell: (row) => row.costDriver || "—" },
    { key: "start", header: "Start date", sortValue: (row) => row.startDate, cell: (row) => dayLabel(row.startDate) },
    { key: "end", header: "End date", sortValue: (row) => row.endDate, cell: (row) => (row.endDate ? dayLabel(row.endDate) : "Open-ended") },
    { key: "amount", header: "Amount", numeric: true, sortValue: (row) => row.amount, cell: (row) => amount(row.amount) },
    { key: "cost-center", header: "Cost center", cell: (row) => row.costCenter || "—" },
    { key: "frequency", header: "Frequency", cell: (row) => FREQUENCY_LABELS[row.frequency] },
    { key: "vat", header: "VAT", numeric: true, cell: (row) => `${row.vatRate} %` },
    ...(editable
      ? [
          {
            key: "actions",
            header: "Actions",
            cell: (row: Expense) => (
              <Cluster $gap="xxs">
                <Button size="sm" variant="quiet" aria-label={`Edit ${nameOf(row)}`} onClick={() => onEdit(row)}>
                  Edit
                </Button>
                <Button
                  size="sm"
                  variant="quiet"
                  aria-label={`Delete ${nameOf(row)}`}
                  onClick={async () => {
                    if (await confirm({ title: `Delete the ${row.kind} ${row.vendor || row.account}?`, message: "The scenario no longer counts its payments.", confirmLabel: "Delete", tone: "danger" })) {
                      dispatch({ _tag: "DeleteLiquidityExpense", scenarioId: scenario.id, expenseId: row.id, name: nameOf(row) });
                    }
                  }}
                >
                  Delete
                </Button>
              </Cluster>
            ),
          },
        ]
      : []),
  ];
  return (
    <Card
      title={plural}
      data-testid={kind === "contract" ? "contracts" : "transactions"}
      actions={
        editable ? (
          <Button variant={kind === "contract" ? "primary" : "secondary"} onClick={() => onEdit(kind)}>
            Add {kind}
          </Button>
        ) : null
      }
    >
      <DataTable label={`${plural} of ${scenario.name}`} columns={columns} rows={rows} rowKey={(row) => row.id} maxHeight="none" empty={`No ${plural.toLowerCase()}.`} />
    </Card>
  );
}

interface Form {
  account: string;
  vendor: string;
  costDriver: string;
  startDate: string;
  endDate: string;
  amount: string;
  costCenter: string;
  frequency: Frequency;
  vatRate: string;
}

function ExpenseDialog({ scenario, expense, kind, choices, onClose }: { scenario: LiquidityScenario; expense: Expense | null; kind: ExpenseKind; choices: LiquidityChoices | null; onClose: () => void }) {
  const dispatch = useDispatch();
  const state = useModel((model: AppState) => actionFor(model.liquidity, expense ? "expense-change" : "expense-create", expense?.id ?? null));
  useFinished(state.status, onClose);
  const [form, setForm] = useState<Form>(() => ({
    account: expense?.account ?? "",
    vendor: expense?.vendor ?? "",
    costDriver: expense?.costDriver ?? "",
    startDate: expense?.startDate ?? scenario.settings.startMonth,
    endDate: expense?.endDate ?? "",
    amount: expense ? String(expense.amount) : "",
    costCenter: expense?.costCenter ?? "",
    frequency: expense?.frequency ?? "monthly",
    vatRate: String(expense?.vatRate ?? 19),
  }));
  const set = <K extends keyof Form>(key: K, value: Form[K]) => setForm((current) => ({ ...current, [key]: value }));
  const submit = () => {
    const draft: ExpenseDraft = {
      kind,
      account: form.account.trim(),
      vendor: form.vendor.trim(),
      costDriver: form.costDriver.trim(),
      startDate: form.startDate,
      endDate: form.endDate === "" ? null : form.endDate,
      amount: Number(form.amount),
      costCenter: form.costCenter.trim(),
      frequency: form.frequency,
      vatRate: Number(form.vatRate),
    };
    dispatch(expense ? { _tag: "ChangeLiquidityExpense", scenarioId: scenario.id, expenseId: expense.id, change: draft } : { _tag: "CreateLiquidityExpense", scenarioId: scenario.id, draft });
  };
  const title = expense ? `Edit the ${kind} ${expense.vendor || expense.account}` : `Add a ${kind}`;
  return (
    <ConfirmDialog open title={title} confirmLabel={expense ? "Save" : `Add ${kind}`} busy={state.busy} onCancel={onClose} onConfirm={submit}>
      <DialogForm
        aria-label={title}
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <FormField label="Account" required error={state.fields["account"]}>
          <TextInput value={form.account} maxLength={120} autoFocus list="liquidity-accounts" onChange={(event) => set("account", event.target.value)} />
        </FormField>
        <datalist id="liquidity-accounts">
          {(choices?.accounts ?? []).map((account) => (
            <option key={account} value={account} />
          ))}
        </datalist>
        <FormField label="Vendor" error={state.fields["vendor"]}>
          <TextInput value={form.vendor} maxLength={160} onChange={(event) => set("vendor", event.target.value)} />
        </FormField>
        <FormField label="Cost driver" error={state.fields["costDriver"]}>
          <TextInput value={form.costDriver} maxLength={120} onChange={(event) => set("costDriver", event.target.value)} />
        </FormField>
        <FormField label="Start date" required error={state.fields["startDate"]}>
          <TextInput type="date" value={form.startDate} onChange={(event) => set("startDate", event.target.value)} />
        </FormField>
        <FormField label="End date" error={state.fields["endDate"]} help="Empty: runs on past the projection.">
          <TextInput type="date" value={form.endDate} onChange={(event) => set("endDate", event.target.value)} />
        </FormField>
        <FormField label="Amount (net, each payment)" required error={state.fields["amount"]}>
          <NumberInput min={0} step="0.01" value={form.amount} onChange={(event) => set("amount", event.target.value)} />
        </FormField>
        <FormField label="Frequency" error={state.fields["frequency"]}>
          <Select value={form.frequency} options={FREQUENCIES.map((value) => ({ value, label: FREQUENCY_LABELS[value] }))} onChange={(event) => set("frequency", event.target.value as Frequency)} />
        </FormField>
        <FormField label="VAT (%)" error={state.fields["vatRate"]}>
          <NumberInput min={0} max={100} step="0.1" value={form.vatRate} onChange={(event) => set("vatRate", event.target.value)} />
        </FormField>
        <FormField label="Cost center" error={state.fields["costCenter"]}>
          <TextInput value={form.costCenter} maxLength={60} onChange={(event) => set("costCenter", event.target.value)} />
        </FormField>
        {state.message && Object.keys(state.fields).length === 0 ? <Alert tone="danger">{state.message}</Alert> : null}
      </DialogForm>
    </ConfirmDialog>
  );
}
