import { useState, type DragEvent, type KeyboardEvent } from "react";

export interface ReorderableOptions {
  /** The drag data type of this list: a drop only takes items of its own list. */
  readonly dragType: string;
  readonly id: number;
  /** The item's place (0 first) and the list's length. */
  readonly index: number;
  readonly count: number;
  /** Whether the person may reorder this list now. */
  readonly enabled: boolean;
  /** Move this item to a place (the handle's arrow keys, Home and End). */
  readonly onMove: (to: number) => void;
  /** Another item of the list was dropped on this one. */
  readonly onDropOn: (draggedId: number) => void;
}

export const REORDER_HINT = "Drag, or use the arrow keys, to change the order";

/**
 * An item of a list a person orders by dragging its handle or, with the handle focused, by the
 * arrow keys, Home and End. Spread `itemProps` on the item (it gets the class "drop-target"
 * while an item hovers over it) and `handleProps` on its handle button.
 */
export function useReorderable({ dragType, id, index, count, enabled, onMove, onDropOn }: ReorderableOptions) {
  const [dropTarget, setDropTarget] = useState(false);
  const itemProps = {
    className: dropTarget ? "drop-target" : undefined,
    onDragOver: (event: DragEvent) => {
      if (!enabled || !event.dataTransfer.types.includes(dragType)) return;
      event.preventDefault();
      setDropTarget(true);
    },
    onDragLeave: () => setDropTarget(false),
    onDrop: (event: DragEvent) => {
      setDropTarget(false);
      const dragged = Number(event.dataTransfer.getData(dragType));
      if (dragged && dragged !== id) onDropOn(dragged);
    },
  };
  const handleProps = {
    type: "button" as const,
    draggable: true,
    title: REORDER_HINT,
    onKeyDown: (event: KeyboardEvent) => {
      const to = { ArrowUp: index - 1, ArrowDown: index + 1, Home: 0, End: count - 1 }[event.key];
      if (to === undefined) return;
      event.preventDefault();
      onMove(to);
    },
    onDragStart: (event: DragEvent) => {
      event.dataTransfer.setData(dragType, String(id));
      event.dataTransfer.effectAllowed = "move";
    },
  };
  return { itemProps, handleProps };
}
