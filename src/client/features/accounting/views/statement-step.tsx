import { useMemo, useState } from "react";
import { styled } from "styled-components";
import type { AccountingSetup, LineSide } from "../../../../contracts/accounting";
import type { AppState } from "../../../app/state";
import { useDispatch, useModel } from "../../../bus/use-model";
import { Alert } from "../../../ui/alert";
import { Button } from "../../../ui/button";
import { Card } from "../../../ui/card";
import { FormField } from "../../../ui/form-field";
import { Checkbox, Select } from "../../../ui/inputs";
import { Cluster, Stack } from "../../../ui/layout";
import { useUnsavedChangesGuard } from "../../../ui/navigation-guard";
import { EmptyState } from "../../../ui/states";
import { Text } from "../../../ui/text";
import { SPACE, TYPE_SCALE } from "../../../ui/tokens";

const SIDES: readonly { value: LineSide; label: string }[] = [
  { value: "income", label: "Income: credits − debits" },
  { value: "expense", label: "Expense: debits − credits" },
];

type Draft = { categoryId: number; lines: Record<number, LineSide | null> };

/** What the form starts from: the saved statement, or the first category with all its writable KPIs at their default sides. */
function initialDraft(setup: AccountingSetup): Draft | null {
  const saved = setup.statement.categoryId !== null ? setup.categories.find((category) => category.id === setup.statement.categoryId) : undefined;
  if (saved) return { categoryId: saved.id, lines: Object.fromEntries(saved.kpis.map((kpi) => [kpi.id, setup.statement.lines.find((line) => line.kpi === kpi.id)?.side ?? null])) };
  const first = setup.categories[0];
  return first ? draftOf(first) : null;
}

const draftOf = (category: AccountingSetup["categories"][number]): Draft => ({ categoryId: category.id, lines: Object.fromEntries(category.kpis.map((kpi) => [kpi.id, kpi.writable ? kpi.defaultSide : null])) });

/**
 * Step 1, the financial statement: which financial category the bookings fill, which of its
 * KPIs are lines, and whether each is an income or an expense line (the sign rule). Calculated
 * KPIs (gross profit, EBITDA) are not lines: they follow from the lines by their formulas.
 */
export function StatementStep({ setup }: { setup: AccountingSetup }) {
  const dispatch = useDispatch();
  const busy = useModel((state: AppState) => state.accounting.busy?.change === "statement");
  const failure = useModel((state: AppState) => (state.accounting.failure?.change === "statement" ? state.accounting.failure : null));
  const initial = useMemo(() => initialDraft(setup), [setup]);
  const [draft, setDraft] = useState<Draft | null>(initial);
  const dirty = JSON.stringify(draft) !== JSON.stringify(initial);
  useUnsavedChangesGuard(dirty && !busy);

  if (!draft) {
    return <EmptyState title="No financial category to fill" text="The statement is a financial category with money KPIs that are not calculated, such as a P&L. The company has none you may read." />;
  }
  const category = setup.categories.find((candidate) => candidate.id === draft.categoryId)!;
  const chosen = category.kpis.filter((kpi) => draft.lines[kpi.id]);
  const save = () => dispatch({ _tag: "SaveAccountingStatement", categoryId: draft.categoryId, lines: chosen.map((kpi) => ({ kpi: kpi.id, side: draft.lines[kpi.id]! })) });

  return (
    <Card title="Financial statement">
      <Stack $gap="lg">
        <Text $tone="muted">
          Choose the statement the bookings fill and its lines. Each account is mapped to a line later; a line's monthly actual is the sum of its accounts' bookings of the month. Income lines count credits minus
          debits (a sale is credited to revenue), expense lines debits minus credits (a cost is debited), so both show as positive figures.
        </Text>
        <div style={{ maxWidth: 360 }}>
          <FormField label="Statement">
            <Select
              value={draft.categoryId}
              options={setup.categories.map((candidate) => ({ value: candidate.id, label: candidate.name }))}
              onChange={(event) => setDraft(draftOf(setup.categories.find((candidate) => candidate.id === Number(event.target.value))!))}
            />
          </FormField>
        </div>
        <Lines>
          <caption>
            <Text $weight="semibold">Lines of {category.name}</Text>
          </caption>
          <thead>
            <tr>
              <th scope="col">Line</th>
              <th scope="col">Sign rule</th>
            </tr>
          </thead>
          <tbody>
            {category.kpis.map((kpi) => {
              const side = draft.lines[kpi.id] ?? null;
              return (
                <tr key={kpi.id}>
                  <td>
                    <Checkbox
                      label={kpi.name}
                      checked={side !== null}
                      disabled={!kpi.writable}
                      help={kpi.writable ? undefined : "You may not write its values, so it cannot be a line."}
                      onChange={(event) => setDraft({ ...draft, lines: { ...draft.lines, [kpi.id]: event.target.checked ? kpi.defaultSide : null } })}
                    />
                  </td>
                  <td>
                    {side ? (
                      <Select aria-label={`Sign rule of ${kpi.name}`} controlSize="sm" value={side} options={SIDES} onChange={(event) => setDraft({ ...draft, lines: { ...draft.lines, [kpi.id]: event.target.value as LineSide } })} />
                    ) : (
                      <Text $tone="muted">Not a line</Text>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </Lines>
        {failure ? (
          <Alert tone="danger" title="The statement was not saved">
            {[failure.message, ...Object.values(failure.fields).flat()].join("\n")}
          </Alert>
        ) : null}
        <Cluster>
          <Button variant="primary" busy={busy} disabled={chosen.length === 0} onClick={save}>
            Save statement
          </Button>
          {chosen.length === 0 ? <Text $tone="muted">Choose at least one line.</Text> : null}
        </Cluster>
      </Stack>
    </Card>
  );
}

/** The lines as a plain two-column table: a line and its sign rule side by side, close enough to read as one row. */
const Lines = styled.table`
  border-collapse: collapse;
  width: min(100%, 640px);
  caption { text-align: left; padding-bottom: ${SPACE.sm}; }
  th { text-align: left; font-size: ${TYPE_SCALE.sm.size}; color: ${(p) => p.theme.textMuted}; font-weight: inherit; padding: 0 ${SPACE.md} ${SPACE.xs} 0; }
  td { padding: ${SPACE.xs} ${SPACE.md} ${SPACE.xs} 0; vertical-align: middle; border-top: 1px solid ${(p) => p.theme.border}; }
  td:last-child { width: 260px; }
`;
