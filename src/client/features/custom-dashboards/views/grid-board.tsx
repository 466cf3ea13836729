import { useState, type KeyboardEvent } from "react";
import { styled } from "styled-components";
import type { DashboardCard } from "../../../../contracts/custom-dashboards";
import { useDispatch } from "../../../bus/use-model";
import { SPACE } from "../../../ui/tokens";
import { orderedCards } from "../model";
import type { BoardProps } from "./canvas-board";
import { CardBody } from "./card-body";
import { CardFrame } from "./card-frame";

const DRAG_TYPE = "application/x-meridian-card";
const EARLIER = new Set(["ArrowLeft", "ArrowUp"]);
const LATER = new Set(["ArrowRight", "ArrowDown"]);

/**
 * A grid dashboard: the cards flow in their order. Those who may change it drag a card's handle
 * onto another card, or move the focused card with the arrow keys (earlier, later).
 */
export function GridBoard({ dashboard, editingCardId, hintId, titleOf, onEdit, onRemove }: BoardProps) {
  const dispatch = useDispatch();
  const [dropOn, setDropOn] = useState<number | null>(null);
  const cards = orderedCards(dashboard);
  const reorder = (card: DashboardCard, position: number) => dispatch({ _tag: "ReorderDashboardCard", dashboardId: dashboard.id, cardId: card.id, position });
  const onKeyDown = (card: DashboardCard, index: number) => (event: KeyboardEvent<HTMLElement>) => {
    if (event.target !== event.currentTarget) return;
    const to = EARLIER.has(event.key) ? index - 1 : LATER.has(event.key) ? index + 1 : event.key === "Home" ? 0 : event.key === "End" ? cards.length - 1 : null;
    if (to === null) return;
    event.preventDefault();
    reorder(card, to);
  };
  return (
    <Grid data-testid="grid">
      {cards.map((card, index) => (
        <div
          key={card.id}
          className={["cell", wide(card) ? "wide" : "", dropOn === card.id ? "drop-target" : ""].join(" ")}
          onDragOver={(event) => {
            if (!dashboard.canEdit || !event.dataTransfer.types.includes(DRAG_TYPE)) return;
            event.preventDefault();
            setDropOn(card.id);
          }}
          onDragLeave={() => setDropOn(null)}
          onDrop={(event) => {
            setDropOn(null);
            const dragged = cards.find((entry) => String(entry.id) === event.dataTransfer.getData(DRAG_TYPE));
            if (dragged && dragged.id !== card.id) reorder(dragged, index);
          }}
        >
          <CardFrame
            card={card}
            fallbackTitle={titleOf(card)}
            editable={dashboard.canEdit}
            editing={editingCardId === card.id}
            hintId={hintId}
            onEdit={() => onEdit(card)}
            onRemove={() => onRemove(card)}
            onKeyDown={onKeyDown(card, index)}
            {...(dashboard.canEdit
              ? {
                  onDragStart: (event: React.DragEvent<HTMLElement>) => {
                    event.dataTransfer.setData(DRAG_TYPE, String(card.id));
                    event.dataTransfer.effectAllowed = "move";
                  },
                }
              : {})}
          >
            <CardBody card={card} mode="screen" />
          </CardFrame>
        </div>
      ))}
    </Grid>
  );
}

/** Charts take the width of two cards. */
const wide = (card: DashboardCard) => card.content.type === "kpiChart" || card.content.type === "chart";

const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(300px, 1fr));
  gap: ${SPACE.lg};
  align-items: start;
  .cell { min-width: 0; display: grid; }
  .cell.wide { grid-column: span 2; }
  .cell.drop-target > article { box-shadow: 0 0 0 2px ${(p) => p.theme.accent}; }
  @media (max-width: 720px) { .cell.wide { grid-column: auto; } }
`;
