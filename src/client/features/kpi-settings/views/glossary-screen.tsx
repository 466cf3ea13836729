import { useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import { Link, useParams } from "wouter";
import { styled } from "styled-components";
import type { GlossaryEntry } from "../../../../contracts/kpi-management";
import { matchesGlossarySearch } from "../../../../domain/kpi/glossary";
import type { AppState } from "../../../app/state";
import { useDispatch, useModel } from "../../../bus/use-model";
import { Alert } from "../../../ui/alert";
import { Badge } from "../../../ui/badge";
import { Button, ButtonLink } from "../../../ui/button";
import { Card } from "../../../ui/card";
import { Select, TextInput } from "../../../ui/inputs";
import { Cluster, Page, Stack } from "../../../ui/layout";
import { PageHeader } from "../../../ui/page-header";
import { EmptyState, ErrorState, LoadingState, PermissionDenied } from "../../../ui/states";
import { Table, TableFrame, Td, Th } from "../../../ui/table-parts";
import { Text } from "../../../ui/text";
import { SPACE } from "../../../ui/tokens";
import { selectGlossaryOn, selectIsCompanyAdmin } from "./access";
import { GlossaryDialog } from "./glossary-dialog";
import { UNIT_LABEL } from "./labels";
import { useSaves } from "./use-save";

const STATE_BADGE = { none: { tone: "neutral", label: "Not written" }, draft: { tone: "warning", label: "Draft" }, approved: { tone: "good", label: "Approved" } } as const;
const dateText = (iso: string | null) => (iso ? new Date(iso).toLocaleDateString("en-GB", { day: "numeric", month: "short", year: "numeric" }) : "");
const wordsOf = (entry: GlossaryEntry) => [entry.kpiName, entry.categoryName, entry.definition, entry.formulaInWords, entry.source, entry.owner?.name ?? ""];

function useGlossary() {
  const dispatch = useDispatch();
  const glossary = useModel((state: AppState) => state.kpiSettings.glossary);
  const revision = useModel((state: AppState) => state.kpiSettings.revision);
  useEffect(() => {
    dispatch({ _tag: "LoadGlossary" });
  }, [dispatch, revision]);
  return glossary;
}

/**
 * /reporting/kpi-glossary/{kpiId?}: what each KPI means, for everyone who reads KPIs (feature
 * kpi_glossary): the approved entries of the KPIs they may read, searchable; administrators also
 * see drafts, marked. With a KPI id (the link on a KPI card or detail) that entry is shown first
 * and scrolled to.
 */
export default function GlossaryScreen() {
  const on = useModel(selectGlossaryOn);
  return on ? <GlossaryReader /> : <PermissionDenied />;
}

function GlossaryReader() {
  const dispatch = useDispatch();
  const glossary = useGlossary();
  const params = useParams<{ kpiId?: string }>();
  const focusId = params.kpiId ? Number(params.kpiId) : null;
  const [search, setSearch] = useState("");
  const entries = useMemo(() => (glossary.data?.entries ?? []).filter((entry) => entry.state !== "none"), [glossary.data]);
  const shown = entries.filter((entry) => entry.kpiId === focusId || matchesGlossarySearch(wordsOf(entry), search));
  const focused = focusId === null ? null : (entries.find((entry) => entry.kpiId === focusId) ?? null);
  const kpiName = useModel((state: AppState) => state.kpis.meta.kpis.find((kpi) => kpi.id === focusId)?.name ?? null);
  const focusRef = useRef<HTMLElement>(null);
  useLayoutEffect(() => {
    focusRef.current?.scrollIntoView({ block: "start" });
  }, [focused?.kpiId]);
  return (
    <Page $width="narrow">
      <PageHeader
        title="KPI glossary"
        description="What each KPI means, how it is calculated, where its figures come from and who answers for it."
        actions={glossary.data?.canEdit ? <ButtonLink href="/settings/kpi-glossary">Maintain the glossary</ButtonLink> : null}
      />
      {glossary.status === "error" && !glossary.data ? (
        <ErrorState message={glossary.message ?? ""} onRetry={() => dispatch({ _tag: "LoadGlossary" })} />
      ) : !glossary.data ? (
        <LoadingState label="Loading the glossary…" variant="skeleton" />
      ) : (
        <Stack>
          <TextInput type="search" value={search} placeholder="Search names, definitions, sources, owners" aria-label="Search the glossary" onChange={(event) => setSearch(event.target.value)} />
          {focusId !== null && !focused ? <Alert tone="info">{`${kpiName ?? "This KPI"} has no approved glossary entry yet.`}</Alert> : null}
          {entries.length === 0 ? (
            <EmptyState title="No entries yet" text="Once an administrator approves a KPI's entry, it shows here." />
          ) : shown.length === 0 ? (
            <EmptyState title="Nothing matches" text="Try fewer or other words." />
          ) : (
            [...(focused ? [focused] : []), ...shown.filter((entry) => entry !== focused)].map((entry) => (
              <Entry key={entry.kpiId} ref={entry === focused ? focusRef : undefined} $focused={entry === focused} aria-labelledby={`glossary-${entry.kpiId}`} data-glossary-kpi={entry.kpiId}>
                <header>
                  <h2 id={`glossary-${entry.kpiId}`}>
                    <Link href={`/reporting/kpi-detail/${entry.kpiId}`}>{entry.kpiName}</Link>
                  </h2>
                  {entry.state === "draft" ? <Badge tone="warning">Draft: only administrators see it</Badge> : null}
                </header>
                <Text $tone="muted" $size="sm">
                  {entry.categoryName} · {UNIT_LABEL[entry.unit] ?? entry.unit} · {entry.higherIsBetter ? "higher is better" : "lower is better"}
                </Text>
                <p className="definition">{entry.definition}</p>
                <dl>
                  {entry.formulaInWords ? (
                    <>
                      <dt>Formula</dt>
                      <dd>{entry.formulaInWords}</dd>
                    </>
                  ) : null}
                  <dt>Owner</dt>
                  <dd>{entry.owner?.name ?? "Not named"}</dd>
                  {entry.source ? (
                    <>
                      <dt>Source</dt>
                      <dd>{entry.source}</dd>
                    </>
                  ) : null}
                  {entry.state === "approved" ? (
                    <>
                      <dt>Approved</dt>
                      <dd>{`${dateText(entry.approvedAt)}${entry.approvedBy ? ` by ${entry.approvedBy}` : ""}`}</dd>
                    </>
                  ) : null}
                </dl>
              </Entry>
            ))
          )}
        </Stack>
      )}
    </Page>
  );
}

/**
 * /settings/kpi-glossary: administrators write an entry for every KPI they may read and approve
 * drafts. The list shows which KPIs still have none.
 */
export function MaintainGlossaryScreen() {
  const on = useModel(selectGlossaryOn);
  const admin = useModel(selectIsCompanyAdmin);
  return on && admin ? <GlossaryMaintenance /> : <PermissionDenied />;
}

type StateFilter = "all" | GlossaryEntry["state"];

function GlossaryMaintenance() {
  const dispatch = useDispatch();
  const glossary = useGlossary();
  const [search, setSearch] = useState("");
  const [state, setState] = useState<StateFilter>("all");
  const [editing, setEditing] = useState<GlossaryEntry | null>(null);
  const entries = (glossary.data?.entries ?? []).filter((entry) => (state === "all" || entry.state === state) && matchesGlossarySearch(wordsOf(entry), search));
  const counts = { none: 0, draft: 0, approved: 0 };
  for (const entry of glossary.data?.entries ?? []) counts[entry.state] += 1;
  return (
    <Page>
      <PageHeader
        title="KPI glossary"
        description="An entry per KPI: its definition, formula in words, owner and source. Readers see an entry once it is approved; changing an approved entry returns it to draft."
        actions={<ButtonLink href="/reporting/kpi-glossary">Open the glossary</ButtonLink>}
      />
      {glossary.status === "error" && !glossary.data ? (
        <ErrorState message={glossary.message ?? ""} onRetry={() => dispatch({ _tag: "LoadGlossary" })} />
      ) : !glossary.data ? (
        <LoadingState label="Loading the glossary…" variant="skeleton" />
      ) : (
        <Stack>
          <Cluster $gap="md">
            <TextInput type="search" value={search} placeholder="Search KPIs and entries" aria-label="Search the glossary" onChange={(event) => setSearch(event.target.value)} style={{ maxWidth: 320 }} />
            <Select
              aria-label="State"
              value={state}
              onChange={(event) => setState(event.target.value as StateFilter)}
              options={[
                { value: "all", label: `All KPIs (${glossary.data.entries.length})` },
                { value: "none", label: `Not written (${counts.none})` },
                { value: "draft", label: `Drafts (${counts.draft})` },
                { value: "approved", label: `Approved (${counts.approved})` },
              ]}
              style={{ maxWidth: 220 }}
            />
          </Cluster>
          <Card padding="none" title={null} aria-label="Glossary entries">
            {entries.length === 0 ? (
              <EmptyState title="Nothing matches" text="Try another state or fewer words." />
            ) : (
              <TableFrame label="Glossary entries" maxHeight="none">
                <Table>
                  <thead>
                    <tr>
                      <Th scope="col">KPI</Th>
                      <Th scope="col">State</Th>
                      <Th scope="col">Definition</Th>
                      <Th scope="col">Owner</Th>
                      <Th scope="col">Last change</Th>
                      <Th scope="col">Actions</Th>
                    </tr>
                  </thead>
                  <tbody>
                    {entries.map((entry) => (
                      <MaintainRow key={entry.kpiId} entry={entry} onEdit={() => setEditing(entry)} />
                    ))}
                  </tbody>
                </Table>
              </TableFrame>
            )}
          </Card>
        </Stack>
      )}
      {editing && glossary.data ? <GlossaryDialog entry={editing} people={glossary.data.people} onClose={() => setEditing(null)} /> : null}
    </Page>
  );
}

function MaintainRow({ entry, onEdit }: { entry: GlossaryEntry; onEdit: () => void }) {
  const dispatch = useDispatch();
  const approving = useSaves([`glossary/${entry.kpiId}/approve`]);
  const badge = STATE_BADGE[entry.state];
  return (
    <tr data-glossary-row={entry.kpiName}>
      <Th scope="row">
        {entry.kpiName}
        <Text $tone="muted" $size="sm" as="div">
          {entry.categoryName}
        </Text>
      </Th>
      <Td>
        <Badge tone={badge.tone}>{badge.label}</Badge>
      </Td>
      <Td style={{ whiteSpace: "normal" }}>
        <Clamp>{entry.definition || <Text $tone="muted">—</Text>}</Clamp>
      </Td>
      <Td>{entry.owner?.name ?? <Text $tone="muted">None</Text>}</Td>
      <Td>
        {entry.updatedAt ? dateText(entry.updatedAt) : ""}
        {entry.updatedBy ? (
          <Text $tone="muted" $size="sm" as="div">
            {entry.updatedBy}
          </Text>
        ) : null}
      </Td>
      <Td>
        <Cluster $gap="xs">
          <Button size="sm" onClick={onEdit} aria-label={`${entry.state === "none" ? "Write" : "Edit"} the entry of ${entry.kpiName}`}>
            {entry.state === "none" ? "Write" : "Edit"}
          </Button>
          {entry.state === "draft" ? (
            <Button size="sm" variant="primary" busy={approving.saving} onClick={() => dispatch({ _tag: "ApproveGlossaryEntry", kpiId: entry.kpiId })} aria-label={`Approve the entry of ${entry.kpiName}`}>
              Approve
            </Button>
          ) : null}
        </Cluster>
        {approving.error ? <Alert tone="danger">{approving.error.message}</Alert> : null}
      </Td>
    </tr>
  );
}

const Entry = styled.article<{ $focused: boolean }>`
  display: grid;
  gap: ${SPACE.xs};
  padding: ${SPACE.md};
  border: 1px solid ${(p) => (p.$focused ? p.theme.accent : p.theme.border)};
  border-radius: 8px;
  background: ${(p) => p.theme.surface};
  scroll-margin-top: 80px;
  header { display: flex; flex-wrap: wrap; align-items: center; gap: ${SPACE.sm}; }
  h2 { margin: 0; font-size: 18px; }
  h2 a { color: ${(p) => p.theme.text}; }
  .definition { margin: 0; }
  dl { margin: 0; display: grid; grid-template-columns: max-content 1fr; gap: 2px ${SPACE.md}; font-size: 14px; }
  dt { color: ${(p) => p.theme.textMuted}; }
  dd { margin: 0; }
`;

const Clamp = styled.span`
  display: -webkit-box;
  -webkit-line-clamp: 2;
  -webkit-box-orient: vertical;
  overflow: hidden;
  max-width: 40ch;
  min-width: 24ch;
`;
