import { useId, type ComponentPropsWithoutRef, type ReactNode } from "react";
import { styled } from "styled-components";
import { RADIUS, SPACE } from "./tokens";

export type CardPadding = "none" | "md" | "lg" | "xl";

export interface CardProps extends Omit<ComponentPropsWithoutRef<"section">, "title"> {
  /** The card's heading; it also names the card (`aria-labelledby`). */
  readonly title?: ReactNode;
  /** Heading level in the page's outline: 2 for a section of the page, 3 inside a section. */
  readonly headingLevel?: 2 | 3;
  /** Small actions right of the title (IconButton, quiet Button). */
  readonly actions?: ReactNode;
  /** Inner space: `lg` (16 px) by default, `md` in dense grids, `none` around a table. */
  readonly padding?: CardPadding;
  /** `article` for a thing that stands alone (a KPI), `section` (default) for a part of the page, `div` for neither. */
  readonly as?: "section" | "article" | "div";
  readonly children?: ReactNode;
}

/** A surface that groups one thing: a KPI, a chart, a form, a table with its caption. */
export function Card({ title, headingLevel = 2, actions, padding = "lg", as = "section", children, ...props }: CardProps) {
  const headingId = useId();
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <CardFrame as={as} $padding={padding} aria-labelledby={title && !props["aria-label"] ? headingId : undefined} {...props}>
      {title || actions ? (
        <div className="card-header">
          {title ? (
            <Heading id={headingId} className="card-title">
              {title}
            </Heading>
          ) : (
            <span />
          )}
          {actions ? <div className="card-actions">{actions}</div> : null}
        </div>
      ) : null}
      {children}
    </CardFrame>
  );
}

const PADDING: Record<CardPadding, string> = { none: "0", md: SPACE.md, lg: SPACE.lg, xl: SPACE.xl };

/** The card's styled frame, for parts that need the look without the header (e.g. a custom grid item). */
export const CardFrame = styled.section<{ $padding?: CardPadding }>`
  display: grid;
  gap: ${SPACE.md};
  align-content: start;
  min-width: 0;
  padding: ${(p) => PADDING[p.$padding ?? "lg"]};
  border: 1px solid ${(p) => p.theme.border};
  border-radius: ${RADIUS.lg};
  background: ${(p) => p.theme.surface};
  box-shadow: ${(p) => p.theme.shadowRaised};
  .card-header { display: flex; align-items: start; justify-content: space-between; gap: ${SPACE.sm}; min-width: 0; }
  .card-title { overflow-wrap: anywhere; }
  .card-actions { display: flex; align-items: center; gap: ${SPACE.xs}; flex: none; }
`;
