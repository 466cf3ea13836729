import { autoUpdate, FloatingFocusManager, offset, useClick, useDismiss, useFloating, useInteractions, useRole } from "@floating-ui/react";
import { useState } from "react";
import { Link } from "wouter";
import { styled } from "styled-components";
import { useModel } from "../../bus/use-model";
import { Button } from "../../ui/primitives";
import type { AppState } from "../state";
import { SessionTimer } from "./session-timer";
import { COMPACT_TOP_BAR } from "./breakpoints";
import { FxSelector, ThemeToggle } from "./display-controls";
import { Notifications } from "./feedback";
import { MenuButton } from "./sidebar";

const Bar = styled.header`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px 12px;
  padding: 10px 16px;
  border-bottom: 1px solid ${(p) => p.theme.border};
  background: ${(p) => p.theme.surface};
  /* No width of its own (basis 0): the company name shrinks to an ellipsis before the tools wrap. */
  .company { font-weight: 600; flex: 1 1 0; min-width: 0; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
  .tools { display: flex; flex-wrap: wrap; gap: 8px; align-items: center; }
  .display { display: contents; }
  select { font: inherit; padding: 7px 9px; border-radius: 6px; border: 1px solid ${(p) => p.theme.borderStrong}; background: ${(p) => p.theme.surface}; color: ${(p) => p.theme.text}; max-width: 190px; }
  @media (max-width: ${COMPACT_TOP_BAR}px) {
    padding: 8px 10px;
    .display { display: none; }
    .tools { margin-left: auto; justify-content: flex-end; }
    .user-name { max-width: 120px; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; display: inline-block; vertical-align: bottom; }
  }
`;

export function TopBar({ onDownloadLog }: { onDownloadLog: (() => void) | undefined }) {
  const company = useModel((state: AppState) => state.session.company);
  return (
    <Bar>
      <MenuButton />
      <span className="company" title={company?.name}>
        {company?.name}
      </span>
      <div className="tools">
        <span className="display">
          <FxSelector />
          <ThemeToggle />
        </span>
        <Notifications />
        <UserMenu onDownloadLog={onDownloadLog} />
        <SessionTimer />
      </div>
    </Bar>
  );
}

const Menu = styled.div`
  background: ${(p) => p.theme.surfaceRaised};
  border: 1px solid ${(p) => p.theme.border};
  border-radius: 8px;
  padding: 6px;
  display: grid;
  min-width: 220px;
  z-index: 10;
  .who { padding: 8px 10px; color: ${(p) => p.theme.textMuted}; font-size: 13px; }
  button { text-align: left; border: none; justify-content: flex-start; }
  a { padding: 8px 16px; border-radius: 6px; color: ${(p) => p.theme.text}; text-decoration: none; }
  a:hover { background: ${(p) => p.theme.surfaceHover}; }
`;

function UserMenu({ onDownloadLog }: { onDownloadLog: (() => void) | undefined }) {
  const profile = useModel((state: AppState) => state.session.profile);
  const [open, setOpen] = useState(false);
  const { refs, floatingStyles, context } = useFloating({ open, onOpenChange: setOpen, placement: "bottom-end", middleware: [offset(6)], whileElementsMounted: autoUpdate });
  const { getReferenceProps, getFloatingProps } = useInteractions([useClick(context), useDismiss(context), useRole(context, { role: "menu" })]);
  return (
    <>
      {/* Its name is what it shows (the person's name); the role says it opens a menu. */}
      <Button ref={refs.setReference} {...getReferenceProps()}>
        <span className="user-name">{profile ? `${profile.first_name} ${profile.last_name}`.trim() || profile.email : "Account"}</span>
      </Button>
      {open && (
        <FloatingFocusManager context={context} modal={false}>
          <Menu ref={refs.setFloating} style={floatingStyles} {...getFloatingProps()}>
            <span className="who">{profile?.email}</span>
            {onDownloadLog && (
              <Button
                role="menuitem"
                onClick={() => {
                  onDownloadLog();
                  setOpen(false);
                }}
              >
                Download session log
              </Button>
            )}
            <Link href="/uipatterns" role="menuitem" onClick={() => setOpen(false)}>
              UI patterns
            </Link>
          </Menu>
        </FloatingFocusManager>
      )}
    </>
  );
}
