import { autoUpdate, FloatingFocusManager, offset, useClick, useDismiss, useFloating, useInteractions, useRole } from "@floating-ui/react";
import { useState } from "react";
import { styled } from "styled-components";
import { useDispatch, useModel } from "../../bus/use-model";
import { Button } from "../../ui/primitives";
import type { AppState } from "../state";
import { SessionTimer } from "./session-timer";

const Bar = styled.header`
  display: flex;
  align-items: center;
  gap: 12px;
  padding: 10px 16px;
  border-bottom: 1px solid ${(p) => p.theme.border};
  background: ${(p) => p.theme.surface};
  .company { font-weight: 600; margin-right: auto; }
  select { font: inherit; padding: 7px 9px; border-radius: 6px; border: 1px solid ${(p) => p.theme.border}; background: ${(p) => p.theme.surface}; color: ${(p) => p.theme.text}; }
`;

export function TopBar({ onDownloadLog }: { onDownloadLog: (() => void) | undefined }) {
  const company = useModel((state: AppState) => state.session.company);
  return (
    <Bar>
      <span className="company">{company?.name}</span>
      <FxSelector />
      <ThemeToggle />
      <UserMenu onDownloadLog={onDownloadLog} />
      <SessionTimer />
    </Bar>
  );
}

/** Named FX rates or local currency (the default), for multi-currency companies only. */
export function FxSelector() {
  const dispatch = useDispatch();
  const company = useModel((state: AppState) => state.session.company);
  const selected = useModel((state: AppState) => state.shell.fxRateId);
  if (!company?.multiCurrency) return null;
  return (
    <label>
      <span style={{ position: "absolute", left: -9999 }}>Currency</span>
      <select
        aria-label="Currency"
        value={selected ?? ""}
        onChange={(event) => dispatch({ _tag: "SelectFxRate", fxRateId: event.target.value === "" ? null : Number(event.target.value) })}
      >
        <option value="">Local currency ({company.localCurrency})</option>
        {company.fxRates.map((rate) => (
          <option key={rate.id} value={rate.id}>
            {rate.name}
          </option>
        ))}
      </select>
    </label>
  );
}

const THEME_LABEL = { dark: "Dark", light: "Light", auto: "Auto" } as const;

/** Cycles dark → light → auto; auto follows the system preference. */
export function ThemeToggle() {
  const dispatch = useDispatch();
  const theme = useModel((state: AppState) => state.shell.theme);
  return (
    <Button onClick={() => dispatch({ _tag: "CycleTheme" })} aria-label={`Theme: ${THEME_LABEL[theme]}. Change theme`}>
      Theme: {THEME_LABEL[theme]}
    </Button>
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
  button { text-align: left; border: none; }
`;

function UserMenu({ onDownloadLog }: { onDownloadLog: (() => void) | undefined }) {
  const profile = useModel((state: AppState) => state.session.profile);
  const [open, setOpen] = useState(false);
  const { refs, floatingStyles, context } = useFloating({ open, onOpenChange: setOpen, placement: "bottom-end", middleware: [offset(6)], whileElementsMounted: autoUpdate });
  const { getReferenceProps, getFloatingProps } = useInteractions([useClick(context), useDismiss(context), useRole(context, { role: "menu" })]);
  return (
    <>
      <Button ref={refs.setReference} {...getReferenceProps()} aria-label="User menu">
        {profile ? `${profile.first_name} ${profile.last_name}`.trim() || profile.email : "Account"}
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
          </Menu>
        </FloatingFocusManager>
      )}
    </>
  );
}
