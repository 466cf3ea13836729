import { useEffect, useState } from "react";
import { DEFAULT_FULL_TIME_HOURS, DEFAULT_PAYMENT_DELAY_DAYS, DEFAULT_PROJECTION_MONTHS, LIQUIDITY_SOMETHING_WRONG, MAX_PROJECTION_MONTHS, VAT_SETTLEMENTS, type LiquidityChoices, type LiquidityScenario, type VatSettlement } from "../../../../contracts/liquidity";
import type { ScenarioDraft } from "../../../../contracts/messages/liquidity";
import type { AppState } from "../../../app/state";
import { useDispatch, useModel } from "../../../bus/use-model";
import { Alert } from "../../../ui/alert";
import { CheckboxGroup } from "../../../ui/compact-controls";
import { ConfirmDialog } from "../../../ui/confirm-dialog";
import { DialogForm } from "../../../ui/dialog-form";
import { FormField } from "../../../ui/form-field";
import { NumberInput, Select, TextInput } from "../../../ui/inputs";
import { LoadingState } from "../../../ui/states";
import { useFinished } from "../../custom-dashboards/views/use-finished";
import { actionFor } from "../model";
import { VAT_SETTLEMENT_LABELS } from "../texts";

/** The first projected month by default: next month. */
function nextMonth(now: Date): string {
  const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return next.toISOString().slice(0, 7);
}

interface Form {
  name: string;
  departmentIds: string[];
  readUserIds: string[];
  writeUserIds: string[];
  startMonth: string;
  months: string;
  revenueKpiId: string;
  cashKpiId: string;
  paymentDelayDays: string;
  revenueVatRate: string;
  vatSettlement: VatSettlement;
  employerCostRate: string;
  fullTimeHours: string;
}

/**
 * Create a scenario, or change a draft's name, departments, users and settings. The form opens
 * once the choices are there: its defaults (the revenue and cash KPIs) come from them, and a
 * form filled before they arrived would quietly create a scenario without an opening balance.
 */
export function ScenarioDialog({ scenario, onClose }: { scenario: LiquidityScenario | null; onClose: () => void }) {
  const dispatch = useDispatch();
  const choices = useModel((state: AppState) => state.liquidity.choices);
  useEffect(() => {
    if (choices.status === "idle" || choices.status === "error") dispatch({ _tag: "LoadLiquidityChoices" });
    // Once when the dialog opens: a failed load is tried again, not in a loop.
  }, [dispatch]);
  if (choices.value) return <ScenarioForm scenario={scenario} choices={choices.value} onClose={onClose} />;
  const title = scenario ? `Settings of "${scenario.name}"` : "New cash scenario";
  return (
    <ConfirmDialog open title={title} confirmLabel={scenario ? "Save" : "Create scenario"} busy={choices.status !== "error"} onCancel={onClose} onConfirm={() => dispatch({ _tag: "LoadLiquidityChoices" })}>
      {choices.status === "error" ? <Alert tone="danger">{choices.message ?? LIQUIDITY_SOMETHING_WRONG}</Alert> : <LoadingState label="Loading the KPIs, departments and users…" />}
    </ConfirmDialog>
  );
}

