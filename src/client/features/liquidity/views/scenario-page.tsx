import { useEffect, type ReactNode } from "react";
import { useParams } from "wouter";
import { SCENARIO_NOT_FOUND, type LiquidityChoices, type LiquidityScenario } from "../../../../contracts/liquidity";
import type { AppState } from "../../../app/state";
import { useDispatch, useModel } from "../../../bus/use-model";
import { Alert } from "../../../ui/alert";
import { LinkTabs } from "../../../ui/link-tabs";
import { Page, Stack } from "../../../ui/layout";
import { PageHeader } from "../../../ui/page-header";
import { EmptyState, ErrorState, LoadingState, PermissionDenied } from "../../../ui/states";
import { ButtonLink } from "../../../ui/button";
import { readOnlyReason, ScenarioStatus, selectMayPlanLiquidity } from "./shared";

/**
 * The frame of a scenario's headcount and expenses screens: the scenario (the spec's text when it
 * is not there or not the person's), its status, the tabs between its two screens, and whether
 * it may be changed here. `children` gets the scenario once it is loaded.
 */
export function ScenarioPage({ part, children }: { part: "headcount" | "expenses"; children: (scenario: LiquidityScenario, editable: boolean, choices: LiquidityChoices | null) => ReactNode }) {
  const allowed = useModel(selectMayPlanLiquidity);
  return allowed ? <ScenarioFrame part={part}>{children}</ScenarioFrame> : <PermissionDenied />;
}

function ScenarioFrame({ part, children }: { part: "headcount" | "expenses"; children: (scenario: LiquidityScenario, editable: boolean, choices: LiquidityChoices | null) => ReactNode }) {
  const dispatch = useDispatch();
  const params = useParams<{ scenarioId: string }>();
  const scenarioId = /^\d{1,15}$/.test(params.scenarioId ?? "") ? Number(params.scenarioId) : null;
  const model = useModel((state: AppState) => state.liquidity.scenario);
  const choices = useModel((state: AppState) => state.liquidity.choices);
  useEffect(() => {
    if (scenarioId !== null) dispatch({ _tag: "OpenLiquidityScenario", scenarioId, part });
  }, [dispatch, scenarioId, part]);
  useEffect(() => {
    if (choices.status === "idle") dispatch({ _tag: "LoadLiquidityChoices" });
  }, [dispatch, choices.status]);
  const title = part === "headcount" ? "Headcount" : "Expenses";
  const scenario = model.scenarioId === scenarioId ? model.value : null;
  const crumbs = [{ label: "Liquidity planning", href: "/liquidity-planning" }, { label: scenario ? `${scenario.name}: ${title}` : title, href: `/liquidity-planning/${part}/scenario/${params.scenarioId ?? ""}` }];
  if (scenarioId === null || (model.scenarioId === scenarioId && model.notFound)) {
    return (
      <Page>
        <PageHeader title={title} breadcrumbs={crumbs} />
        <EmptyState title={SCENARIO_NOT_FOUND} text="It may have been deleted, or it was not shared with you." action={<ButtonLink href="/liquidity-planning">Back to the scenarios</ButtonLink>} />
      </Page>
    );
  }
  const editable = !!scenario && scenario.canEdit && scenario.status === "draft";
  return (
    <Page $width="wide">
      <PageHeader title={scenario ? `${title}: ${scenario.name}` : title} breadcrumbs={crumbs} titleAddon={scenario ? <ScenarioStatus scenario={scenario} /> : null} />
      <Stack $gap="lg">
        <LinkTabs
          label="Scenario"
          current={`/liquidity-planning/${part}/scenario/${scenarioId}`}
          tabs={[
            { href: `/liquidity-planning/headcount/scenario/${scenarioId}`, label: "Headcount" },
            { href: `/liquidity-planning/expenses/scenario/${scenarioId}`, label: "Expenses" },
          ]}
        />
        {model.status === "error" && model.scenarioId === scenarioId ? (
          <ErrorState message={model.message ?? ""} onRetry={() => dispatch({ _tag: "OpenLiquidityScenario", scenarioId, part })} />
        ) : !scenario ? (
          <LoadingState label="Loading the scenario…" />
        ) : (
          <>
            {readOnlyReason(scenario) ? (
              <Alert tone="info" data-testid="read-only">
                {readOnlyReason(scenario)}
              </Alert>
            ) : null}
            {children(scenario, editable, choices.value)}
          </>
        )}
      </Stack>
    </Page>
  );
}
