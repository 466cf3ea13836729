import { styled } from "styled-components";
import type { AppState } from "../../../app/state";
import { useModel } from "../../../bus/use-model";
import { Alert } from "../../../ui/alert";
import { Card } from "../../../ui/card";
import { EmptyState, LoadingState } from "../../../ui/states";
import { Table, TableFrame, Td, Th } from "../../../ui/table-parts";
import { SPACE } from "../../../ui/tokens";

/**
 * The last preview run: its first rows as the database answered them, and what activating would
 * do with the whole result (how many monthly values, or why it would not make any). A run that
 * failed shows the spec's text and the reasons.
 */
export function RunPreview({ kpiName }: { kpiName: string | null }) {
  const run = useModel((state: AppState) => state.queryBuilder.run);
  return (
    <Card title="Preview" aria-live="polite" aria-busy={run.status === "running" || undefined}>
      {run.status === "idle" ? (
        <EmptyState headingLevel={3} title="Nothing run yet" text="Run a preview to see the query's first 100 rows and whether they make monthly values." />
      ) : run.status === "running" ? (
        <LoadingState label="Running the query…" />
      ) : run.status === "error" ? (
        <Alert tone="danger" title={run.message}>
          {run.reasons.length ? run.reasons.join("\n") : null}
        </Alert>
      ) : run.result ? (
        <Result>
          {run.result.monthlyValues.ok ? (
            <Alert tone="success" title={`${run.result.monthlyValues.months} monthly values`}>
              {kpiName ? `Activating the query makes them the actual values of ${kpiName}.` : "Choose a KPI to make them its actual values."}
            </Alert>
          ) : (
            <Alert tone="warning" title="This result does not make monthly values yet">
              {run.result.monthlyValues.problems.join("\n")}
            </Alert>
          )}
          <TableFrame label="Preview rows, scrollable" maxHeight="50vh">
            <Table aria-label="Preview rows">
              <thead>
                <tr>
                  {run.result.columns.map((column, index) => (
                    <Th key={index} scope="col">
                      {column}
                    </Th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {run.result.rows.length === 0 ? (
                  <tr>
                    <td className="empty" colSpan={Math.max(1, run.result.columns.length)}>
                      The query returned no rows.
                    </td>
                  </tr>
                ) : (
                  run.result.rows.map((row, rowIndex) => (
                    <tr key={rowIndex}>
                      {row.map((cell, index) => (
                        <Td key={index} numeric={typeof cell === "number"}>
                          {cell === null ? <span className="null">null</span> : String(cell)}
                        </Td>
                      ))}
                    </tr>
                  ))
                )}
              </tbody>
            </Table>
          </TableFrame>
          {run.result.truncated ? <p className="note">The first {run.result.rows.length} rows are shown.</p> : null}
        </Result>
      ) : null}
    </Card>
  );
}

const Result = styled.div`
  display: grid;
  gap: ${SPACE.md};
  .null { color: ${(p) => p.theme.textMuted}; }
  .note { margin: 0; color: ${(p) => p.theme.textMuted}; }
`;
