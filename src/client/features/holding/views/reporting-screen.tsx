import { useEffect, useMemo, useState } from "react";
import { styled, useTheme } from "styled-components";
import type { HoldingRollup, RollupLine } from "../../../../contracts/holding";
import { UNMATCHED_TEXTS, type UnmatchedReason } from "../../../../domain/holding/rollup";
import { formatKpiValue } from "../../../../domain/kpi/number-format";
import { monthIndexOf, monthLabel, monthRangeLabel } from "../../../../domain/months";
import type { AppState } from "../../../app/state";
import { useDispatch, useModel } from "../../../bus/use-model";
import { Alert } from "../../../ui/alert";
import { ButtonLink } from "../../../ui/button";
import { Card } from "../../../ui/card";
import { chartPalette } from "../../../ui/chart-palette";
import { FilterSelect, MonthInput } from "../../../ui/compact-controls";
import { Cluster, Page, Stack } from "../../../ui/layout";
import { PageHeader } from "../../../ui/page-header";
import { EmptyState, ErrorState, LoadingState } from "../../../ui/states";
import { Table, TableFrame, Td, Th } from "../../../ui/table-parts";
import { Text } from "../../../ui/text";
import { CategoryChart } from "../../warehouse/views/category-chart";
import { rollupParams } from "../model";

type PeriodKind = "ytd" | "range";

/**
 * /holding/reporting: the authorized subsidiaries' KPIs rolled up in the holding's currency for
 * year to date or a month range: a table of every matched KPI with its total and each company's
 * figure (converted, and in its own currency where that differs), a d3 chart of one KPI month by
 * month stacked by company, and the KPIs that do not match across subsidiaries with the reason.
 * A subsidiary authorizing or withdrawing shows at once.
 */
export default function HoldingReportingScreen() {
  const dispatch = useDispatch();
  const rollup = useModel((state: AppState) => state.holding.rollup);
  const revision = useModel((state: AppState) => state.holding.revision);
  const [period, setPeriod] = useState<PeriodKind>("ytd");
  const [from, setFrom] = useState("");
  const [to, setTo] = useState("");
  const ready = period === "ytd" || (from !== "" && to !== "");
  const params = rollupParams(period, from ? `${from}-01` : null, to ? `${to}-01` : null);

  useEffect(() => {
    if (ready) dispatch({ _tag: "LoadHoldingRollup", period, from: period === "range" ? `${from}-01` : null, to: period === "range" ? `${to}-01` : null });
  }, [dispatch, ready, period, from, to, revision]);

  const choosePeriod = (kind: PeriodKind) => {
    setPeriod(kind);
    // A range starts as the months year to date showed, so switching changes nothing until edited.
    if (kind === "range" && rollup.data && from === "") {
      setFrom(rollup.data.from.slice(0, 7));
      setTo(rollup.data.to.slice(0, 7));
    }
  };
  const data = rollup.params === params ? rollup.data : null;

  return (
    <Page $width="wide">
      <PageHeader
        title="Holding reporting"
        description={data ? `The authorized subsidiaries' KPIs in ${data.currency}, ${monthRangeLabel(monthIndexOf(data.from), monthIndexOf(data.to))}. Flows are converted at each month's average rate, balances at the month-end rate.` : "The authorized subsidiaries' KPIs in the holding's currency."}
      />
      <Stack>
        <Cluster $gap="md" aria-label="Period">
          <FilterSelect<PeriodKind> label="Period" value={period} options={[{ value: "ytd", label: "Year to date" }, { value: "range", label: "Month range" }]} onChange={choosePeriod} />
          {period === "range" ? (
            <>
              <MonthInput label="From" value={from} onChange={setFrom} {...(to ? { max: to } : {})} />
              <MonthInput label="To" value={to} onChange={setTo} {...(from ? { min: from } : {})} />
            </>
          ) : null}
        </Cluster>
        {!ready ? (
          <Alert tone="info">Pick the first and the last month.</Alert>
        ) : rollup.status === "error" && rollup.params === params ? (
          <ErrorState message={rollup.message ?? ""} onRetry={() => dispatch({ _tag: "LoadHoldingRollup", period, from: period === "range" ? `${from}-01` : null, to: period === "range" ? `${to}-01` : null })} />
        ) : !data ? (
          <LoadingState label="Rolling up the subsidiaries…" variant="skeleton" />
        ) : data.companies.length === 0 ? (
          <EmptyState title="No authorized subsidiaries yet" text="A reporting company is rolled up once its administrator has authorized the holding." action={<ButtonLink href="/holding/portfolio">Portfolio management</ButtonLink>} />
        ) : (
          <RollupView data={data} />
        )}
      </Stack>
    </Page>
  );
}

