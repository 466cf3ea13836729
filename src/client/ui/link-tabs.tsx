import { Link } from "wouter";
import { styled } from "styled-components";
import { FONT_WEIGHT, RADIUS, SPACE, TYPE_SCALE } from "./tokens";

/**
 * Sub-pages as tabs (financial categories, warehouse list views), each a link to its own address (so it can be bookmarked and opened in a new
 * tab); the current one has `aria-current="page"`. On a narrow screen the row scrolls sideways.
 */
export function LinkTabs({ label, tabs, current }: { label: string; tabs: readonly { readonly href: string; readonly label: string }[]; current: string }) {
  return (
    <Tabs aria-label={label}>
      <ul>
        {tabs.map((tab) => (
          <li key={tab.href}>
            <Link href={tab.href} aria-current={tab.href === current ? "page" : undefined}>
              {tab.label}
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
