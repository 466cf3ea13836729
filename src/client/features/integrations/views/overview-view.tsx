import { useEffect } from "react";
import { Link } from "wouter";
import { styled } from "styled-components";
import type { IntegrationItem, IntegrationSummary } from "../../../../contracts/integrations";
import { catalogueEntry, CONNECTOR_NAMES, INTEGRATION_PATHS, isConnectorName } from "../../../../domain/integrations/catalogue";
import { useNow } from "../../../app/clock";
import type { AppState } from "../../../app/state";
import { useDispatch, useModel } from "../../../bus/use-model";
import { ButtonLink } from "../../../ui/button";
import { Card } from "../../../ui/card";
import { DataTable } from "../../../ui/data-table";
import { Page, Stack, TileGrid } from "../../../ui/layout";
import { PageHeader } from "../../../ui/page-header";
import { relativeTime } from "../../../ui/relative-time";
import { EmptyState, ErrorState, LoadingState } from "../../../ui/states";
import { SPACE, TYPE_SCALE } from "../../../ui/tokens";
import { Muted, StatusBadge } from "./integration-parts";

/** /integration: what can be connected on this installation, and what is connected. */
export function OverviewView() {
  const dispatch = useDispatch();
  const overview = useModel((state: AppState) => state.integrations.overview);
  const summaries = useModel((state: AppState) => state.integrations.summaries);
  const now = new Date(useNow(30_000));
  useEffect(() => {
    dispatch({ _tag: "LoadIntegrations" });
    dispatch({ _tag: "LoadIntegrationSummaries", names: [...CONNECTOR_NAMES] });
  }, [dispatch]);

  const data = overview.data;
  return (
    <Page aria-busy={!data && overview.status !== "error"}>
      <PageHeader
        title="Integrations"
        description="Bring monthly KPI values in from your own sources. A connected source synchronizes every hour, day or week, as you choose, and whenever you ask; each sync is logged."
      />
      {!data ? (
        overview.status === "error" ? (
          <ErrorState message={overview.message ?? "The integrations could not be loaded."} onRetry={() => dispatch({ _tag: "LoadIntegrations" })} />
        ) : (
          <LoadingState label="Loading integrations…" />
        )
      ) : (
        <>
          <section aria-labelledby="available-heading">
            <Stack>
              <SectionTitle id="available-heading">Available</SectionTitle>
              <TileGrid $min="280px">
                {data.connectors.map((connector) => (
                  <Card key={connector.name} as="article" title={connector.label} headingLevel={3} data-connector={connector.name}>
                    <Stack $gap="sm">
                      <Description>{connector.description}</Description>
                      {connector.note ? <Muted>{connector.note}</Muted> : null}
                      {connector.kind === "connector" ? <SummaryLine summary={summaries[connector.name]} now={now} /> : null}
                      <div>
                        {connector.kind === "wizard" ? (
                          <ButtonLink href={INTEGRATION_PATHS.wizard(connector.name)} size="sm">
                            Open the wizard
                          </ButtonLink>
                        ) : connector.enabled && isConnectorName(connector.name) ? (
                          <ButtonLink href={INTEGRATION_PATHS.connect(connector.name)} size="sm" variant="primary" aria-label={`Connect a ${connector.label}`}>
                            Connect
                          </ButtonLink>
                        ) : null}
                      </div>
                    </Stack>
                  </Card>
                ))}
              </TileGrid>
            </Stack>
          </section>
          <Card title="Connected">
            {data.integrations.length === 0 ? (
              <EmptyState headingLevel={3} title="Nothing connected yet" text="Connect a source above; its values then flow into the KPIs you choose." />
            ) : (
              <DataTable<IntegrationItem>
                label="Connected integrations"
                rows={data.integrations}
                rowKey={(item) => item.id}
                maxHeight="none"
                columns={[
                  { key: "name", header: "Name", rowHeader: true, cell: (item) => <Link href={INTEGRATION_PATHS.manage(item.id)}>{item.name}</Link>, sortValue: (item) => item.name },
                  { key: "connector", header: "Connector", cell: (item) => catalogueEntry(item.kind)?.label ?? item.kind },
                  { key: "target", header: "Connection", cell: (item) => <Target>{item.target}</Target> },
                  { key: "status", header: "Status", cell: (item) => <StatusBadge integration={item} /> },
                  {
                    key: "last",
                    header: "Last synchronized",
                    cell: (item) => (item.lastRun?.finishedAt ? relativeTime(new Date(item.lastRun.finishedAt), now) : "Never"),
                    sortValue: (item) => item.lastRun?.finishedAt ?? null,
                  },
                ]}
              />
            )}
          </Card>
        </>
      )}
    </Page>
  );
}

/** A connector's summary by name (kept ten minutes by the server): how many, how they are, when last. */
function SummaryLine({ summary, now }: { summary: IntegrationSummary | undefined; now: Date }) {
  if (!summary) return null;
  if (summary.connected === 0) return <Muted>Not connected yet.</Muted>;
  const parts = [`${summary.connected} connected`];
  if (summary.needAttention > 0) parts.push(`${summary.needAttention} need${summary.needAttention === 1 ? "s" : ""} attention`);
  parts.push(summary.lastSyncAt ? `last synchronized ${relativeTime(new Date(summary.lastSyncAt), now)}` : "not synchronized yet");
  return <Muted>{parts.join(" · ")}</Muted>;
}

const SectionTitle = styled.h2`
  font-size: ${TYPE_SCALE.lg.size};
  line-height: ${TYPE_SCALE.lg.lineHeight};
  margin: 0 0 ${SPACE.xs};
`;

const Description = styled.p`
  margin: 0;
`;

const Target = styled.span`
  font-family: ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace;
  font-size: ${TYPE_SCALE.sm.size};
  overflow-wrap: anywhere;
`;
