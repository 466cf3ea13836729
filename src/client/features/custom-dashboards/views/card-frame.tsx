import type { KeyboardEvent, PointerEvent, ReactNode } from "react";
import { styled } from "styled-components";
import { Link } from "wouter";
import type { DashboardCard } from "../../../../contracts/custom-dashboards";
import { Button } from "../../../ui/button";
import { FONT_WEIGHT, RADIUS, SPACE, TYPE_SCALE } from "../../../ui/tokens";
import { CARD_TYPE_LABEL } from "../card-draft";

export interface CardFrameProps {
  readonly card: DashboardCard;
  /** What the card's title shows when it has none (the KPI's name). */
  readonly fallbackTitle: string;
  readonly editable: boolean;
  readonly editing: boolean;
  /** How to move the card, read by screen readers with it ("Arrow keys move …"). */
  readonly hintId?: string;
  readonly onEdit: () => void;
  readonly onRemove: () => void;
  readonly onKeyDown?: (event: KeyboardEvent<HTMLElement>) => void;
  /** The drag handle's pointer down (canvas unlocked, grid): starts a move. */
  readonly onHandlePointerDown?: (event: PointerEvent<HTMLElement>) => void;
  readonly onDragStart?: (event: React.DragEvent<HTMLElement>) => void;
  /** The resize corner (canvas unlocked). */
  readonly resizeHandle?: ReactNode;
  readonly children: ReactNode;
  readonly style?: React.CSSProperties;
  readonly className?: string | undefined;
}

/**
 * A card on a dashboard: its title with a drag handle, Edit and Remove for those who may change
 * the dashboard, and its body. The card itself takes focus, so the keyboard can move it.
 */
export function CardFrame({ card, fallbackTitle, editable, editing, hintId, onEdit, onRemove, onKeyDown, onHandlePointerDown, onDragStart, resizeHandle, children, style, className }: CardFrameProps) {
  const title = card.title || fallbackTitle || CARD_TYPE_LABEL[card.content.type] || "Card";
  return (
    <Frame
      style={style}
      className={[className, editing ? "editing" : ""].filter(Boolean).join(" ")}
      tabIndex={0}
      aria-label={title}
      aria-describedby={hintId}
      data-card-id={card.id}
      onKeyDown={onKeyDown}
    >
      <header>
        {onHandlePointerDown || onDragStart ? (
          <span className="handle" aria-hidden="true" title="Drag to move" draggable={!!onDragStart} onDragStart={onDragStart} onPointerDown={onHandlePointerDown}>
            ⠿
          </span>
        ) : null}
        <h2>{card.content.type === "kpi" || card.content.type === "kpiChart" ? <Link href={`/reporting/kpi-detail/${card.content.kpiId}`}>{title}</Link> : title}</h2>
        {editable ? (
          <span className="actions">
            <Button size="sm" variant="quiet" onClick={onEdit} aria-label={`Edit ${title}`} aria-pressed={editing}>
              Edit
            </Button>
            <Button size="sm" variant="quiet" onClick={onRemove} aria-label={`Remove ${title}`}>
              Remove
            </Button>
          </span>
        ) : null}
      </header>
      <div className="body">{children}</div>
      {resizeHandle}
    </Frame>
  );
}

const Frame = styled.article`
  position: relative;
  display: flex;
  flex-direction: column;
  gap: ${SPACE.sm};
  min-width: 0;
  min-height: 0;
  padding: ${SPACE.md};
  border: 1px solid ${(p) => p.theme.border};
  border-radius: ${RADIUS.lg};
  background: ${(p) => p.theme.surface};
  box-shadow: ${(p) => p.theme.shadowRaised};
  &:focus-visible { outline: 2px solid ${(p) => p.theme.focus}; outline-offset: 2px; }
  &.editing { border-color: ${(p) => p.theme.accent}; box-shadow: 0 0 0 1px ${(p) => p.theme.accent}; }
  &.dragging { opacity: 0.85; z-index: 2; box-shadow: ${(p) => p.theme.shadowOverlay}; }
  header { display: flex; align-items: center; gap: ${SPACE.xs}; min-width: 0; }
  h2 a { color: inherit; text-decoration: none; }
  h2 a:hover { text-decoration: underline; }
  h2 { flex: 1; min-width: 0; font-size: ${TYPE_SCALE.md.size}; line-height: ${TYPE_SCALE.md.lineHeight}; font-weight: ${FONT_WEIGHT.semibold}; overflow-wrap: anywhere; }
  .handle { cursor: grab; color: ${(p) => p.theme.textMuted}; padding: 0 4px; user-select: none; touch-action: none; font-size: 16px; }
  .actions { display: flex; gap: ${SPACE.xxs}; flex: none; }
  .body { flex: 1; min-height: 0; min-width: 0; overflow: auto; }
`;
