import { Link } from "wouter";
import { styled } from "styled-components";
import type { KpiAction } from "../../../../contracts/collaboration";
import { ACTION_STATUS_LABELS } from "../../../../domain/collaboration/actions";
import { Badge, type BadgeTone } from "../../../ui/badge";
import { SPACE, TYPE_SCALE } from "../../../ui/tokens";

export const STATUS_TONE: Readonly<Record<KpiAction["status"], BadgeTone>> = { open: "neutral", in_progress: "accent", done: "good" };

/** An action in a list: its title (linking to it), status, assignee and due date, overdue marked. */
export function ActionRow({ action, showKpi }: { action: KpiAction; showKpi: boolean }) {
  return (
    <Row>
      <Link href={`/reporting/actions/${action.id}`} className="title">
        {action.title}
      </Link>
      <span className="facts">
        <Badge tone={STATUS_TONE[action.status]}>{ACTION_STATUS_LABELS[action.status]}</Badge>
        {action.overdue ? <Badge tone="bad">Overdue</Badge> : null}
        <span>{action.assignedUser.name}</span>
        {action.dueDate ? <span>due {action.dueDate}</span> : null}
        {showKpi ? <span>{action.kpiName}</span> : null}
      </span>
    </Row>
  );
}

const Row = styled.li`
  display: grid;
  gap: ${SPACE.xxs};
  padding: ${SPACE.xs} 0;
  & + & { border-top: 1px solid ${(p) => p.theme.border}; }
  .facts { display: flex; flex-wrap: wrap; gap: ${SPACE.xs}; align-items: center; color: ${(p) => p.theme.textMuted}; font-size: ${TYPE_SCALE.sm.size}; }
`;
