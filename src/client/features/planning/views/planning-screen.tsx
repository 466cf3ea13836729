import { useContext, useEffect, useMemo, useState } from "react";
import { Redirect, useParams } from "wouter";
import { styled } from "styled-components";
import type { KpiMeta } from "../../../../contracts/kpis";
import { monthIndexAt } from "../../../../domain/months";
import { NUMBER_INPUT_HINT, parseNumberInput } from "../../../../domain/kpi/number-input";
import { planningYear, planningYearOf } from "../../../../domain/planning/fiscal-year";
import { fillRight, pasteBlock, pasteSummary } from "../../../../domain/planning/paste";
import { parseUplift, planningDecimals, spreadYearTotal, withUplift, type SpreadMethod } from "../../../../domain/planning/spread";
import { ClockContext } from "../../../app/clock";
import type { AppState } from "../../../app/state";
import { useDispatch, useModel } from "../../../bus/use-model";
import { Alert } from "../../../ui/alert";
import { Button } from "../../../ui/button";
import { FilterSelect } from "../../../ui/compact-controls";
import { useConfirm } from "../../../ui/confirm";
import { Checkbox, TextInput } from "../../../ui/inputs";
import { Cluster, Page, Stack } from "../../../ui/layout";
import { LinkTabs } from "../../../ui/link-tabs";
import { useUnsavedChangesGuard } from "../../../ui/navigation-guard";
import { PageHeader } from "../../../ui/page-header";
import { ScrollArea } from "../../../ui/scroll-area";
import { EmptyState, ErrorState, LoadingState } from "../../../ui/states";
import { Text } from "../../../ui/text";
import { SPACE } from "../../../ui/tokens";
import { useKpiMeta } from "../../kpis/views/hooks";
import { countOf } from "../model";
import { PlanningGrid, type CellValues, type GridRow } from "./planning-grid";
import { VersionsCard } from "./versions-card";

/** /planning: financial planning. */
export function PlanningRedirect() {
  return <Redirect to="/planning/financial-planning" replace />;
}

export function FinancialPlanningScreen() {
  return <PlanningScreen scope="financial" />;
}

export function OperationalPlanningScreen() {
  return <PlanningScreen scope="operational" />;
}

export default PlanningRedirect;

type Scope = "financial" | "operational";
type HelperScope = "row" | "all";

/**
 * A planning screen: the plan of a fiscal year for the KPIs of a financial category (tabs) or the
 * operational KPIs, as a grid of KPIs × months with the FY figure. Changes wait until Save, which
 * sends them all in one request (all or nothing); Discard drops them.
 */
