import { useRef, useState, type KeyboardEvent, type PointerEvent } from "react";
import { styled } from "styled-components";
import type { CardLayout, CustomDashboard, DashboardCard } from "../../../../contracts/custom-dashboards";
import { canvasRows, clampLayout, clampSize, type Direction } from "../../../../domain/custom-dashboards/canvas-layout";
import { useDispatch } from "../../../bus/use-model";
import { MEDIA } from "../../../ui/tokens";
import { CardBody } from "./card-body";
import { CardFrame } from "./card-frame";

/** One canvas row in pixels, and the space between cells: a card's height is h rows and the gaps between them. */
export const ROW_HEIGHT = 56;
export const GAP = 12;
/** The card's header and padding and the chart's caption and legend, taken from its height for a chart that fills it. */
const CARD_CHROME = 175;

const ARROWS: Readonly<Record<string, Direction>> = { ArrowLeft: "left", ArrowRight: "right", ArrowUp: "up", ArrowDown: "down" };

export interface BoardProps {
  readonly dashboard: CustomDashboard;
  readonly editingCardId: number | null;
  readonly hintId: string;
  readonly titleOf: (card: DashboardCard) => string;
  readonly onEdit: (card: DashboardCard) => void;
  readonly onRemove: (card: DashboardCard) => void;
}

interface Drag {
  readonly cardId: number;
  readonly mode: "move" | "resize";
  readonly startX: number;
  readonly startY: number;
  readonly origin: CardLayout;
  readonly preview: CardLayout;
}

/**
 * The canvas (Beta): a 12-column grid where each card sits at its layout. Unlocked, a card moves
 * by dragging its handle and resizes by dragging its corner; with the card focused, the arrow
 * keys move it a cell and Shift+arrows resize it. Each finished move is one command; a locked
 * canvas shows no handles and answers keys with the reason.
 */
export function CanvasBoard({ dashboard, editingCardId, hintId, titleOf, onEdit, onRemove }: BoardProps) {
  const dispatch = useDispatch();
  const boardRef = useRef<HTMLDivElement>(null);
  const [drag, setDrag] = useState<Drag | null>(null);
  const movable = dashboard.canEdit && !dashboard.locked;
  const dashboardId = dashboard.id;

  const cellSize = () => {
    const width = boardRef.current?.clientWidth ?? 1200;
    return { x: (width + GAP) / 12, y: ROW_HEIGHT + GAP };
  };
  const startDrag = (card: DashboardCard, mode: Drag["mode"]) => (event: PointerEvent<HTMLElement>) => {
    if (!movable || event.button !== 0) return;
    event.preventDefault();
    event.stopPropagation();
    event.currentTarget.setPointerCapture?.(event.pointerId);
    setDrag({ cardId: card.id, mode, startX: event.clientX, startY: event.clientY, origin: card.layout, preview: card.layout });
  };
  const onPointerMove = (event: PointerEvent<HTMLElement>) => {
    if (!drag) return;
    const cell = cellSize();
    const dx = Math.round((event.clientX - drag.startX) / cell.x);
    const dy = Math.round((event.clientY - drag.startY) / cell.y);
    const preview = drag.mode === "move" ? clampLayout({ ...drag.origin, x: drag.origin.x + dx, y: drag.origin.y + dy }) : clampSize(drag.origin, drag.origin.w + dx, drag.origin.h + dy);
    if (preview.x !== drag.preview.x || preview.y !== drag.preview.y || preview.w !== drag.preview.w || preview.h !== drag.preview.h) setDrag({ ...drag, preview });
  };
  const endDrag = () => {
    if (!drag) return;
    const { preview, origin, cardId, mode } = drag;
    setDrag(null);
    if (mode === "move" && (preview.x !== origin.x || preview.y !== origin.y)) dispatch({ _tag: "MoveDashboardCard", dashboardId, cardId, x: preview.x, y: preview.y });
    if (mode === "resize" && (preview.w !== origin.w || preview.h !== origin.h)) dispatch({ _tag: "ResizeDashboardCard", dashboardId, cardId, w: preview.w, h: preview.h });
  };
  const onKeyDown = (card: DashboardCard) => (event: KeyboardEvent<HTMLElement>) => {
    // Keys inside the card (a chart's own arrows, a button) are theirs.
    if (event.target !== event.currentTarget) return;
    const direction = ARROWS[event.key];
    if (!direction) return;
    event.preventDefault();
    dispatch({ _tag: "StepDashboardCard", dashboardId, cardId: card.id, direction, resize: event.shiftKey });
  };

  const layoutOf = (card: DashboardCard) => (drag?.cardId === card.id ? drag.preview : card.layout);
  const rows = canvasRows(dashboard.cards.map((card) => ({ layout: layoutOf(card) }))) + (movable ? 2 : 0);
  return (
    <Board ref={boardRef} $rows={rows} className={movable ? "unlocked" : "locked"} onPointerMove={onPointerMove} onPointerUp={endDrag} onPointerCancel={() => setDrag(null)} data-testid="canvas">
      {dashboard.cards.map((card) => {
        const layout = layoutOf(card);
        return (
          <CardFrame
            key={card.id}
            card={card}
            fallbackTitle={titleOf(card)}
            editable={dashboard.canEdit}
            editing={editingCardId === card.id}
            hintId={hintId}
            className={drag?.cardId === card.id ? "dragging" : undefined}
            style={{ gridColumn: `${layout.x + 1} / span ${layout.w}`, gridRow: `${layout.y + 1} / span ${layout.h}` }}
            onEdit={() => onEdit(card)}
            onRemove={() => onRemove(card)}
            onKeyDown={onKeyDown(card)}
            {...(movable ? { onHandlePointerDown: startDrag(card, "move") } : {})}
            resizeHandle={movable ? <Corner className="corner" aria-hidden="true" title="Drag to resize" onPointerDown={startDrag(card, "resize")} /> : null}
          >
            <CardBody card={card} mode="screen" height={layout.h * ROW_HEIGHT + (layout.h - 1) * GAP - CARD_CHROME} />
          </CardFrame>
        );
      })}
    </Board>
  );
}

const Board = styled.div<{ $rows: number }>`
  display: grid;
  grid-template-columns: repeat(12, minmax(0, 1fr));
  grid-template-rows: repeat(${(p) => p.$rows}, ${ROW_HEIGHT}px);
  gap: ${GAP}px;
  padding: ${GAP}px;
  border-radius: 10px;
  &.unlocked {
    background-image: linear-gradient(to right, ${(p) => p.theme.border} 1px, transparent 1px), linear-gradient(to bottom, ${(p) => p.theme.border} 1px, transparent 1px);
    background-size: calc((100% - ${2 * GAP}px + ${GAP}px) / 12) ${ROW_HEIGHT + GAP}px;
    background-position: ${GAP}px ${GAP}px;
    outline: 1px dashed ${(p) => p.theme.border};
  }
  ${MEDIA.narrow} {
    grid-template-columns: minmax(0, 1fr);
    grid-template-rows: none;
    grid-auto-rows: minmax(160px, auto);
    & > article { grid-column: 1 / -1 !important; grid-row: auto !important; }
    /* One column: the cards follow their reading order and are not dragged here. */
    .handle, .corner { display: none; }
  }
`;

const Corner = styled.span`
  position: absolute;
  right: 2px;
  bottom: 2px;
  width: 14px;
  height: 14px;
  cursor: nwse-resize;
  touch-action: none;
  border-right: 2px solid ${(p) => p.theme.textMuted};
  border-bottom: 2px solid ${(p) => p.theme.textMuted};
  border-bottom-right-radius: 4px;
`;
