import { Link } from "wouter";
import { styled } from "styled-components";
import type { DashboardSummary } from "../../../../contracts/custom-dashboards";
import { useDispatch } from "../../../bus/use-model";
import { Badge } from "../../../ui/badge";
import { Button } from "../../../ui/button";
import { useConfirm } from "../../../ui/confirm";
import { SPACE } from "../../../ui/tokens";
import { useReorderable } from "../../../ui/reorderable";
import { date, dateTime } from "../../query-builder/views/format";

export interface DashboardRowProps {
  readonly dashboard: DashboardSummary;
  readonly index: number;
  readonly count: number;
  readonly reorderable: boolean;
  readonly canDuplicate: boolean;
  readonly onMove: (to: number) => void;
  /** A row dragged by its handle was dropped on this one. */
  readonly onDropOn: (draggedId: number) => void;
  readonly onRename: () => void;
  readonly onDuplicate: () => void;
  readonly onShare: () => void;
}

const DRAG_TYPE = "application/x-meridian-dashboard";

/** One dashboard in the overview: its facts, its handle for ordering and the actions the reader may take. */
export function DashboardRow({ dashboard, index, count, reorderable, canDuplicate, onMove, onDropOn, onRename, onDuplicate, onShare }: DashboardRowProps) {
  const dispatch = useDispatch();
  const confirm = useConfirm();
  const { itemProps, handleProps } = useReorderable({ dragType: DRAG_TYPE, id: dashboard.id, index, count, enabled: reorderable, onMove, onDropOn });
  const remove = async () => {
    const yes = await confirm({
      title: `Delete ${dashboard.name}?`,
      message: `The dashboard and its ${dashboard.cardCount === 1 ? "card are" : `${dashboard.cardCount} cards are`} deleted for everyone it is shared with. The KPIs and charts on it stay.`,
      confirmLabel: "Delete",
      tone: "danger",
    });
    if (yes) dispatch({ _tag: "DeleteCustomDashboard", dashboardId: dashboard.id, name: dashboard.name });
  };
  return (
    <Row {...itemProps} data-dashboard-id={dashboard.id}>
      {reorderable ? (
        <td className="handle">
          <button {...handleProps} aria-label={`Move ${dashboard.name}, place ${index + 1} of ${count}`}>
            <span aria-hidden="true">⠿</span>
          </button>
        </td>
      ) : null}
      <th scope="row">
        <Link href={`/reporting/custom-dashboard/${dashboard.id}`}>{dashboard.name}</Link>
      </th>
      <td>
        {dashboard.kind === "canvas" ? (
          <span className="kind">
            Canvas <Badge tone="accent">Beta</Badge>
            {dashboard.locked ? <Badge>Locked</Badge> : null}
          </span>
        ) : (
          "Grid"
        )}
      </td>
      <td>{dashboard.owner.name}</td>
      <td className="numeric">{dashboard.cardCount}</td>
      <td>
        <time dateTime={dashboard.updatedAt} title={dateTime(dashboard.updatedAt)}>
          {date(dashboard.updatedAt)}
        </time>
      </td>
      <td>
        <div className="actions">
          {dashboard.canEdit ? (
            <Button size="sm" variant="quiet" onClick={onRename} aria-label={`Rename ${dashboard.name}`}>
              Rename
            </Button>
          ) : null}
          {canDuplicate ? (
            <Button size="sm" variant="quiet" onClick={onDuplicate} aria-label={`Duplicate ${dashboard.name}`}>
              Duplicate
            </Button>
          ) : null}
          {dashboard.canManage ? (
            <>
              <Button size="sm" variant="quiet" onClick={onShare} aria-label={`Share ${dashboard.name}`}>
                Share
              </Button>
              <Button size="sm" variant="quiet" onClick={remove} aria-label={`Delete ${dashboard.name}`}>
                Delete
              </Button>
            </>
          ) : null}
        </div>
      </td>
    </Row>
  );
}

const Row = styled.tr`
  &.drop-target td, &.drop-target th { box-shadow: inset 0 2px 0 ${(p) => p.theme.accent}; }
  th[scope="row"] { font-weight: 500; }
  .handle { width: 36px; }
  .handle button {
    cursor: grab;
    border: 1px solid transparent;
    background: transparent;
    color: ${(p) => p.theme.textMuted};
    border-radius: 4px;
    padding: 2px 6px;
    font-size: 16px;
  }
  .handle button:hover { border-color: ${(p) => p.theme.border}; }
  .handle button:focus-visible { outline: 2px solid ${(p) => p.theme.focus}; outline-offset: 1px; }
  .kind { display: inline-flex; gap: ${SPACE.xs}; align-items: center; }
  .actions { display: flex; gap: ${SPACE.xs}; justify-content: flex-end; flex-wrap: wrap; }
`;
