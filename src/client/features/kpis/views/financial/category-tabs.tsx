import { Link } from "wouter";
import { styled } from "styled-components";
import type { KpiCategory } from "../../../../../contracts/kpis";
import { FONT_WEIGHT, RADIUS, SPACE, TYPE_SCALE } from "../../../../ui/tokens";

/**
 * The financial categories (P&L, balance sheet, …) as tabs. Each is a link to its own address,
 * so a category can be bookmarked and opened in a new tab; the current one has
 * `aria-current="page"`. On a narrow screen the row scrolls sideways rather than wrapping.
 */
export function CategoryTabs({ categories, currentId }: { categories: readonly KpiCategory[]; currentId: number | undefined }) {
  return (
    <Tabs aria-label="Financial categories">
      <ul>
        {categories.map((category) => (
          <li key={category.id}>
            <Link href={`/reporting/financial-dashboard/${category.id}`} aria-current={category.id === currentId ? "page" : undefined}>
              {category.name}
            </Link>
          </li>
        ))}
      </ul>
    </Tabs>
  );
}

const Tabs = styled.nav`
  min-width: 0;
  overflow-x: auto;
  border-bottom: 1px solid ${(p) => p.theme.border};
  ul { display: flex; gap: ${SPACE.xs}; margin: 0; padding: 0; list-style: none; }
  a {
    display: inline-flex;
    align-items: center;
    min-height: 36px;
    padding: 0 ${SPACE.md};
    margin-bottom: -1px;
    border-bottom: 2px solid transparent;
    border-radius: ${RADIUS.sm} ${RADIUS.sm} 0 0;
    color: ${(p) => p.theme.textMuted};
    font-size: ${TYPE_SCALE.md.size};
    font-weight: ${FONT_WEIGHT.medium};
    text-decoration: none;
    white-space: nowrap;
  }
  a:hover { color: ${(p) => p.theme.text}; background: ${(p) => p.theme.surfaceHover}; }
  a[aria-current="page"] { color: ${(p) => p.theme.text}; border-bottom-color: ${(p) => p.theme.accent}; font-weight: ${FONT_WEIGHT.semibold}; }
  a:focus-visible { outline-offset: -2px; }
`;
