import { useEffect } from "react";
import { styled } from "styled-components";
import type { HoldingRequest } from "../../../../contracts/holding";
import type { AppState } from "../../../app/state";
import { useDispatch, useModel } from "../../../bus/use-model";
import { Alert } from "../../../ui/alert";
import { Button } from "../../../ui/button";
import { Card } from "../../../ui/card";
import { useConfirm } from "../../../ui/confirm";
import { Cluster, Page, Stack } from "../../../ui/layout";
import { PageHeader } from "../../../ui/page-header";
import { EmptyState, ErrorState, LoadingState, PermissionDenied } from "../../../ui/states";
import { Table, TableFrame, Td, Th } from "../../../ui/table-parts";
import { Text } from "../../../ui/text";
import { selectCanManageHolding } from "./access";
import { StateBadge } from "./state-badge";

/**
 * settings/holdings, in a company: the holdings that asked to roll it up. Its administrator
 * creates a one-time code to give a holding, and authorizes or denies each request; denying an
 * authorized holding withdraws it. The decision is the company's alone. Others see the permission text.
 */
export default function HoldingRequestsScreen() {
  const allowed = useModel(selectCanManageHolding);
  return allowed ? <HoldingRequests /> : <PermissionDenied />;
}

function HoldingRequests() {
  const dispatch = useDispatch();
  const requests = useModel((state: AppState) => state.holding.requests);
  const code = useModel((state: AppState) => state.holding.code);
  const decisions = useModel((state: AppState) => state.holding.decisions);
  const revision = useModel((state: AppState) => state.holding.revision);
  const confirm = useConfirm();
  useEffect(() => {
    dispatch({ _tag: "LoadHoldingRequests" });
  }, [dispatch, revision]);

  const decide = async (request: HoldingRequest, state: "authorized" | "denied") => {
    if (state === "denied" && request.state === "authorized") {
      const yes = await confirm({
        title: `Withdraw ${request.holding_name}'s access?`,
        message: `${request.holding_name} no longer sees this company's KPIs in its holding reporting.`,
        confirmLabel: "Withdraw",
        tone: "danger",
      });
      if (!yes) return;
    }
    dispatch({ _tag: "DecideHoldingRequest", id: request.id, holdingName: request.holding_name, state });
  };

  return (
    <Page>
      <PageHeader
        title="Holdings"
        description="A holding that is authorized sees this company's non-sensitive and sensitive KPI actuals in its holding reporting, converted into its currency. Most and super sensitive KPIs stay here."
      />
      <Stack>
        <Card title="Give a holding a code">
          <Stack $gap="sm">
            <Text $tone="muted">The holding adds this company with the code; you then authorize or deny its request below. A code works once and for seven days.</Text>
            <Cluster $gap="md">
              <Button variant="primary" busy={code.status === "issuing"} onClick={() => dispatch({ _tag: "IssueHoldingLinkCode" })}>
                Create a code
              </Button>
              {code.status === "issued" && code.code ? (
                <CodeBox role="status">
                  <span>Code</span> <code data-link-code>{code.code}</code> <span>{`valid until ${new Date(code.expiresAt!).toLocaleDateString("en-GB", { day: "numeric", month: "short", year: "numeric" })}; shown only now`}</span>
                </CodeBox>
              ) : null}
            </Cluster>
            {code.status === "error" ? <Alert tone="danger">{code.message}</Alert> : null}
          </Stack>
        </Card>
        {requests.status === "error" ? (
          <ErrorState message={requests.message ?? ""} onRetry={() => dispatch({ _tag: "LoadHoldingRequests" })} />
        ) : requests.status !== "loaded" && requests.list.length === 0 ? (
          <LoadingState label="Loading the holdings' requests…" variant="skeleton" />
        ) : requests.list.length === 0 ? (
          <EmptyState title="No holding has asked yet" text="When a holding adds this company with a code, its request shows here." />
        ) : (
          <TableFrame label="Holding requests">
            <Table>
              <thead>
                <tr>
                  <Th scope="col">Holding</Th>
                  <Th scope="col">Asked</Th>
                  <Th scope="col">Authorization</Th>
                  <Th scope="col">Decision</Th>
                </tr>
              </thead>
              <tbody>
                {requests.list.map((request) => {
                  const decision = decisions[request.id];
                  return (
                    <tr key={request.id} data-holding={request.holding_name}>
                      <Th scope="row">{request.holding_name}</Th>
                      <Td>{new Date(request.requested_at).toLocaleDateString("en-GB", { day: "numeric", month: "short", year: "numeric" })}</Td>
                      <Td>
                        <StateBadge state={request.state} />
                      </Td>
                      <Td>
                        <Cluster $gap="sm">
                          {request.state !== "authorized" ? (
                            <Button size="sm" variant="primary" busy={decision?.status === "saving"} onClick={() => void decide(request, "authorized")} aria-label={`Authorize ${request.holding_name}`}>
                              Authorize
                            </Button>
                          ) : null}
                          {request.state !== "denied" ? (
                            <Button size="sm" variant={request.state === "authorized" ? "danger" : "secondary"} busy={decision?.status === "saving"} onClick={() => void decide(request, "denied")} aria-label={`${request.state === "authorized" ? "Withdraw" : "Deny"} ${request.holding_name}`}>
                              {request.state === "authorized" ? "Withdraw" : "Deny"}
                            </Button>
                          ) : null}
                        </Cluster>
                        {decision?.status === "error" ? <Alert tone="danger">{decision.message}</Alert> : null}
                      </Td>
                    </tr>
                  );
                })}
              </tbody>
            </Table>
          </TableFrame>
        )}
      </Stack>
    </Page>
  );
}

const CodeBox = styled.p`
  margin: 0;
  display: flex;
  flex-wrap: wrap;
  align-items: baseline;
  gap: 8px;
  color: ${(p) => p.theme.textMuted};
  code {
    font-size: 16px;
    padding: 4px 8px;
    border-radius: 6px;
    border: 1px solid ${(p) => p.theme.border};
    background: ${(p) => p.theme.surfaceRaised};
    color: ${(p) => p.theme.text};
    user-select: all;
  }
`;
