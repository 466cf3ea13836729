import { Fragment, useMemo, type ReactNode } from "react";
import { styled, useTheme } from "styled-components";
import { Link } from "wouter";
import type { AnswerBlock, ChatMessage, Citation } from "../../../../contracts/copilot";
import { formatKpiValue } from "../../../../domain/kpi/number-format";
import { chartPalette } from "../../../ui/chart-palette";
import { RADIUS, SPACE, TYPE_SCALE } from "../../../ui/tokens";
import { CategoryChart } from "../../warehouse/views/category-chart";

/**
 * An answer of the copilot: its text (light markdown: paragraphs, lists, **bold**, drawn as
 * elements, never as HTML from the model), its charts and tables, and the numbers it used, each a
 * link to its KPI's detail.
 */
export function AnswerView({ message }: { message: Pick<ChatMessage, "content" | "citations" | "blocks" | "model"> }) {
  return (
    <Answer>
      <MessageText text={message.content} />
      {message.blocks.map((block, index) => (
        <AnswerBlockView key={index} block={block} />
      ))}
      {message.citations.length > 0 ? <Citations citations={message.citations} /> : null}
      {message.model ? <p className="source">{message.model === "offline" ? "Answered by the built-in analyst" : `Answered by ${message.model}`}</p> : null}
    </Answer>
  );
}

/** The numbers an answer used, one line per KPI and period ("actual € 620k · plan € 1.24M"), the KPI a link to its detail. */
export function Citations({ citations }: { citations: readonly Citation[] }) {
  const groups = new Map<string, Citation[]>();
  for (const citation of citations) {
    const key = `${citation.kpiId}|${citation.period}`;
    groups.set(key, [...(groups.get(key) ?? []), citation]);
  }
  return (
    <CitationList aria-label="Sources">
      {[...groups.entries()].map(([key, group]) => (
        <li key={key}>
          <Link href={group[0]!.href}>{group[0]!.kpiName}</Link>
          <span>
            {" "}
            · {group[0]!.period} ·{" "}
            {group.map((citation, index) => (
              <Fragment key={index}>
                {index > 0 ? " · " : null}
                {citation.measure}: <strong>{formatCopilotValue(citation.value, citation.unit)}</strong>
              </Fragment>
            ))}
          </span>
        </li>
      ))}
    </CitationList>
  );
}

export function AnswerBlockView({ block }: { block: AnswerBlock }) {
  return block.kind === "table" ? <AnswerTableView block={block} /> : <AnswerChartView block={block} />;
}