function PlanningScreen({ scope }: { scope: Scope }) {
  const params = useParams<{ categoryId?: string }>();
  const dispatch = useDispatch();
  const confirm = useConfirm();
  const now = useContext(ClockContext);
  const meta = useKpiMeta();
  const company = useModel((state: AppState) => state.session.company);
  const offset = company?.fiscal_year_offset ?? 0;
  const currency = company?.localCurrency ?? "EUR";
  const thisYear = planningYearOf(monthIndexAt(new Date(now())), offset);
  const [year, setYear] = useState(thisYear);
  const [showActuals, setShowActuals] = useState(false);
  const [showLastYear, setShowLastYear] = useState(false);
  const [viewing, setViewing] = useState<{ id: number; mode: "view" | "compare" } | null>(null);
  const [focused, setFocused] = useState<{ kpi: number; month: number } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const planning = useModel((state: AppState) => state.planning);
  const versions = planning.versions.list;
  const viewedVersion = viewing ? (versions.find((version) => version.id === viewing.id) ?? null) : null;

  // Financial: the category's KPIs (tabs, like the financial dashboard); operational: every KPI category.
  const financialCategories = useMemo(() => uniqueCategories(meta.kpis.filter((kpi) => kpi.category.kind === "financial")), [meta.kpis]);
  const category = scope === "financial" ? (financialCategories.find((candidate) => String(candidate.id) === params.categoryId) ?? financialCategories[0]) : undefined;
  const kpis = useMemo(() => meta.kpis.filter((kpi) => (scope === "financial" ? kpi.category.id === category?.id : kpi.category.kind === "kpi")), [meta.kpis, scope, category?.id]);
  const fy = planningYear(year, offset);
  const months = fy.months;
  const key = `${scope}/${category?.id ?? "all"}`;
  const startDate = planningYear(year - 1, offset).months[0]!.date;
  const date = months[11]!.date;
  const idList = kpis.map((kpi) => kpi.id);
  const ready = meta.status === "loaded" && kpis.length > 0;
  const gridCommand = { _tag: "LoadPlanningGrid", key, startDate, date, type: scope === "financial" ? "financial" : "kpi", idList, version: viewing?.mode === "view" ? viewing.id : null } as const;
  const compareCommand = viewing ? ({ ...gridCommand, key: `${key}/version`, version: viewing.id } as const) : null;
  const gridParams = JSON.stringify(gridCommand);
  const compareParams = JSON.stringify(compareCommand);
  useEffect(() => {
    if (ready) dispatch(gridCommand);
  }, [dispatch, ready, gridParams]);
  useEffect(() => {
    if (ready && compareCommand && viewing?.mode === "compare") dispatch(compareCommand);
  }, [dispatch, ready, compareParams]);
  useEffect(() => {
    if (planning.versions.status === "idle") dispatch({ _tag: "LoadPlanningVersions" });
  }, [dispatch, planning.versions.status]);

  const grid = planning.grids[key];
  const compare = viewing?.mode === "compare" ? planning.grids[`${key}/version`] : undefined;
  const readOnlyVersion = viewing?.mode === "view";
  const editable = (kpi: KpiMeta) => !readOnlyVersion && kpi.writable;
  const pendingCount = countOf(planning.pending);
  const rejectedCount = countOf(planning.rejected);
  const conflictCount = countOf(planning.conflicts);
  useUnsavedChangesGuard(pendingCount > 0 || rejectedCount > 0);

  // Each KPI's months by date: this year's plan and actuals, and last year's actuals and plan (the first twelve months loaded).
  const values = useMemo(() => {
    const byKpi = new Map<number, CellValues & { lastYearPlan: ReadonlyMap<string, number | null> }>();
    const versionOf = new Map((compare?.kpis ?? []).map((kpi) => [kpi.id, kpi.values] as const));
    for (const kpi of grid?.kpis ?? []) {
      const plan = new Map<string, number | null>();
      const actual = new Map<string, number | null>();
      const lastYear = new Map<string, number | null>();
      const lastYearPlan = new Map<string, number | null>();
      const version = new Map<string, number | null>();
      kpi.values.forEach((month, index) => {
        if (index < 12) {
          const thisYearDate = months[index]!.date;
          lastYearPlan.set(thisYearDate, month.planningValue);
          return;
        }
        plan.set(month.date, month.planningValue);
        actual.set(month.date, month.value);
        lastYear.set(month.date, month.lastYearValue);
      });
      (versionOf.get(kpi.id) ?? []).slice(12).forEach((month) => version.set(month.date, month.planningValue));
      byKpi.set(kpi.id, { plan, actual, lastYear, version, lastYearPlan });
    }
    return byKpi;
  }, [grid?.kpis, compare?.kpis, months]);

  const rows = useMemo(() => {
    const list: GridRow[] = [];
    let group = "";
    for (const kpi of kpis) {
      if (scope === "operational" && kpi.category.name !== group) {
        group = kpi.category.name;
        list.push({ kind: "group", kpi: null, label: group });
      }
      list.push({ kind: "plan", kpi, label: kpi.name });
      if (showActuals) list.push({ kind: "actual", kpi, label: "" });
      if (showLastYear) list.push({ kind: "lastYear", kpi, label: "" });
      if (viewing?.mode === "compare" && viewedVersion) {
        list.push({ kind: "version", kpi, label: viewedVersion.name }, { kind: "planVsVersion", kpi, label: "" });
        if (showActuals) list.push({ kind: "actualVsVersion", kpi, label: "" });
      }
    }
    return list;
  }, [kpis, scope, showActuals, showLastYear, viewing?.mode, viewedVersion]);

  const dates = months.map((month) => month.date);
  const edit = (cells: { kpi: number; date: string; text: string; unit: string }[]) => {
    if (cells.length > 0) dispatch({ _tag: "EditPlanningCells", cells });
  };
  const planRows = rows.map((row) => ({ kpi: row.kpi?.id ?? 0, unit: row.kpi?.unit ?? "", editable: row.kind === "plan" && !!row.kpi && editable(row.kpi) }));
  const unitOf = new Map(kpis.map((kpi) => [kpi.id, kpi.unit] as const));

  // Helpers: spread a yearly total, copy last year with an uplift, fill right; on the focused row or all editable rows.
  const [helperScope, setHelperScope] = useState<HelperScope>("row");
  const [total, setTotal] = useState("");
  const [method, setMethod] = useState<SpreadMethod>("seasonality");
  const [source, setSource] = useState<"actuals" | "plan">("actuals");
  const [uplift, setUplift] = useState("0");
  const [helperError, setHelperError] = useState<string | null>(null);
  const focusedKpi = focused ? kpis.find((kpi) => kpi.id === focused.kpi) : undefined;
  const targets = helperScope === "all" ? kpis.filter(editable) : focusedKpi && editable(focusedKpi) ? [focusedKpi] : [];
  const textOf = (value: number | null) => (value === null ? "-" : String(value));

  const spread = () => {
    if (targets.length === 0) return setHelperError("Choose a plan cell of the row to spread, or All editable rows.");
    const parsed = targets.map((kpi) => ({ kpi, input: parseNumberInput(total, kpi.unit) }));
    const invalid = parsed.find((entry) => entry.input.kind !== "value");
    if (invalid) return setHelperError(invalid.input.kind === "invalid" ? `Yearly total: ${invalid.input.message}` : "Yearly total: enter a number.");
    setHelperError(null);
    const fallbacks = new Set<string>();
    edit(
      parsed.flatMap(({ kpi, input }) => {
        const result = spreadYearTotal((input as { value: number }).value, kpi.aggregationType, method, dates.map((date) => values.get(kpi.id)?.lastYear.get(date) ?? null), planningDecimals(kpi.unit));
        if (result.fallback) fallbacks.add(`${kpi.name}: ${result.fallback}`);
        return result.values.map((value, index) => ({ kpi: kpi.id, date: dates[index]!, text: String(value), unit: kpi.unit }));
      }),
    );
    setNotice(fallbacks.size > 0 ? [...fallbacks].join(" ") : null);
  };
  const copyLastYear = () => {
    if (targets.length === 0) return setHelperError("Choose a plan cell of the row to copy into, or All editable rows.");
    const percent = parseUplift(uplift);
    if (percent.kind === "invalid") return setHelperError(percent.message);
    setHelperError(null);
    const empty: string[] = [];
    edit(
      targets.flatMap((kpi) => {
        const sourceValues = dates.map((date) => (source === "actuals" ? values.get(kpi.id)?.lastYear.get(date) : values.get(kpi.id)?.lastYearPlan.get(date)) ?? null);
        const raised = withUplift(sourceValues, percent.percent, planningDecimals(kpi.unit));
        if (raised.every((value) => value === null)) empty.push(kpi.name);
        return raised.flatMap((value, index) => (value === null ? [] : [{ kpi: kpi.id, date: dates[index]!, text: String(value), unit: kpi.unit }]));
      }),
    );
    setNotice(empty.length > 0 ? `Nothing to copy for ${empty.join(", ")}: last year's ${source === "actuals" ? "actuals are" : "plan is"} empty.` : null);
  };
  const fillFromFocused = () => {
    if (!focusedKpi || !focused || !editable(focusedKpi)) return setHelperError("Choose a plan cell to fill right from.");
    const draft = planning.pending[focusedKpi.id]?.[dates[focused.month]!];
    const stored = values.get(focusedKpi.id)?.plan.get(dates[focused.month]!) ?? null;
    setHelperError(null);
    edit(fillRight({ kpi: focusedKpi.id, unit: focusedKpi.unit, editable: true }, draft ? draft.text : textOf(stored), focused.month, dates).map((cell) => ({ kpi: cell.kpi, date: cell.date, text: cell.text, unit: focusedKpi.unit })));
  };

  const discard = async () => {
    if (await confirm({ title: "Discard the changes?", message: `${pendingCount + rejectedCount} changed cells go back to their saved values.`, confirmLabel: "Discard", tone: "danger" })) dispatch({ _tag: "DiscardPlanningChanges" });
  };
  const years = [thisYear - 1, thisYear, thisYear + 1, thisYear + 2].map((candidate) => ({ value: candidate, label: planningYear(candidate, offset).label }));
  const unsaved = pendingCount > 0 || rejectedCount > 0;
  const title = scope === "financial" ? "Financial planning" : "Operational planning";

  return (
    <Page as="section" aria-labelledby="planning-title" $width="wide">
      <PageHeader
        headingId="planning-title"
        title={title}
        description={`${scope === "financial" ? (category?.name ?? "") + " plan" : "The operational KPIs' plan"} for ${fy.label} (${months[0]!.label} – ${months[11]!.label}). Type, paste a block from a spreadsheet, or use the helpers; nothing is saved until you press Save, then all changes are saved together, or none. Money is in ${currency}.`}
      />
      {scope === "financial" && financialCategories.length > 0 ? (
        <LinkTabs label="Financial categories" tabs={financialCategories.map((candidate) => ({ href: `/planning/financial-planning/${candidate.id}`, label: candidate.name }))} current={category ? `/planning/financial-planning/${category.id}` : ""} />
      ) : null}
      <Stack $gap="md">
        <Toolbar>
          <FilterSelect<number> label="Fiscal year" value={year} options={years} disabled={unsaved} onChange={setYear} />
          <Checkbox label="Show actuals" checked={showActuals} onChange={(event) => setShowActuals(event.target.checked)} />
          <Checkbox label="Show last year" checked={showLastYear} onChange={(event) => setShowLastYear(event.target.checked)} />
          <span className="spacer" />
          {/* The count and its buttons wrap together on a narrow screen. */}
          <span className="save">
            <Text $size="sm" $tone="muted" role="status">
              {pendingCount === 1 ? "1 unsaved change" : `${pendingCount} unsaved changes`}
              {rejectedCount > 0 ? `, ${rejectedCount} to correct` : ""}
              {conflictCount > 0 ? `, ${conflictCount} changed by someone else` : ""}
            </Text>
            <Button variant="primary" disabled={pendingCount === 0 || rejectedCount > 0} busy={planning.save.status === "saving"} onClick={() => dispatch({ _tag: "SavePlanningChanges" })}>
              Save
            </Button>
            <Button disabled={!unsaved} onClick={() => void discard()}>
              Discard
            </Button>
          </span>
        </Toolbar>
        {readOnlyVersion && viewedVersion ? (
          <Alert tone="info" title={`Viewing the version “${viewedVersion.name}”`}>
            The grid shows the version's plan, read only. <Button size="sm" onClick={() => setViewing(null)}>Back to the working plan</Button>
          </Alert>
        ) : null}
        {viewing?.mode === "compare" && viewedVersion ? (
          <Alert tone="info" title={`Comparing with “${viewedVersion.name}”`}>
            Each KPI shows the version and the working plan's difference to it (and the actuals' with Show actuals). <Button size="sm" onClick={() => setViewing(null)}>Stop comparing</Button>
          </Alert>
        ) : null}
        {!readOnlyVersion ? (
          <Helpers aria-label="Planning helpers">
            <FilterSelect<HelperScope> label="Apply to" value={helperScope} options={[{ value: "row", label: focusedKpi ? `Row: ${focusedKpi.name}` : "The focused row" }, { value: "all", label: "All editable rows" }]} onChange={setHelperScope} />
            <label className="field">
              <span>Yearly total</span>
              <TextInput controlSize="sm" value={total} onChange={(event) => setTotal(event.target.value)} placeholder="1.2m" aria-describedby="planning-hint" />
            </label>
            <FilterSelect<SpreadMethod> label="Spread" value={method} options={[{ value: "even", label: "Evenly" }, { value: "seasonality", label: "By last year's seasonality" }]} onChange={setMethod} />
            <Button size="sm" onClick={spread}>
              Spread total
            </Button>
            <FilterSelect<"actuals" | "plan"> label="Copy last year's" value={source} options={[{ value: "actuals", label: "Actuals" }, { value: "plan", label: "Plan" }]} onChange={setSource} />
            <label className="field">
              <span>Uplift %</span>
              <TextInput controlSize="sm" value={uplift} onChange={(event) => setUplift(event.target.value)} style={{ width: "5rem" }} />
            </label>
            <Button size="sm" onClick={copyLastYear}>
              Copy with uplift
            </Button>
            <Button size="sm" onClick={fillFromFocused} title="Ctrl+R in a cell">
              Fill right
            </Button>
          </Helpers>
        ) : null}
        <Text $size="sm" $tone="muted" id="planning-hint">
          {NUMBER_INPUT_HINT} Shorthands: k and m for money, s, m, h, d, mo, y for time. Enter and the arrow keys move between cells as in a spreadsheet; Ctrl+R fills a cell into the months to its right.
        </Text>
        {helperError ? <Alert tone="danger">{helperError}</Alert> : null}
        {notice ? <Alert tone="info">{notice}</Alert> : null}
        {planning.save.status === "error" ? (
          <Alert tone="danger" title="Not saved">
            {planning.save.message} Nothing was saved and your changes are kept; correct the marked cells or try Save again.
          </Alert>
        ) : null}
        {meta.status === "error" ? <ErrorState message={meta.message ?? "The KPIs could not be loaded."} onRetry={() => dispatch({ _tag: "LoadKpiMeta" })} /> : null}
        {meta.status === "loaded" && kpis.length === 0 ? <EmptyState title={scope === "financial" ? "There are no financial categories yet." : "There are no operational KPIs yet."} /> : null}
        {grid?.status === "error" ? <ErrorState message={grid.message ?? "The plan could not be loaded."} onRetry={() => dispatch(gridCommand)} /> : null}
        {ready && grid?.kpis ? (
          <ScrollArea label={`${title} grid, scrolls sideways`}>
            <PlanningGrid
              label={`${title}: ${scope === "financial" ? `${category?.name}, ` : ""}${fy.label}${readOnlyVersion && viewedVersion ? `, version ${viewedVersion.name}` : ""}`}
              rows={rows}
              months={months}
              values={values}
              pending={readOnlyVersion ? {} : planning.pending}
              rejected={readOnlyVersion ? {} : planning.rejected}
              conflicts={planning.conflicts}
              editable={editable}
              currency={currency}
              height={640}
              allReadOnly={readOnlyVersion}
              onEdit={(kpi, cellDate, text) => edit([{ kpi: kpi.id, date: cellDate, text, unit: kpi.unit }])}
              onPaste={(rowIndex, monthIndex, block) => {
                // A block copied from a spreadsheet has one line per KPI: it lands on the KPIs' plan rows,
                // passing the category headings and the actual, last-year and version rows shown between them.
                const planIndexes = rows.flatMap((row, index) => (row.kind === "plan" ? [index] : []));
                const result = pasteBlock(block, { row: planIndexes.indexOf(rowIndex), column: monthIndex }, planIndexes.map((index) => planRows[index]!), dates);
                edit(result.edits.map((cell) => ({ kpi: cell.kpi, date: cell.date, text: cell.text, unit: unitOf.get(cell.kpi) ?? "" })));
                setNotice(pasteSummary(result));
              }}
              onFillRight={(kpi, monthIndex, text) => edit(fillRight({ kpi: kpi.id, unit: kpi.unit, editable: true }, text, monthIndex, dates).map((cell) => ({ kpi: cell.kpi, date: cell.date, text: cell.text, unit: kpi.unit })))}
              onFocusCell={(kpi, monthIndex) => setFocused({ kpi: kpi.id, month: monthIndex })}
            />
          </ScrollArea>
        ) : ready && grid?.status !== "error" ? (
          <LoadingState variant="skeleton" lines={8} label="Loading the plan…" />
        ) : null}
        <VersionsCard fiscalYear={year} fiscalYearLabel={fy.label} viewing={viewing} unsaved={unsaved} onView={setViewing} yearLabel={(candidate) => planningYear(candidate, offset).label} />
      </Stack>
    </Page>
  );
}

function uniqueCategories(kpis: readonly KpiMeta[]): KpiMeta["category"][] {
  const byId = new Map<number, KpiMeta["category"]>();
  for (const kpi of kpis) if (!byId.has(kpi.category.id)) byId.set(kpi.category.id, kpi.category);
  return [...byId.values()];
}

const Toolbar = styled(Cluster).attrs({ $gap: "md" })`
  align-items: end;
  .spacer { flex: 1; }
  .save { display: flex; flex-wrap: wrap; gap: ${SPACE.sm}; align-items: center; }
`;

const Helpers = styled.section`
  display: flex;
  flex-wrap: wrap;
  gap: 12px;
  align-items: end;
  padding: 12px;
  border: 1px solid ${(p) => p.theme.border};
  border-radius: 6px;
  .field { display: grid; gap: 2px; font-size: 12px; color: ${(p) => p.theme.textMuted}; }
  .field input { width: 8rem; }
`;
