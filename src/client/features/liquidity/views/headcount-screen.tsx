import { useCallback, useState } from "react";
import { styled } from "styled-components";
import { EMPLOYMENT_TYPES, MAX_SALARY_INCREASES, type EmploymentType, type HeadcountEmployee, type LiquidityChoices, type LiquidityScenario } from "../../../../contracts/liquidity";
import type { EmployeeDraft } from "../../../../contracts/messages/liquidity";
import type { AppState } from "../../../app/state";
import { useDispatch, useModel } from "../../../bus/use-model";
import { Alert } from "../../../ui/alert";
import { Badge } from "../../../ui/badge";
import { Button } from "../../../ui/button";
import { Card } from "../../../ui/card";
import { useConfirm } from "../../../ui/confirm";
import { ConfirmDialog } from "../../../ui/confirm-dialog";
import { DataTable, type DataTableColumn } from "../../../ui/data-table";
import { DialogForm } from "../../../ui/dialog-form";
import { FileButton } from "../../../ui/file-button";
import { FormField } from "../../../ui/form-field";
import { Checkbox, NumberInput, Select, TextInput } from "../../../ui/inputs";
import { Cluster, Stack } from "../../../ui/layout";
import { ErrorState, LoadingState } from "../../../ui/states";
import { useFinished } from "../../custom-dashboards/views/use-finished";
import { actionFor } from "../model";
import { amount, dayLabel, EMPLOYMENT_TYPE_LABELS } from "../texts";
import { ScenarioPage } from "./scenario-page";

/**
 * /liquidity-planning/headcount/scenario/{id}: the scenario's employees and open positions (add,
 * change, delete; import from the Excel template), read-only when the scenario is approved or
 * not the person's to change.
 */
export default function HeadcountScreen() {
  return <ScenarioPage part="headcount">{(scenario, editable, choices) => <Headcount scenario={scenario} editable={editable} choices={choices} />}</ScenarioPage>;
}