function AnswerTableView({ block }: { block: Extract<AnswerBlock, { kind: "table" }> }) {
  return (
    <TableFrame>
      <table>
        <caption>{block.title}</caption>
        <thead>
          <tr>
            {block.columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {block.rows.map((row, rowIndex) => (
            <tr key={rowIndex}>
              {row.map((cell, cellIndex) =>
                cellIndex === 0 ? (
                  <th key={cellIndex} scope="row">
                    {cell ?? "–"}
                  </th>
                ) : (
                  <td key={cellIndex} className={typeof cell === "number" ? "numeric" : undefined}>
                    {typeof cell === "number" ? formatCopilotValue(cell, "") : cell ?? "–"}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </TableFrame>
  );
}

function AnswerChartView({ block }: { block: Extract<AnswerBlock, { kind: "chart" }> }) {
  const theme = useTheme();
  const palette = useMemo(() => chartPalette(theme), [theme]);
  const categories = useMemo(() => [...new Set(block.series.flatMap((series) => series.points.map((point) => point.label)))], [block]);
  const series = useMemo(
    () =>
      block.series.map((entry, index) => ({
        key: `s${index}`,
        label: entry.name,
        values: categories.map((label) => entry.points.find((point) => point.label === label)?.value ?? null),
      })),
    [block, categories],
  );
  const colours = useMemo(() => {
    const hues = [palette.actual, palette.planning, palette.lastYear, palette.forecast];
    return Object.fromEntries(series.map((entry, index) => [entry.key, hues[index % hues.length]!]));
  }, [series, palette]);
  const format = (value: number) => formatCopilotValue(value, block.unit);
  return (
    <ChartFrame data-testid="answer-chart">
      <CategoryChart
        title={block.title}
        summary={`${block.chart === "bar" ? "Bar" : "Line"} chart: ${block.title}.`}
        categories={categories}
        bars={block.chart === "bar" ? series : []}
        lines={block.chart === "line" ? series : []}
        colours={colours}
        format={format}
        height={220}
      />
    </ChartFrame>
  );
}

/** A number of an answer in its unit: KPI units as the KPI screens write them, a currency code as money. */
export function formatCopilotValue(value: number | null, unit: string): string {
  if (/^[A-Z]{3}$/.test(unit)) return formatKpiValue(value, "currency", { currency: unit });
  if (unit === "%") return formatKpiValue(value, "percentage");
  return formatKpiValue(value, unit);
}

/** Paragraphs, "- " and "1. " lists (also right under a paragraph's line) and **bold**; everything else is text. */
export function MessageText({ text }: { text: string }) {
  const parts: { kind: "p" | "ul" | "ol"; lines: string[] }[] = [];
  for (const block of text.trim().split(/\n{2,}/)) {
    let current: (typeof parts)[number] | null = null;
    for (const line of block.split("\n")) {
      const kind = BULLET.test(line) ? "ul" : NUMBERED.test(line) ? "ol" : "p";
      if (!current || current.kind !== kind) parts.push((current = { kind, lines: [] }));
      current.lines.push(kind === "ul" ? line.replace(BULLET, "") : kind === "ol" ? line.replace(NUMBERED, "") : line);
    }
  }
  return (
    <>
      {parts.map((part, index) => {
        if (part.kind === "ul") return <ul key={index}>{part.lines.map((line, item) => <li key={item}>{inline(line)}</li>)}</ul>;
        if (part.kind === "ol") return <ol key={index}>{part.lines.map((line, item) => <li key={item}>{inline(line)}</li>)}</ol>;
        return (
          <p key={index}>
            {part.lines.map((line, number) => (
              <Fragment key={number}>
                {number > 0 ? <br /> : null}
                {inline(line)}
              </Fragment>
            ))}
          </p>
        );
      })}
    </>
  );
}

const BULLET = /^\s*[-*•]\s+/;
const NUMBERED = /^\s*\d+[.)]\s+/;

function inline(text: string): ReactNode[] {
  return text.split(/(\*\*[^*]+\*\*)/).map((part, index) => (part.startsWith("**") && part.endsWith("**") && part.length > 4 ? <strong key={index}>{part.slice(2, -2)}</strong> : part));
}

const Answer = styled.div`
  display: grid;
  gap: ${SPACE.md};
  p, ul, ol { margin: 0; }
  ul, ol { padding-left: 1.4em; }
  .source { color: ${(p) => p.theme.textMuted}; font-size: ${TYPE_SCALE.sm.size}; }
`;

const CitationList = styled.ul`
  margin: 0;
  padding: ${SPACE.sm} ${SPACE.md};
  list-style: none;
  border-left: 3px solid ${(p) => p.theme.accent};
  background: ${(p) => p.theme.surfaceRaised};
  border-radius: ${RADIUS.sm};
  display: grid;
  gap: ${SPACE.xs};
  font-size: ${TYPE_SCALE.sm.size};
  a { font-weight: 500; }
`;

const TableFrame = styled.div`
  overflow-x: auto;
  table { border-collapse: collapse; min-width: 50%; font-size: ${TYPE_SCALE.sm.size}; }
  caption { text-align: left; font-weight: 600; padding-bottom: ${SPACE.xs}; }
  th, td { padding: ${SPACE.xs} ${SPACE.sm}; border-bottom: 1px solid ${(p) => p.theme.border}; text-align: left; }
  thead th { color: ${(p) => p.theme.textMuted}; font-weight: 500; }
  td.numeric { text-align: right; font-variant-numeric: tabular-nums; }
`;

const ChartFrame = styled.div`
  max-width: 640px;
`;
