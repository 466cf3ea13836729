import { Link } from "wouter";
import { styled } from "styled-components";
import type { Objective, StatusOption } from "../../../../contracts/okrs";
import { Button } from "../../../ui/button";
import { Popover } from "../../../ui/popover";
import { REORDER_HINT, useReorderable } from "../../../ui/reorderable";
import { FONT_WEIGHT, RADIUS, SPACE, TYPE_SCALE } from "../../../ui/tokens";
import { PeopleInitials, ProgressBar, StatusLabel } from "./parts";

export const LEVEL_LABEL = { corporate: "Corporate", team: "Team", employee: "Employee" } as const;

export type ObjectiveCommand = "edit" | "copy" | "move" | "delete";

export interface ObjectiveCardProps {
  readonly objective: Objective;
  readonly statuses: readonly StatusOption[];
  /** Its place in its group (0 first) and the group's size, for reordering. */
  readonly index: number;
  readonly count: number;
  readonly onCommand: (command: ObjectiveCommand, objective: Objective) => void;
  readonly onMove: (objective: Objective, to: number) => void;
  readonly onDropOn: (draggedId: number, target: Objective) => void;
}

/**
 * One objective on the lists: its title (to its screen), status, progress, key results with
 * their progress, the responsible people, and the objectives it supports. Changes only when the
 * person may (`mayEdit`); the handle orders it by drag or arrow keys.
 */
