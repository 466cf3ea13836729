import { Link } from "wouter";
import { styled } from "styled-components";
import { SPACE, TYPE_SCALE } from "./tokens";

/** One step of the trail: its label and its address. */
export interface Crumb {
  readonly label: string;
  readonly href: string;
}

/**
 * Where a page sits: "Operational dashboard › Revenue". An ordered list of links in a navigation
 * landmark named "Breadcrumb"; the last one is the current page (`aria-current="page"`).
 * Addresses are absolute ("/reporting/…"), so a crumb works from any screen.
 */
export function Breadcrumbs({ items }: { items: readonly Crumb[] }) {
  if (items.length === 0) return null;
  return (
    <Trail aria-label="Breadcrumb">
      <ol>
        {items.map((item, index) => (
          <li key={`${item.href}-${index}`}>
            <Link href={item.href} aria-current={index === items.length - 1 ? "page" : undefined}>
              {item.label}
            </Link>
          </li>
        ))}
      </ol>
    </Trail>
  );
}

const Trail = styled.nav`
  font-size: ${TYPE_SCALE.sm.size};
  line-height: ${TYPE_SCALE.sm.lineHeight};
  ol { display: flex; flex-wrap: wrap; gap: ${SPACE.xs}; margin: 0; padding: 0; list-style: none; }
  li { display: inline-flex; align-items: center; gap: ${SPACE.xs}; min-width: 0; }
  li + li::before { content: "›"; color: ${(p) => p.theme.textMuted}; }
  a { color: ${(p) => p.theme.textMuted}; text-decoration: none; overflow-wrap: anywhere; }
  a:hover { color: ${(p) => p.theme.text}; text-decoration: underline; }
  a[aria-current="page"] { color: ${(p) => p.theme.text}; }
`;
