import { useId, useState, type ReactNode } from "react";
import { styled } from "styled-components";
import { Icon } from "./icons";
import { FONT_WEIGHT, MOTION, RADIUS, SPACE, TYPE_SCALE } from "./tokens";

export interface CollapsibleSectionProps {
  /** The section's heading; the whole heading is the disclosure button. */
  readonly title: ReactNode;
  readonly children: ReactNode;
  readonly headingLevel?: 2 | 3;
  /** Controlled: whether the section is open. Pair with `onOpenChange`. */
  readonly open?: boolean;
  readonly onOpenChange?: (open: boolean) => void;
  /** Uncontrolled: open at first (default true). The section remembers nothing itself. */
  readonly defaultOpen?: boolean;
  /** Shown after the title and also when closed, e.g. "12 KPIs". */
  readonly summary?: ReactNode;
  /** Actions right of the heading (outside the button). */
  readonly actions?: ReactNode;
}

/**
 * A section whose content can be hidden: the heading holds a button with `aria-expanded` that
 * controls the content. For category groups on a dashboard. Controlled (`open` + `onOpenChange`,
 * e.g. saved with the user's settings) or uncontrolled (`defaultOpen`).
 */
export function CollapsibleSection({ title, children, headingLevel = 2, open: controlled, onOpenChange, defaultOpen = true, summary, actions }: CollapsibleSectionProps) {
  const [uncontrolled, setUncontrolled] = useState(defaultOpen);
  const open = controlled ?? uncontrolled;
  const contentId = useId();
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const toggle = () => {
    if (controlled === undefined) setUncontrolled(!open);
    onOpenChange?.(!open);
  };
  return (
    <Section>
      <div className="section-header">
        <Heading className="section-heading">
          <button type="button" aria-expanded={open} aria-controls={contentId} onClick={toggle}>
            <span className={`chevron ${open ? "open" : ""}`} aria-hidden="true">
              <Icon name="chevronRight" size={14} />
            </span>
            <span className="title">{title}</span>
            {summary ? <span className="summary">{summary}</span> : null}
          </button>
        </Heading>
        {actions ? <div className="section-actions">{actions}</div> : null}
      </div>
      <div id={contentId} hidden={!open} className="section-content">
        {children}
      </div>
    </Section>
  );
}

const Section = styled.section`
  display: grid;
  gap: ${SPACE.sm};
  min-width: 0;
  .section-header { display: flex; align-items: center; justify-content: space-between; gap: ${SPACE.sm}; }
  .section-heading { flex: 1; min-width: 0; font-size: ${TYPE_SCALE.md.size}; line-height: ${TYPE_SCALE.md.lineHeight}; }
  .section-heading button {
    display: inline-flex;
    align-items: center;
    gap: ${SPACE.xs};
    max-width: 100%;
    padding: ${SPACE.xxs} ${SPACE.sm} ${SPACE.xxs} ${SPACE.xxs};
    margin-left: -${SPACE.xxs};
    border: 0;
    border-radius: ${RADIUS.md};
    background: none;
    color: ${(p) => p.theme.text};
    font-weight: ${FONT_WEIGHT.semibold};
    text-align: left;
    cursor: pointer;
  }
  .section-heading button:hover { background: ${(p) => p.theme.surfaceHover}; }
  .chevron { display: inline-flex; color: ${(p) => p.theme.textMuted}; transition: transform ${MOTION.fast} ${MOTION.easing}; }
  .chevron.open { transform: rotate(90deg); }
  .title { overflow-wrap: anywhere; }
  .summary { color: ${(p) => p.theme.textMuted}; font-weight: ${FONT_WEIGHT.regular}; font-size: ${TYPE_SCALE.sm.size}; white-space: nowrap; }
  .section-content[hidden] { display: none; }
`;
