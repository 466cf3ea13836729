import { useState } from "react";
import type { CurrencyDetail } from "../../../../contracts/kpis";
import { applyFxEdits } from "../../../../domain/company/fx-grid";
import type { AppState } from "../../../app/state";
import { useDispatch, useModel } from "../../../bus/use-model";
import { Alert } from "../../../ui/alert";
import { ConfirmDialog } from "../../../ui/confirm-dialog";
import { DialogForm } from "../../../ui/dialog-form";
import { FormField } from "../../../ui/form-field";
import { NumberInput, Select, TextInput } from "../../../ui/inputs";
import { useFinished } from "../../custom-dashboards/views/use-finished";

/** Create a named FX rate (with its first rate), or rename one / change its currency code. */
export interface FxRateDialogTarget {
  readonly currency: CurrencyDetail | null;
  readonly year: number;
}

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

export function FxRateDialog({ target, onClose }: { target: FxRateDialogTarget; onClose: () => void }) {
  const dispatch = useDispatch();
  const action = useModel((state: AppState) => state.company.action);
  const { currency } = target;
  const [name, setName] = useState(currency?.name ?? "");
  const [code, setCode] = useState(currency?.code ?? "");
  const [month, setMonth] = useState(1);
  const [rate, setRate] = useState("");
  const [rateError, setRateError] = useState<string | null>(null);
  const actionName = currency ? "fx-rename" : "fx-create";
  const mine = action.action === actionName;
  useFinished(mine ? action.status : "idle", onClose);
  const errors = mine && action.status === "error" ? action.fields : {};
  const otherError = mine && action.status === "error" && Object.keys(action.fields).length === 0 ? action.message : null;
  const validFrom = `${target.year}-${String(month).padStart(2, "0")}-01`;
  const submit = () => {
    if (currency) {
      dispatch({ _tag: "RenameFxRate", currencyId: currency.id, name, code });
      return;
    }
    const parsed = applyFxEdits([], { [validFrom]: rate });
    if ("errors" in parsed) {
      setRateError(Object.values(parsed.errors)[0] ?? null);
      return;
    }
    setRateError(null);
    dispatch({ _tag: "CreateFxRate", name, code, rates: parsed.rates });
  };
  return (
    <ConfirmDialog open title={currency ? `Rename “${currency.name}”` : "New FX rate"} confirmLabel={currency ? "Save" : "Create FX rate"} busy={mine && action.status === "busy"} onCancel={onClose} onConfirm={submit}>
      <DialogForm
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <FormField label="Name" required error={errors["name"]}>
          <TextInput value={name} maxLength={100} autoFocus onChange={(event) => setName(event.target.value)} />
        </FormField>
        <FormField label="Currency code" required error={errors["code"]} help="Three letters, e.g. USD.">
          <TextInput value={code} maxLength={3} onChange={(event) => setCode(event.target.value.toUpperCase())} />
        </FormField>
        {currency ? null : (
          <>
            <FormField label={`First rate applies from (${target.year})`}>
              <Select value={month} onChange={(event) => setMonth(Number(event.target.value))} options={MONTHS.map((label, index) => ({ value: index + 1, label }))} />
            </FormField>
            <FormField label="Rate" required error={rateError ?? errors["rates"] ?? errors["rates.0.rate"]} help="Units of this currency per unit of the corporate currency.">
              <NumberInput value={rate} onChange={(event) => setRate(event.target.value)} />
            </FormField>
          </>
        )}
        {otherError ? <Alert tone="danger">{otherError}</Alert> : null}
      </DialogForm>
    </ConfirmDialog>
  );
}