export function ObjectiveCard({ objective, statuses, index, count, onCommand, onMove, onDropOn }: ObjectiveCardProps) {
  const { itemProps, handleProps } = useReorderable({
    dragType: `application/x-okr-group-${groupKey(objective)}`,
    id: objective.id,
    index,
    count,
    enabled: objective.mayEdit,
    onMove: (to) => onMove(objective, Math.max(0, Math.min(count - 1, to))),
    onDropOn: (draggedId) => onDropOn(draggedId, objective),
  });
  const owner = objective.level === "team" ? objective.category?.name : objective.level === "employee" ? objective.owner?.name : null;
  return (
    <Frame data-testid={`objective-${objective.title}`} aria-labelledby={`objective-${objective.id}-title`} {...itemProps}>
      <header>
        {objective.mayEdit && count > 1 ? (
          <button {...handleProps} className="handle" aria-label={`Reorder “${objective.title}”, position ${index + 1} of ${count}`} aria-describedby={`objective-${objective.id}-hint`}>
            <span aria-hidden="true">⋮⋮</span>
          </button>
        ) : null}
        <div className="heading">
          <h3 id={`objective-${objective.id}-title`}>
            <Link href={`/objectives/id/${objective.id}`}>{objective.title}</Link>
          </h3>
          <div className="meta">
            <span>{LEVEL_LABEL[objective.level]}</span>
            {owner ? <span>· {owner}</span> : null}
            <span>
              · {objective.startsOn} – {objective.endsOn}
            </span>
          </div>
        </div>
        <StatusLabel statusId={objective.statusId} statuses={statuses} />
        <PeopleInitials people={objective.responsibles} />
        {objective.mayEdit ? (
          <Popover label={`Actions for “${objective.title}”`} hideHeading width="200px" trigger={(props) => <Button size="sm" variant="quiet" {...props} aria-label={`Actions for “${objective.title}”`}>Actions</Button>}>
            {(close) => (
              <Menu>
                {(["edit", "copy", "move", "delete"] as const).map((command) => (
                  <li key={command}>
                    <Button
                      size="sm"
                      variant="quiet"
                      onClick={() => {
                        close();
                        onCommand(command, objective);
                      }}
                    >
                      {COMMAND_LABEL[command]}
                    </Button>
                  </li>
                ))}
                {count > 1 ? (
                  <>
                    <li>
                      <Button size="sm" variant="quiet" disabled={index === 0} onClick={() => onMove(objective, index - 1)}>
                        Move up
                      </Button>
                    </li>
                    <li>
                      <Button size="sm" variant="quiet" disabled={index === count - 1} onClick={() => onMove(objective, index + 1)}>
                        Move down
                      </Button>
                    </li>
                  </>
                ) : null}
              </Menu>
            )}
          </Popover>
        ) : null}
      </header>
      <span id={`objective-${objective.id}-hint`} hidden>
        {REORDER_HINT}
      </span>
      <ProgressBar value={objective.progress} label={`Progress of “${objective.title}”`} />
      {objective.parents.length > 0 ? (
        <p className="links">
          Supports:{" "}
          {objective.parents.map((parent, position) => (
            <span key={parent.id}>
              {position > 0 ? ", " : null}
              <Link href={`/objectives/id/${parent.id}`}>{parent.title}</Link>
            </span>
          ))}
        </p>
      ) : null}
      {objective.keyResults.length > 0 ? (
        <ul className="key-results" aria-label={`Key results of “${objective.title}”`}>
          {objective.keyResults.map((keyResult) => (
            <li key={keyResult.id}>
              <span className="kr-title">
                {keyResult.title}
                {keyResult.kpi ? <span className="kpi"> · KPI {keyResult.kpi.name}</span> : null}
              </span>
              <span className="kr-figures">
                {keyResult.actual === null ? "–" : formatFigure(keyResult.actual)} / {formatFigure(keyResult.target)} {keyResult.unit}
              </span>
              <ProgressBar size="sm" value={keyResult.progress} label={`Progress of key result “${keyResult.title}”`} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">No key results yet.</p>
      )}
    </Frame>
  );
}

const COMMAND_LABEL: Record<ObjectiveCommand, string> = { edit: "Edit", copy: "Copy", move: "Move", delete: "Delete" };

/** Objectives reorder within their group: the same level and unit (team) or owner (employee). */
export const groupKey = (objective: Objective) => `${objective.level}-${objective.category?.id ?? ""}-${objective.owner?.id ?? ""}`;

export const formatFigure = (value: number) => new Intl.NumberFormat("en-US", { maximumFractionDigits: 2 }).format(value);

const Frame = styled.article`
  display: grid;
  gap: ${SPACE.sm};
  padding: ${SPACE.md} ${SPACE.lg};
  border: 1px solid ${(p) => p.theme.border};
  border-radius: ${RADIUS.lg};
  background: ${(p) => p.theme.surface};
  &.drop-target { outline: 2px dashed ${(p) => p.theme.accent}; }
  header { display: flex; align-items: center; gap: ${SPACE.md}; flex-wrap: wrap; }
  .heading { flex: 1; min-width: 200px; }
  h3 { font-size: ${TYPE_SCALE.lg.size}; line-height: ${TYPE_SCALE.lg.lineHeight}; font-weight: ${FONT_WEIGHT.semibold}; }
  h3 a { color: ${(p) => p.theme.text}; }
  .meta, .links, .muted, .kpi { font-size: ${TYPE_SCALE.sm.size}; color: ${(p) => p.theme.textMuted}; }
  .meta { display: flex; gap: ${SPACE.xs}; flex-wrap: wrap; }
  .handle { cursor: grab; border: 1px solid ${(p) => p.theme.border}; border-radius: ${RADIUS.sm}; background: transparent; color: ${(p) => p.theme.textMuted}; padding: ${SPACE.xxs} ${SPACE.xs}; min-width: 24px; min-height: 24px; }
  .key-results { list-style: none; margin: 0; padding: 0; display: grid; gap: ${SPACE.xs}; }
  .key-results li { display: grid; grid-template-columns: minmax(0, 2fr) minmax(9rem, auto) minmax(120px, 1fr); gap: ${SPACE.md}; align-items: center; font-size: ${TYPE_SCALE.sm.size}; }
  .kr-figures { font-variant-numeric: tabular-nums; color: ${(p) => p.theme.textMuted}; text-align: right; }
`;

const Menu = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${SPACE.xxs};
  button { width: 100%; justify-content: flex-start; }
`;
