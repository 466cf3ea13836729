import { useState } from "react";
import { Button, type ButtonVariant } from "../../../ui/button";
import { IconButton } from "../../../ui/icon-button";
import { Icon } from "../../../ui/icons";
import { Popover } from "../../../ui/popover";
import { Tooltip } from "../../../ui/tooltip";
import { Code, Specimen, State } from "./specimen";

const VARIANTS: readonly ButtonVariant[] = ["primary", "secondary", "danger", "quiet"];

/** Button in its variants, sizes and states; IconButton; Tooltip; Popover. */
export function ActionSections() {
  const [busy, setBusy] = useState(false);
  const [starred, setStarred] = useState(false);
  return (
    <>
      <Specimen
        id="button"
        name='<Button variant="primary | secondary | danger | quiet" size="md | sm" busy icon>'
        file="button.tsx"
        use="Every action. One primary per area; danger for destroying; quiet in dense places. Disabled looks disabled (flat, faded, not-allowed cursor); busy keeps focus and the label and ignores clicks."
      >
        {VARIANTS.map((variant) => (
          <State key={variant} label={variant}>
            <Button variant={variant}>Save changes</Button>
            <Button variant={variant} size="sm">
              Save
            </Button>
            <Button variant={variant} disabled>
              Disabled
            </Button>
          </State>
        ))}
        <State label="Busy (click to toggle)">
          <Button variant="primary" busy={busy} onClick={() => setBusy(true)}>
            Save changes
          </Button>
          <Button onClick={() => setBusy(!busy)}>{busy ? "Stop" : "Start"} busy</Button>
        </State>
        <State label="With icon">
          <Button icon={<Icon name="filter" size={14} />} size="sm">
            More filters
          </Button>
          <Button variant="quiet" icon={<Icon name="check" size={14} />}>
            Mark all as read
          </Button>
        </State>
        <State label="Focus (press Tab)">
          <Button>Tab to me</Button>
          <span>
            The ring is <Code>theme.focus</Code> on <Code>:focus-visible</Code>
          </span>
        </State>
        <State label="Long label, narrow" width="220px">
          <Button variant="secondary">Download the list as CSV</Button>
        </State>
      </Specimen>

      <Specimen
        id="icon-button"
        name='<IconButton label="…" icon={<Icon name="…" />} pressed>'
        file="icon-button.tsx · icons.tsx"
        use="A button with only an icon. The label is required: it is the accessible name and shows as a tooltip on hover and focus. pressed makes it a toggle (aria-pressed)."
      >
        <State label="Quiet (default)">
          <IconButton label="Close" icon={<Icon name="close" />} />
          <IconButton label="More actions" icon={<Icon name="more" />} />
          <IconButton label="Search" icon={<Icon name="search" />} />
          <IconButton label="Notifications" icon={<Icon name="bell" />} />
        </State>
        <State label="Toggle, small, disabled">
          <IconButton label={starred ? "Remove Revenue from favourites" : "Add Revenue to favourites"} icon={<span aria-hidden="true">{starred ? "★" : "☆"}</span>} pressed={starred} onClick={() => setStarred(!starred)} />
          <IconButton label="Filter" icon={<Icon name="filter" size={14} />} size="sm" variant="secondary" />
          <IconButton label="Close" icon={<Icon name="close" />} disabled />
        </State>
      </Specimen>

      <Specimen id="tooltip" name='<Tooltip content="…"><button /></Tooltip>' file="tooltip.tsx" use="A short hint on hover and keyboard focus, e.g. the months of a fiscal quarter. Never the only place for what a person needs (touch has no hover).">
        <State label="Hover or focus">
          <Tooltip content="Oct – Dec 2026">
            <Button variant="quiet" size="sm">
              Q3 FY 2026/27
            </Button>
          </Tooltip>
        </State>
      </Specimen>

      <Specimen
        id="popover"
        name='<Popover label="…" trigger={(props) => <Button {...props}>…</Button>}>'
        file="popover.tsx"
        use="A panel a person opens on purpose next to its button: more filters, column settings, the notification list. Escape or a click outside closes it; focus returns to the button."
      >
        <State label="Closed → open">
          <Popover label="Column settings" trigger={(props) => <Button {...props}>Column settings</Button>}>
            {(close) => (
              <>
                <p>Decimals and scale of the Actual column.</p>
                <Button size="sm" variant="primary" onClick={close}>
                  Apply
                </Button>
              </>
            )}
          </Popover>
        </State>
      </Specimen>
    </>
  );
}
