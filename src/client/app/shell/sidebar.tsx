import { Link, useLocation } from "wouter";
import { styled } from "styled-components";
import type { MenuItemShape } from "../../../contracts/auth";
import { useModel } from "../../bus/use-model";
import type { AppState } from "../state";

const Nav = styled.nav`
  background: ${(p) => p.theme.surface};
  border-right: 1px solid ${(p) => p.theme.border};
  padding: 16px 10px;
  .brand { font-weight: 700; font-size: 18px; padding: 0 10px 16px; letter-spacing: -0.02em; }
  ul { list-style: none; margin: 0; padding: 0; }
  ul ul { padding-left: 12px; }
  a { display: block; padding: 7px 10px; border-radius: 6px; color: ${(p) => p.theme.text}; text-decoration: none; }
  a[aria-current="page"] { background: ${(p) => p.theme.surfaceRaised}; color: ${(p) => p.theme.accent}; }
  .section { display: block; padding: 10px 10px 4px; font-size: 12px; text-transform: uppercase; letter-spacing: 0.06em; color: ${(p) => p.theme.textMuted}; }
  .empty { padding: 7px 10px; color: ${(p) => p.theme.textMuted}; font-size: 13px; }
`;

/** The server's menu: items, and sections with their submenus. */
export function Sidebar() {
  const menu = useModel((state: AppState) => state.session.menu);
  return (
    <Nav aria-label="Main">
      <div className="brand">Meridian</div>
      {menu.length === 0 ? <p className="empty">No screens are available to your account yet.</p> : <MenuList items={menu} />}
    </Nav>
  );
}

function MenuList({ items }: { items: readonly MenuItemShape[] }) {
  const [location] = useLocation();
  return (
    <ul>
      {items.map((item) =>
        item.submenu.length > 0 ? (
          <li key={item.label}>
            <span className="section">{item.label}</span>
            <MenuList items={item.submenu} />
          </li>
        ) : (
          <li key={item.to}>
            <Link href={item.to} aria-current={location === item.to || location.startsWith(`${item.to}/`) ? "page" : undefined}>
              {item.label}
            </Link>
          </li>
        ),
      )}
    </ul>
  );
}
