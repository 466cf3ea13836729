import type { ReactNode } from "react";
import { IconButton } from "../../../../ui/icon-button";
import { Popover } from "../../../../ui/popover";
import { PopoverBody } from "./styles";

export interface ColumnPopoverProps {
  /** The trigger's accessible name, e.g. "Filter Actual". */
  readonly label: string;
  /** The popover's heading. */
  readonly heading: string;
  /** The icon on the trigger (the label names it). */
  readonly icon: ReactNode;
  /** Shown highlighted: a filter or setting is in effect. */
  readonly active?: boolean;
  /** The control cannot be used; it stays focusable and opens to say why (`unavailableReason`). */
  readonly unavailableReason?: string | null;
  readonly children: (close: () => void) => ReactNode;
}

/** A header control that opens a small panel next to it (settings or filter of one column). */
export function ColumnPopover({ label, heading, icon, active = false, unavailableReason = null, children }: ColumnPopoverProps) {
  const unavailable = unavailableReason !== null;
  return (
    <Popover
      label={heading}
      width="300px"
      trigger={(props) => (
        <IconButton
          {...props}
          size="sm"
          variant={active ? "secondary" : "quiet"}
          label={unavailable ? `${label} (unavailable)` : label}
          // Twenty header buttons: the browser's own tooltip, as the floating one costs a sixth of
          // the list's first render (scripts/bench/list-view).
          tooltip={false}
          title={unavailableReason ?? label}
          aria-disabled={unavailable || undefined}
          icon={icon}
          data-active={active || undefined}
        />
      )}
    >
      {(close) => <PopoverBody>{unavailable ? <p role="note">{unavailableReason}</p> : children(close)}</PopoverBody>}
    </Popover>
  );
}
