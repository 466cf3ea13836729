import { useState } from "react";
import { styled } from "styled-components";
import type { QuerySummary } from "../../../../contracts/query-builder";
import { useDispatch } from "../../../bus/use-model";
import { ConfirmDialog } from "../../../ui/confirm-dialog";
import { SPACE } from "../../../ui/tokens";

/**
 * Deactivating asks what becomes of the values the query calculated (spec section 4: keep or
 * delete them). Keeping is chosen first: deleting a KPI's history is the choice that needs a click.
 */
export function DeactivateDialog({ query, onClose }: { query: Pick<QuerySummary, "id" | "title" | "kpiName">; onClose: () => void }) {
  const dispatch = useDispatch();
  const [values, setValues] = useState<"keep" | "delete">("keep");
  return (
    <ConfirmDialog
      open
      title={`Deactivate ${query.title}?`}
      confirmLabel={values === "keep" ? "Deactivate, keep values" : "Deactivate, delete values"}
      tone={values === "delete" ? "danger" : "default"}
      onCancel={onClose}
      onConfirm={() => {
        dispatch({ _tag: "DeactivateQuery", queryId: query.id, values });
        onClose();
      }}
    >
      <Choice>
        <legend>The actual values of {query.kpiName} that the query calculated:</legend>
        <label>
          <input type="radio" name="deactivate-values" checked={values === "keep"} onChange={() => setValues("keep")} /> Keep them as the KPI&apos;s history
        </label>
        <label>
          <input type="radio" name="deactivate-values" checked={values === "delete"} onChange={() => setValues("delete")} /> Delete them
        </label>
      </Choice>
    </ConfirmDialog>
  );
}

const Choice = styled.fieldset`
  border: 0;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${SPACE.sm};
  legend { padding: 0; margin-bottom: ${SPACE.sm}; }
  label { display: flex; gap: ${SPACE.sm}; align-items: center; cursor: pointer; }
  input { accent-color: ${(p) => p.theme.accent}; }
`;