function ScenarioForm({ scenario, choices, onClose }: { scenario: LiquidityScenario | null; choices: LiquidityChoices; onClose: () => void }) {
  const dispatch = useDispatch();
  const state = useModel((model: AppState) => actionFor(model.liquidity, scenario ? "scenario-change" : "scenario-create", scenario?.id ?? null));
  useFinished(state.status, onClose);
  const settings = scenario?.settings;
  const [form, setForm] = useState<Form>(() => ({
    name: scenario?.name ?? "",
    departmentIds: scenario?.departments.map((department) => String(department.id)) ?? [],
    readUserIds: scenario?.readUsers.map((user) => String(user.id)) ?? [],
    writeUserIds: scenario?.writeUsers.map((user) => String(user.id)) ?? [],
    startMonth: settings?.startMonth.slice(0, 7) ?? nextMonth(new Date()),
    months: String(settings?.months ?? DEFAULT_PROJECTION_MONTHS),
    revenueKpiId: String(settings ? (settings.revenueKpiId ?? "") : (choices.defaultRevenueKpiId ?? "")),
    cashKpiId: String(settings ? (settings.cashKpiId ?? "") : (choices.defaultCashKpiId ?? "")),
    paymentDelayDays: String(settings?.paymentDelayDays ?? DEFAULT_PAYMENT_DELAY_DAYS),
    revenueVatRate: String(settings?.revenueVatRate ?? 19),
    vatSettlement: settings?.vatSettlement ?? "monthly",
    employerCostRate: String(settings?.employerCostRate ?? 20),
    fullTimeHours: String(settings?.fullTimeHours ?? DEFAULT_FULL_TIME_HOURS),
  }));
  const set = <K extends keyof Form>(key: K, value: Form[K]) => setForm((current) => ({ ...current, [key]: value }));
  const error = (key: string) => state.fields[key] ?? state.fields[`settings.${key}`];
  const submit = () => {
    const draft: ScenarioDraft = {
      name: form.name.trim(),
      departmentIds: form.departmentIds.map(Number),
      readUserIds: form.readUserIds.map(Number),
      writeUserIds: form.writeUserIds.map(Number),
      settings: {
        startMonth: `${form.startMonth}-01`,
        months: Number(form.months),
        revenueKpiId: form.revenueKpiId === "" ? null : Number(form.revenueKpiId),
        cashKpiId: form.cashKpiId === "" ? null : Number(form.cashKpiId),
        paymentDelayDays: Number(form.paymentDelayDays),
        revenueVatRate: Number(form.revenueVatRate),
        vatSettlement: form.vatSettlement,
        employerCostRate: Number(form.employerCostRate),
        fullTimeHours: Number(form.fullTimeHours),
      },
    };
    dispatch(scenario ? { _tag: "ChangeLiquidityScenario", scenarioId: scenario.id, change: draft } : { _tag: "CreateLiquidityScenario", draft });
  };
  const kpis = [{ value: "", label: "None" }, ...choices.kpis.map((kpi) => ({ value: String(kpi.id), label: kpi.name }))];
  const users = choices.users.map((user) => ({ value: String(user.id), label: user.name }));
  return (
    <ConfirmDialog open title={scenario ? `Settings of "${scenario.name}"` : "New cash scenario"} confirmLabel={scenario ? "Save" : "Create scenario"} busy={state.busy} onCancel={onClose} onConfirm={submit}>
      <DialogForm
        aria-label={scenario ? "Scenario settings" : "New cash scenario"}
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <FormField label="Name" required error={error("name")}>
          <TextInput value={form.name} maxLength={120} autoFocus onChange={(event) => set("name", event.target.value)} />
        </FormField>
        {choices.departments.length > 0 ? (
          <CheckboxGroup legend="Departments (none: all)" options={choices.departments.map((department) => ({ value: String(department.id), label: department.name }))} value={form.departmentIds} onChange={(value) => set("departmentIds", value)} />
        ) : null}
        {users.length > 0 ? (
          <>
            <CheckboxGroup legend="Read access" options={users} value={form.readUserIds} onChange={(value) => set("readUserIds", value)} />
            <CheckboxGroup legend="Write access" options={users} value={form.writeUserIds} onChange={(value) => set("writeUserIds", value)} />
          </>
        ) : null}
        {error("departmentIds") || error("readUserIds") || error("writeUserIds") ? <Alert tone="danger">{[...(error("departmentIds") ?? []), ...(error("readUserIds") ?? []), ...(error("writeUserIds") ?? [])].join(" ")}</Alert> : null}
        <FormField label="First month" error={error("startMonth")} help="The opening balance is the cash KPI's actual of the month before.">
          <TextInput type="month" value={form.startMonth} onChange={(event) => set("startMonth", event.target.value)} />
        </FormField>
        <FormField label="Months projected" error={error("months")}>
          <NumberInput min={1} max={MAX_PROJECTION_MONTHS} value={form.months} onChange={(event) => set("months", event.target.value)} />
        </FormField>
        <FormField label="Revenue KPI" error={error("revenueKpiId")} help="Its planning values are the invoiced revenue (net).">
          <Select value={form.revenueKpiId} options={kpis} onChange={(event) => set("revenueKpiId", event.target.value)} />
        </FormField>
        <FormField label="Cash KPI" error={error("cashKpiId")} help="Its actuals give the opening balance and the actuals line.">
          <Select value={form.cashKpiId} options={kpis} onChange={(event) => set("cashKpiId", event.target.value)} />
        </FormField>
        <FormField label="Payment delay (days)" error={error("paymentDelayDays")} help="From invoicing (a month's last day) to the customer's payment.">
          <NumberInput min={0} max={365} value={form.paymentDelayDays} onChange={(event) => set("paymentDelayDays", event.target.value)} />
        </FormField>
        <FormField label="VAT on revenue (%)" error={error("revenueVatRate")}>
          <NumberInput min={0} max={100} step="0.1" value={form.revenueVatRate} onChange={(event) => set("revenueVatRate", event.target.value)} />
        </FormField>
        <FormField label="VAT settlement" error={error("vatSettlement")} help="Settled on the 10th of the month after the period.">
          <Select value={form.vatSettlement} options={VAT_SETTLEMENTS.map((value) => ({ value, label: VAT_SETTLEMENT_LABELS[value] }))} onChange={(event) => set("vatSettlement", event.target.value as VatSettlement)} />
        </FormField>
        <FormField label="Employer costs (% of salaries)" error={error("employerCostRate")} help="For employees without a rate of their own.">
          <NumberInput min={0} max={100} step="0.1" value={form.employerCostRate} onChange={(event) => set("employerCostRate", event.target.value)} />
        </FormField>
        <FormField label="Full-time hours a week" error={error("fullTimeHours")} help="One FTE.">
          <NumberInput min={1} max={80} step="0.5" value={form.fullTimeHours} onChange={(event) => set("fullTimeHours", event.target.value)} />
        </FormField>
        {state.message && Object.keys(state.fields).length === 0 ? <Alert tone="danger">{state.message}</Alert> : null}
      </DialogForm>
    </ConfirmDialog>
  );
}
