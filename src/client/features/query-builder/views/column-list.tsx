import { styled } from "styled-components";
import type { AppState } from "../../../app/state";
import { useDispatch, useModel } from "../../../bus/use-model";
import { Card } from "../../../ui/card";
import { ErrorState, LoadingState } from "../../../ui/states";
import { FONT_WEIGHT, RADIUS, SPACE, TYPE_SCALE } from "../../../ui/tokens";

/**
 * The column list ("column fetch"): every view a query can read, with its columns and their
 * types. A view's button writes `qb.<view>` at the editor's caret, a column's button its name.
 */
export function ColumnList({ onInsert }: { onInsert: (text: string) => void }) {
  const dispatch = useDispatch();
  const columns = useModel((state: AppState) => state.queryBuilder.columns);
  return (
    <Card title="Views and columns" headingLevel={2}>
      {columns.status === "error" ? (
        <ErrorState title="The column list could not be loaded" message={columns.message} onRetry={() => dispatch({ _tag: "LoadQbColumns" })} />
      ) : columns.status !== "loaded" ? (
        <LoadingState label="Loading the columns…" />
      ) : (
        <List>
          {columns.views.map((view) => (
            <li key={view.name}>
              <h3>
                <button type="button" onClick={() => onInsert(`qb.${view.name}`)} aria-label={`Insert qb.${view.name}`} title={view.description}>
                  qb.{view.name}
                </button>
              </h3>
              <p className="description">{view.description}</p>
              <ul>
                {view.columns.map((column) => (
                  <li key={column.name}>
                    <button type="button" onClick={() => onInsert(column.name)} aria-label={`Insert ${column.name} of qb.${view.name}`} title={column.description}>
                      {column.name}
                    </button>
                    <span className="type">{column.type}</span>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </List>
      )}
    </Card>
  );
}

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${SPACE.md};
  max-height: 70vh;
  overflow: auto;
  h3 { margin: 0; font-size: ${TYPE_SCALE.sm.size}; font-weight: ${FONT_WEIGHT.semibold}; }
  .description { margin: ${SPACE.xxs} 0 ${SPACE.xs}; color: ${(p) => p.theme.textMuted}; font-size: ${TYPE_SCALE.sm.size}; }
  ul { list-style: none; margin: 0; padding: 0; display: grid; gap: 2px; }
  ul li { display: flex; justify-content: space-between; gap: ${SPACE.sm}; align-items: baseline; }
  button {
    border: 0;
    padding: 2px ${SPACE.xs};
    margin-left: -${SPACE.xs};
    border-radius: ${RADIUS.sm};
    background: transparent;
    color: ${(p) => p.theme.accent};
    font: inherit;
    font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace;
    font-size: ${TYPE_SCALE.sm.size};
    cursor: pointer;
    text-align: left;
  }
  button:hover { background: ${(p) => p.theme.surfaceHover}; }
  .type { color: ${(p) => p.theme.textMuted}; font-size: ${TYPE_SCALE.xs.size}; white-space: nowrap; }
`;
