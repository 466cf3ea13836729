import { useRef, type KeyboardEvent } from "react";
import { styled } from "styled-components";
import type { RegisteredInstance } from "../../../../contracts/portfolio";
import type { AppState } from "../../../app/state";
import { useDispatch, useModel } from "../../../bus/use-model";
import { Badge } from "../../../ui/badge";
import { EmptyState, ErrorState, LoadingState } from "../../../ui/states";
import { FONT_WEIGHT, RADIUS, SPACE } from "../../../ui/tokens";
import { shownInstance } from "../model";

export const AUTHORIZATION_LABELS: Record<RegisteredInstance["authorization_state"], string> = { authorized: "Authorized", requested: "Requested", denied: "Denied" };

/** The tab and panel ids of a company, shared by the switcher and the frames. */
export const companyTabId = (instanceId: number) => `portfolio-company-tab-${instanceId}`;
export const companyPanelId = "portfolio-company-panel";

/**
 * The companies as tabs (WAI-ARIA tabs with automatic activation): click one, or move along them
 * with the arrow keys, Home and End. The panel is the shown company's frame (company-frames.tsx).
 */
export function CompanySwitcher() {
  const dispatch = useDispatch();
  const portfolio = useModel((state: AppState) => state.portfolio);
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const { instances } = portfolio;
  if (instances.status === "error") return <ErrorState message={instances.message} onRetry={() => dispatch({ _tag: "LoadPortfolio" })} />;
  if (instances.status !== "loaded" && instances.list.length === 0) return <LoadingState label="Loading your portfolio…" variant="skeleton" lines={1} />;
  if (instances.list.length === 0) return <EmptyState title="No portfolio companies yet" text="When a company registers your instance as its investor, it appears here." />;
  const shown = shownInstance(portfolio);
  const select = (index: number) => {
    const instance = instances.list[index];
    if (!instance) return;
    dispatch({ _tag: "SelectPortfolioCompany", instanceId: instance.id });
    tabs.current[index]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const last = instances.list.length - 1;
    const target = event.key === "ArrowRight" ? (index === last ? 0 : index + 1) : event.key === "ArrowLeft" ? (index === 0 ? last : index - 1) : event.key === "Home" ? 0 : event.key === "End" ? last : null;
    if (target === null) return;
    event.preventDefault();
    select(target);
  };
  return (
    <Tabs role="tablist" aria-label="Portfolio companies">
      {instances.list.map((instance, index) => {
        const active = instance.id === shown?.id;
        return (
          <button
            key={instance.id}
            ref={(element) => {
              tabs.current[index] = element;
            }}
            type="button"
            role="tab"
            id={companyTabId(instance.id)}
            aria-selected={active}
            aria-controls={companyPanelId}
            tabIndex={active ? 0 : -1}
            onClick={() => select(index)}
            onKeyDown={(event) => onKeyDown(event, index)}
          >
            <span className="name">{instance.instance_name}</span>
            {instance.authorization_state === "authorized" ? null : <Badge tone={instance.authorization_state === "denied" ? "bad" : "warning"}>{AUTHORIZATION_LABELS[instance.authorization_state]}</Badge>}
          </button>
        );
      })}
    </Tabs>
  );
}

const Tabs = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${SPACE.sm};
  button {
    display: inline-flex;
    align-items: center;
    gap: ${SPACE.sm};
    min-height: 40px;
    padding: 0 ${SPACE.lg};
    border: 1px solid ${(p) => p.theme.borderStrong};
    border-radius: ${RADIUS.md};
    background: ${(p) => p.theme.surface};
    color: ${(p) => p.theme.text};
    font: inherit;
    font-weight: ${FONT_WEIGHT.medium};
    cursor: pointer;
  }
  button:hover { background: ${(p) => p.theme.surfaceHover}; }
  button[aria-selected="true"] { border-color: ${(p) => p.theme.accent}; box-shadow: inset 0 0 0 1px ${(p) => p.theme.accent}; font-weight: ${FONT_WEIGHT.semibold}; }
`;