function RollupView({ data }: { readonly data: HoldingRollup }) {
  const problems = data.lines.flatMap((line) => line.problems.map((problem) => `${line.name}: ${problem}`));
  return (
    <>
      <Text $tone="muted">{`Rolled up: ${data.companies.map((company) => `${company.name} (${company.currency})`).join(", ")}.`}</Text>
      {problems.length > 0 ? (
        <Alert tone="warning" title="Some figures have no total">
          <ul>
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </Alert>
      ) : null}
      {data.lines.length > 0 ? <RollupChart data={data} /> : null}
      <Card title={`Roll-up in ${data.currency}`}>
        {data.lines.length === 0 ? (
          <EmptyState title="No KPI matches across the subsidiaries" text="KPIs match by name and unit; the list below says why each does not." headingLevel={2} />
        ) : (
          <TableFrame label={`Roll-up in ${data.currency} with each company's figures`}>
            <Table data-rollup>
              <thead>
                <tr>
                  <Th scope="col">KPI</Th>
                  <Th scope="col" numeric>{`Total (${data.currency})`}</Th>
                  {data.companies.map((company) => (
                    <Th key={company.id} scope="col" numeric>
                      {company.name}
                    </Th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {data.lines.map((line) => (
                  <tr key={line.name} data-kpi={line.name}>
                    <Th scope="row">
                      {line.name}
                      <Kind>{line.aggregation === "cum" ? "flow" : "balance"}</Kind>
                    </Th>
                    <Td numeric data-total>
                      {line.total === null ? <span title={line.problems.join("; ")}>no total</span> : formatKpiValue(line.total, line.unit, { currency: data.currency })}
                    </Td>
                    {data.companies.map((company) => (
                      <CompanyCell key={company.id} line={line} companyId={company.id} holdingCurrency={data.currency} />
                    ))}
                  </tr>
                ))}
              </tbody>
            </Table>
          </TableFrame>
        )}
      </Card>
      {data.unmatched.length > 0 ? (
        <Card title="Not rolled up">
          <TableFrame label="KPIs not rolled up">
            <Table>
              <thead>
                <tr>
                  <Th scope="col">KPI</Th>
                  <Th scope="col">Unit</Th>
                  <Th scope="col">Reported by</Th>
                  <Th scope="col">Why</Th>
                </tr>
              </thead>
              <tbody>
                {data.unmatched.map((entry) => (
                  <tr key={`${entry.name}/${entry.unit}`} data-unmatched={entry.name}>
                    <Th scope="row">{entry.name}</Th>
                    <Td>{entry.unit}</Td>
                    <Td>{entry.companies.join(", ")}</Td>
                    <Td>{UNMATCHED_TEXTS[entry.reason as UnmatchedReason] ?? entry.reason}</Td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </TableFrame>
        </Card>
      ) : null}
    </>
  );
}

function CompanyCell({ line, companyId, holdingCurrency }: { readonly line: RollupLine; readonly companyId: number; readonly holdingCurrency: string }) {
  const figure = line.companies.find((candidate) => candidate.subsidiary_id === companyId);
  if (!figure || figure.local === null) return <Td numeric>–</Td>;
  const converts = line.unit === "currency" && figure.currency !== holdingCurrency;
  return (
    <Td numeric data-company={figure.company}>
      {figure.converted === null ? "no rate" : formatKpiValue(figure.converted, line.unit, { currency: holdingCurrency })}
      {converts ? <Local>{formatKpiValue(figure.local, line.unit, { currency: figure.currency })}</Local> : null}
    </Td>
  );
}

/** One matched KPI month by month, a bar per month stacked by company, in the holding's currency. */
function RollupChart({ data }: { readonly data: HoldingRollup }) {
  const theme = useTheme();
  const palette = chartPalette(theme);
  const [kpiName, setKpiName] = useState(data.lines[0]!.name);
  const line = data.lines.find((candidate) => candidate.name === kpiName) ?? data.lines[0]!;
  const colours = useMemo(() => {
    const hues = [palette.actual, palette.planning, palette.forecast, palette.lastYear];
    return Object.fromEntries(data.companies.map((company, index) => [String(company.id), hues[index % hues.length]!]));
  }, [data.companies, palette]);
  const months = data.months.map((month) => monthIndexOf(month));
  const bars = useMemo(
    () => line.companies.map((figure) => ({ key: String(figure.subsidiary_id), label: figure.company, values: figure.monthly })),
    [line],
  );
  const format = (value: number) => formatKpiValue(value, line.unit, { currency: data.currency });
  return (
    <Card title="By month" actions={<FilterSelect label="KPI" value={line.name} options={data.lines.map((candidate) => ({ value: candidate.name, label: candidate.name }))} onChange={setKpiName} />}>
      <CategoryChart
        title={`${line.name} in ${data.currency} by company`}
        summary={`${line.name} per month, ${line.aggregation === "cum" ? "converted at each month's average rate" : "month-end balances at the month-end rate"}, stacked by company.`}
        categories={months.map((month) => monthLabel(month).slice(0, 3))}
        categoryNames={months.map(monthLabel)}
        bars={bars}
        colours={colours}
        format={format}
      />
    </Card>
  );
}

const Kind = styled.span`
  display: block;
  font-size: 12px;
  font-weight: 400;
  color: ${(p) => p.theme.textMuted};
`;

const Local = styled.span`
  display: block;
  font-size: 12px;
  color: ${(p) => p.theme.textMuted};
`;
