import type { ReactNode } from "react";
import { styled } from "styled-components";
import type { LiquidityScenario } from "../../../../contracts/liquidity";
import type { AppState } from "../../../app/state";
import { selectAccess } from "../../session/model";
import { Badge } from "../../../ui/badge";
import { SPACE } from "../../../ui/tokens";

/** Who may open the liquidity screens: access_liquidity_planning (directly, by group or the per-user grant) or staff. */
export const selectMayPlanLiquidity = (state: AppState): boolean => {
  const access = selectAccess(state.session);
  return !!access && (access.isStaff || access.permissions.has("access_liquidity_planning"));
};

/** Draft, or approved with a lock: approved scenarios never change again. */
export function ScenarioStatus({ scenario }: { scenario: Pick<LiquidityScenario, "status"> }) {
  return scenario.status === "approved" ? (
    <Badge tone="good" data-testid="scenario-locked">
      <Lock /> Approved, locked
    </Badge>
  ) : (
    <Badge tone="neutral">Draft</Badge>
  );
}

export function Lock() {
  return (
    <LockIcon viewBox="0 0 16 16" width="12" height="12" aria-hidden="true" focusable="false">
      <path d="M4 7V5a4 4 0 0 1 8 0v2h1v8H3V7h1zm2 0h4V5a2 2 0 0 0-4 0v2z" fill="currentColor" />
    </LockIcon>
  );
}

const LockIcon = styled.svg`
  vertical-align: -1px;
  margin-right: ${SPACE.xxs};
`;

/** Why a scenario cannot be changed here, when it cannot. */
export function readOnlyReason(scenario: LiquidityScenario): ReactNode {
  if (scenario.status === "approved") return `Approved${scenario.approvedAt ? ` on ${scenario.approvedAt.slice(0, 10)}` : ""}${scenario.approvedBy ? ` by ${scenario.approvedBy.name}` : ""}: an approved scenario can no longer be changed. Duplicate it to plan on from it.`;
  if (!scenario.canEdit) return "You may read this scenario but not change it: its author, its write users and liquidity administrators change it.";
  return null;
}
