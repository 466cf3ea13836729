import { FloatingFocusManager, FloatingOverlay, FloatingPortal, useDismiss, useFloating, useInteractions, useRole } from "@floating-ui/react";
import { useEffect, useState } from "react";
import { Link, useLocation } from "wouter";
import { styled } from "styled-components";
import type { MenuItemShape } from "../../../contracts/auth";
import { useModel } from "../../bus/use-model";
import { Button } from "../../ui/primitives";
import type { AppState } from "../state";
import { COMPACT_TOP_BAR, SIDEBAR_BREAKPOINT } from "./breakpoints";
import { CompanyBrand } from "./company-brand";
import { FxSelector, ThemeToggle } from "./display-controls";

const Nav = styled.nav`
  background: ${(p) => p.theme.surface};
  border-right: 1px solid ${(p) => p.theme.border};
  padding: 16px 10px;
  min-height: 100%;
  ul { list-style: none; margin: 0; padding: 0; }
  ul ul { padding-left: 12px; }
  a { display: block; padding: 7px 10px; border-radius: 6px; color: ${(p) => p.theme.text}; text-decoration: none; }
  a:hover { background: ${(p) => p.theme.surfaceRaised}; }
  a[aria-current="page"] { background: ${(p) => p.theme.surfaceRaised}; color: ${(p) => p.theme.accent}; font-weight: 600; }
  .section { display: block; padding: 10px 10px 4px; font-size: 12px; text-transform: uppercase; letter-spacing: 0.06em; color: ${(p) => p.theme.textMuted}; }
  .empty { padding: 7px 10px; color: ${(p) => p.theme.textMuted}; font-size: 13px; }
`;

const Docked = styled.div`
  @media (max-width: ${SIDEBAR_BREAKPOINT - 1}px) {
    display: none;
  }
`;

const Drawer = styled.div`
  width: min(300px, 85vw);
  height: 100%;
  background: ${(p) => p.theme.surface};
  overflow-y: auto;
  box-shadow: 0 0 24px rgba(0, 0, 0, 0.4);
  nav { min-height: 0; border-right: none; }
`;

/** On the narrowest screens the top bar has no room for currency and theme: they live here. */
const DrawerDisplay = styled.section`
  display: none;
  background: ${(p) => p.theme.surface};
  padding: 12px 20px 20px;
  gap: 10px;
  select { font: inherit; padding: 7px 9px; border-radius: 6px; border: 1px solid ${(p) => p.theme.borderStrong}; background: ${(p) => p.theme.surface}; color: ${(p) => p.theme.text}; width: 100%; }
  @media (max-width: ${COMPACT_TOP_BAR}px) {
    display: grid;
  }
`;

const MenuButtonStyle = styled(Button)`
  @media (min-width: ${SIDEBAR_BREAKPOINT}px) {
    display: none;
  }
`;

/** The server's menu beside the page, on wide screens. */
export function Sidebar() {
  return (
    <Docked>
      <MainMenu />
    </Docked>
  );
}

/** On narrow screens: the button that opens the menu as a drawer (closes on navigation and Escape). */
export function MenuButton() {
  const [open, setOpen] = useState(false);
  const [location] = useLocation();
  const [openedAt, setOpenedAt] = useState(location);
  useEffect(() => setOpen(false), [location]);
  const { refs, context } = useFloating({ open, onOpenChange: setOpen });
  const { getReferenceProps, getFloatingProps } = useInteractions([useDismiss(context), useRole(context, { role: "dialog" })]);
  return (
    <>
      <MenuButtonStyle
        ref={refs.setReference}
        {...getReferenceProps({
          onClick: () => {
            setOpenedAt(location);
            setOpen(!open);
          },
        })}
        aria-expanded={open}
      >
        ☰ Menu
      </MenuButtonStyle>
      {open && (
        <FloatingPortal>
          <FloatingOverlay lockScroll style={{ background: "rgba(0, 0, 0, 0.5)", zIndex: 25 }}>
            {/* Escape returns focus to the button; a navigation leaves it to the new page's heading. */}
            <FloatingFocusManager context={context} returnFocus={location === openedAt}>
              <Drawer ref={refs.setFloating} aria-label="Menu" {...getFloatingProps()}>
                <MainMenu />
                <DrawerDisplay aria-label="Display">
                  <FxSelector />
                  <ThemeToggle />
                </DrawerDisplay>
              </Drawer>
            </FloatingFocusManager>
          </FloatingOverlay>
        </FloatingPortal>
      )}
    </>
  );
}

function MainMenu() {
  const menu = useModel((state: AppState) => state.session.menu);
  return (
    <Nav aria-label="Main">
      <CompanyBrand />
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
