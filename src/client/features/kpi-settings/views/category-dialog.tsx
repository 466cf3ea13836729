import { useCallback, useState } from "react";
import type { ManagedCategory } from "../../../../contracts/kpi-management";
import { useDispatch } from "../../../bus/use-model";
import { Alert } from "../../../ui/alert";
import { ConfirmDialog } from "../../../ui/confirm-dialog";
import { DialogForm } from "../../../ui/dialog-form";
import { FormField } from "../../../ui/form-field";
import { TextInput } from "../../../ui/inputs";
import { useDoneWhenSaved, useSaves } from "./use-save";

/** Names a new custom category, or renames one; open until the server took the name. */
export function CategoryDialog({ category, onClose }: { category: ManagedCategory | null; onClose: () => void }) {
  const dispatch = useDispatch();
  const [name, setName] = useState(category?.name ?? "");
  const [asked, setAsked] = useState(0);
  const key = category ? `category/${category.id}/rename` : "category/new";
  const { saving, error, fields } = useSaves(asked > 0 ? [key] : []);
  useDoneWhenSaved([key], asked, useCallback(onClose, [onClose]));
  const submit = () => {
    setAsked((count) => count + 1);
    dispatch(category ? { _tag: "RenameKpiCategory", categoryId: category.id, name } : { _tag: "CreateKpiCategory", name });
  };
  return (
    <ConfirmDialog open title={category ? `Rename ${category.name}` : "New category"} confirmLabel={category ? "Rename" : "Create category"} busy={saving} onCancel={onClose} onConfirm={submit}>
      <DialogForm
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <FormField label="Category name" required error={fields["name"]}>
          <TextInput value={name} maxLength={80} autoFocus onChange={(event) => setName(event.target.value)} />
        </FormField>
        {error && !fields["name"] ? <Alert tone="danger">{error.message}</Alert> : null}
      </DialogForm>
    </ConfirmDialog>
  );
}