function Headcount({ scenario, editable, choices }: { scenario: LiquidityScenario; editable: boolean; choices: LiquidityChoices | null }) {
  const dispatch = useDispatch();
  const confirm = useConfirm();
  const model = useModel((state: AppState) => state.liquidity.headcount);
  const importing = useModel((state: AppState) => actionFor(state.liquidity, "headcount-import", null));
  const template = useModel((state: AppState) => actionFor(state.liquidity, "template-download", null));
  const removing = useModel((state: AppState) => (state.liquidity.action.action === "employee-delete" && state.liquidity.action.status === "error" ? state.liquidity.action.message : null));
  const [editing, setEditing] = useState<HeadcountEmployee | "new" | null>(null);
  const close = useCallback(() => setEditing(null), []);
  const columns: DataTableColumn<HeadcountEmployee>[] = [
    // Related fields share a column (hours and FTE, the employment dates, an open position with
    // the name) so that the row's actions stay in view beside them on a laptop screen.
    {
      key: "name",
      header: "Full name",
      rowHeader: true,
      sortValue: (row) => row.fullName,
      cell: (row) => (
        <span className="name">
          {row.fullName}
          {row.openPosition ? <Badge tone="accent">Open position</Badge> : null}
        </span>
      ),
    },
    { key: "id", header: "Employee ID", sortValue: (row) => row.employeeId, cell: (row) => row.employeeId ?? "—" },
    { key: "type", header: "Employment type", cell: (row) => EMPLOYMENT_TYPE_LABELS[row.employmentType] },
    { key: "department", header: "Department", sortValue: (row) => row.department?.name ?? null, cell: (row) => row.department?.name ?? "—" },
    { key: "role", header: "Role", cell: (row) => row.role || "—" },
    { key: "hours", header: "Hours a week (FTE)", numeric: true, sortValue: (row) => row.weeklyHours, cell: (row) => `${row.weeklyHours} (${row.fte.toFixed(2)})` },
    { key: "salary", header: "Fix salary", numeric: true, sortValue: (row) => row.fixSalary, cell: (row) => amount(row.fixSalary) },
    { key: "employed", header: "Hired – terminated", sortValue: (row) => row.hireDate, cell: (row) => `${row.hireDate ? dayLabel(row.hireDate) : "—"} – ${row.terminationDate ? dayLabel(row.terminationDate) : ""}`.trim() },
    { key: "cost-center", header: "Cost center", cell: (row) => row.costCenter || "—" },
    ...(editable
      ? [
          {
            key: "actions",
            header: "Actions",
            cell: (row: HeadcountEmployee) => (
              <Cluster $gap="xxs">
                <Button size="sm" variant="quiet" aria-label={`Edit ${row.fullName}`} onClick={() => setEditing(row)}>
                  Edit
                </Button>
                <Button
                  size="sm"
                  variant="quiet"
                  aria-label={`Delete ${row.fullName}`}
                  onClick={async () => {
                    if (await confirm({ title: `Remove ${row.fullName}?`, message: "The scenario no longer counts this person's salary.", confirmLabel: "Remove", tone: "danger" })) {
                      dispatch({ _tag: "DeleteHeadcountEmployee", scenarioId: scenario.id, employeeId: row.id, name: row.fullName });
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
  const totalFte = model.value.reduce((sum, row) => sum + row.fte, 0);
  return (
    <Card
      title="Employees and open positions"
      data-testid="headcount"
      actions={
        editable ? (
          <Cluster $gap="xs">
            <Button variant="primary" onClick={() => setEditing("new")}>
              Add employee
            </Button>
            <Button busy={template.busy} onClick={() => dispatch({ _tag: "DownloadHeadcountTemplate" })}>
              Download template
            </Button>
            <FileButton label="Import from Excel" accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" busy={importing.busy} kind="headcount-import" onFile={(file) => dispatch({ _tag: "ImportHeadcount", scenarioId: scenario.id, file, fileName: file.name })} />
          </Cluster>
        ) : null
      }
    >
      <Stack>
        {importing.message ? (
          <Alert tone="danger" title="The file was not imported">
            <p>{importing.message}</p>
            {importing.rows.length > 0 ? (
              <ul data-testid="import-rows">
                {importing.rows.map((row) => (
                  <li key={row.row}>
                    Row {row.row}: {row.messages.join(" ")}
                  </li>
                ))}
              </ul>
            ) : null}
          </Alert>
        ) : null}
        {template.message ? <Alert tone="danger">{template.message}</Alert> : null}
        {removing ? <Alert tone="danger">{removing}</Alert> : null}
        {model.status === "error" ? (
          <ErrorState message={model.message ?? ""} onRetry={() => dispatch({ _tag: "OpenLiquidityScenario", scenarioId: scenario.id, part: "headcount" })} />
        ) : model.status !== "loaded" ? (
          <LoadingState label="Loading the headcount…" />
        ) : (
          <>
            <p>
              {model.value.length} rows, {totalFte.toFixed(2)} FTE at {scenario.settings.fullTimeHours} hours a week. Employer costs: {scenario.settings.employerCostRate} % unless an employee has a rate of their own.
            </p>
            <TableFrame>
              <DataTable label={`Headcount of ${scenario.name}`} columns={columns} rows={model.value} rowKey={(row) => row.id} maxHeight="none" empty={editable ? "No employees yet: add them, or import the Excel template." : "No employees."} />
            </TableFrame>
          </>
        )}
      </Stack>
      {editing !== null ? <EmployeeDialog scenario={scenario} employee={editing === "new" ? null : editing} choices={choices} onClose={close} /> : null}
    </Card>
  );
}

interface Form {
  employeeId: string;
  fullName: string;
  employmentType: EmploymentType;
  departmentId: string;
  role: string;
  weeklyHours: string;
  fixSalary: string;
  hireDate: string;
  terminationDate: string;
  costCenter: string;
  openPosition: boolean;
  salaryIncreases: { effectiveFrom: string; annualSalary: string }[];
  ownRate: boolean;
  employerCostRate: string;
}

function EmployeeDialog({ scenario, employee, choices, onClose }: { scenario: LiquidityScenario; employee: HeadcountEmployee | null; choices: LiquidityChoices | null; onClose: () => void }) {
  const dispatch = useDispatch();
  const state = useModel((model: AppState) => actionFor(model.liquidity, employee ? "employee-change" : "employee-create", employee?.id ?? null));
  useFinished(state.status, onClose);
  const [form, setForm] = useState<Form>(() => ({
    employeeId: employee?.employeeId ?? "",
    fullName: employee?.fullName ?? "",
    employmentType: employee?.employmentType ?? "full_time",
    departmentId: employee?.department ? String(employee.department.id) : "",
    role: employee?.role ?? "",
    weeklyHours: String(employee?.weeklyHours ?? scenario.settings.fullTimeHours),
    fixSalary: employee ? String(employee.fixSalary) : "",
    hireDate: employee?.hireDate ?? "",
    terminationDate: employee?.terminationDate ?? "",
    costCenter: employee?.costCenter ?? "",
    openPosition: employee?.openPosition ?? false,
    salaryIncreases: employee?.salaryIncreases.map((increase) => ({ effectiveFrom: increase.effectiveFrom, annualSalary: String(increase.annualSalary) })) ?? [],
    ownRate: employee?.employerCostRate != null,
    employerCostRate: String(employee?.employerCostRate ?? scenario.settings.employerCostRate),
  }));
  const set = <K extends keyof Form>(key: K, value: Form[K]) => setForm((current) => ({ ...current, [key]: value }));
  const submit = () => {
    const draft: EmployeeDraft = {
      employeeId: form.employeeId.trim() === "" ? null : form.employeeId.trim(),
      fullName: form.fullName.trim(),
      employmentType: form.employmentType,
      departmentId: form.departmentId === "" ? null : Number(form.departmentId),
      role: form.role.trim(),
      weeklyHours: Number(form.weeklyHours),
      fixSalary: Number(form.fixSalary),
      hireDate: form.hireDate === "" ? null : form.hireDate,
      terminationDate: form.terminationDate === "" ? null : form.terminationDate,
      costCenter: form.costCenter.trim(),
      openPosition: form.openPosition,
      salaryIncreases: form.salaryIncreases.map((increase) => ({ effectiveFrom: increase.effectiveFrom, annualSalary: Number(increase.annualSalary) })),
      employerCostRate: form.ownRate ? Number(form.employerCostRate) : null,
    };
    dispatch(employee ? { _tag: "ChangeHeadcountEmployee", scenarioId: scenario.id, employeeId: employee.id, change: draft } : { _tag: "CreateHeadcountEmployee", scenarioId: scenario.id, draft });
  };
  const departments = scenario.departments.length > 0 ? scenario.departments : (choices?.departments ?? []);
  const increaseErrors = Object.entries(state.fields).filter(([key]) => key.startsWith("salaryIncreases")).flatMap(([, messages]) => messages);
  return (
    <ConfirmDialog open title={employee ? `Edit ${employee.fullName}` : "Add an employee"} confirmLabel={employee ? "Save" : "Add employee"} busy={state.busy} onCancel={onClose} onConfirm={submit}>
      <DialogForm
        aria-label={employee ? "Edit employee" : "Add an employee"}
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <FormField label="Full name" required error={state.fields["fullName"]}>
          <TextInput value={form.fullName} maxLength={160} autoFocus onChange={(event) => set("fullName", event.target.value)} />
        </FormField>
        <Checkbox label="Open position (a planned hire, no person yet)" checked={form.openPosition} onChange={(event) => set("openPosition", event.target.checked)} />
        <FormField label="Employee ID" error={state.fields["employeeId"]} help="Unique in the scenario; open positions may have none.">
          <TextInput value={form.employeeId} maxLength={40} onChange={(event) => set("employeeId", event.target.value)} />
        </FormField>
        <FormField label="Employment type" error={state.fields["employmentType"]}>
          <Select value={form.employmentType} options={EMPLOYMENT_TYPES.map((value) => ({ value, label: EMPLOYMENT_TYPE_LABELS[value] }))} onChange={(event) => set("employmentType", event.target.value as EmploymentType)} />
        </FormField>
        <FormField label="Department" error={state.fields["departmentId"]}>
          <Select value={form.departmentId} options={[{ value: "", label: "None" }, ...departments.map((department) => ({ value: String(department.id), label: department.name }))]} onChange={(event) => set("departmentId", event.target.value)} />
        </FormField>
        <FormField label="Role" error={state.fields["role"]}>
          <TextInput value={form.role} maxLength={120} onChange={(event) => set("role", event.target.value)} />
        </FormField>
        <FormField label="Weekly hours" error={state.fields["weeklyHours"]} help={`FTE: ${(Number(form.weeklyHours) / scenario.settings.fullTimeHours || 0).toFixed(2)} at ${scenario.settings.fullTimeHours} hours.`}>
          <NumberInput min={0} max={80} step="0.5" value={form.weeklyHours} onChange={(event) => set("weeklyHours", event.target.value)} />
        </FormField>
        <FormField label="Fix salary (gross a year)" required error={state.fields["fixSalary"]}>
          <NumberInput min={0} step="100" value={form.fixSalary} onChange={(event) => set("fixSalary", event.target.value)} />
        </FormField>
        <FormField label="Hire date" error={state.fields["hireDate"]}>
          <TextInput type="date" value={form.hireDate} onChange={(event) => set("hireDate", event.target.value)} />
        </FormField>
        <FormField label="Termination date" error={state.fields["terminationDate"]}>
          <TextInput type="date" value={form.terminationDate} onChange={(event) => set("terminationDate", event.target.value)} />
        </FormField>
        <FormField label="Cost center" error={state.fields["costCenter"]}>
          <TextInput value={form.costCenter} maxLength={60} list="liquidity-cost-centers" onChange={(event) => set("costCenter", event.target.value)} />
        </FormField>
        <datalist id="liquidity-cost-centers">
          {(choices?.costCenters ?? []).map((center) => (
            <option key={center} value={center} />
          ))}
        </datalist>
        <fieldset>
          <legend>Salary increases</legend>
          {form.salaryIncreases.map((increase, index) => (
            <Cluster key={index} $gap="xs" style={{ alignItems: "flex-end" }}>
              <FormField label={`Increase ${index + 1} from`}>
                <TextInput type="date" value={increase.effectiveFrom} onChange={(event) => set("salaryIncreases", form.salaryIncreases.map((entry, at) => (at === index ? { ...entry, effectiveFrom: event.target.value } : entry)))} />
              </FormField>
              <FormField label={`Increase ${index + 1}: annual salary`}>
                <NumberInput min={0} step="100" value={increase.annualSalary} onChange={(event) => set("salaryIncreases", form.salaryIncreases.map((entry, at) => (at === index ? { ...entry, annualSalary: event.target.value } : entry)))} />
              </FormField>
              <Button size="sm" variant="quiet" aria-label={`Remove increase ${index + 1}`} onClick={() => set("salaryIncreases", form.salaryIncreases.filter((_, at) => at !== index))}>
                Remove
              </Button>
            </Cluster>
          ))}
          {form.salaryIncreases.length < MAX_SALARY_INCREASES ? (
            <div>
              <Button size="sm" onClick={() => set("salaryIncreases", [...form.salaryIncreases, { effectiveFrom: "", annualSalary: form.fixSalary }])}>
                Add a salary increase
              </Button>
            </div>
          ) : null}
          {increaseErrors.length > 0 ? <Alert tone="danger">{increaseErrors.join(" ")}</Alert> : null}
        </fieldset>
        <Checkbox label={`Own employer cost rate (else the scenario's ${scenario.settings.employerCostRate} %)`} checked={form.ownRate} onChange={(event) => set("ownRate", event.target.checked)} />
        {form.ownRate ? (
          <FormField label="Employer costs (%)" error={state.fields["employerCostRate"]}>
            <NumberInput min={0} max={100} step="0.1" value={form.employerCostRate} onChange={(event) => set("employerCostRate", event.target.value)} />
          </FormField>
        ) : null}
        {state.message && Object.keys(state.fields).length === 0 ? <Alert tone="danger">{state.message}</Alert> : null}
      </DialogForm>
    </ConfirmDialog>
  );
}

const TableFrame = styled.div`
  .name { display: inline-flex; flex-wrap: wrap; align-items: center; gap: 6px; }
`;
