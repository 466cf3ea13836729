import type { ComponentPropsWithoutRef, ReactNode } from "react";
import { styled, type DefaultTheme } from "styled-components";
import { BENCHMARK_BUCKETS, type BenchmarkBucket } from "./benchmark";
import { FONT_WEIGHT, RADIUS, SPACE, TYPE_SCALE } from "./tokens";

/**
 * - `neutral`: a plain fact ("In validation");
 * - `accent`: a status that is neither good nor bad ("On plan");
 * - `good` / `bad`: a deviation in or against the KPI's direction ("Ahead of plan", "Behind plan");
 * - `warning`: needs attention ("Outdated");
 * - a benchmark bucket: its colour pair, worst (bottom5, red) to best (top5, green).
 */
export type BadgeTone = "neutral" | "accent" | "good" | "bad" | "warning" | BenchmarkBucket;

export interface BadgeProps extends ComponentPropsWithoutRef<"span"> {
  readonly tone?: BadgeTone;
  readonly children: ReactNode;
}

/** A short label on a card or in a table cell. Its words carry the meaning; the colour helps. */
export function Badge({ tone = "neutral", children, ...props }: BadgeProps) {
  return (
    <BadgeBox $tone={tone} {...props}>
      {children}
    </BadgeBox>
  );
}

/** The bucket colours with their names, e.g. under a dashboard that shows bucket badges. */
export function BucketLegend({ title = "Benchmark" }: { title?: string }) {
  return <Legend title={title} items={BENCHMARK_BUCKETS.map(({ bucket, label }) => ({ tone: bucket, label }))} />;
}

/** A row of badge tones with what each means. */
export function Legend({ title, items }: { title: string; items: readonly { readonly tone: BadgeTone; readonly label: string }[] }) {
  return (
    <LegendBox>
      <span className="legend-title">{title}</span>
      <ul aria-label={title}>
        {items.map((item) => (
          <li key={item.label}>
            <Badge tone={item.tone}>{item.label}</Badge>
          </li>
        ))}
      </ul>
    </LegendBox>
  );
}

function toneColours(theme: DefaultTheme, tone: BadgeTone): { background: string; text: string; border: string } {
  switch (tone) {
    case "neutral":
      return { background: theme.surfaceRaised, text: theme.textMuted, border: theme.border };
    case "accent":
      return { background: theme.accentSurface, text: theme.accent, border: "transparent" };
    case "good":
      return { background: theme.successSurface, text: theme.good, border: "transparent" };
    case "bad":
      return { background: theme.dangerSurface, text: theme.bad, border: "transparent" };
    case "warning":
      return { background: theme.warningSurface, text: theme.warning, border: "transparent" };
    default:
      return { ...theme.bucket[tone], border: "transparent" };
  }
}

const BadgeBox = styled.span<{ $tone: BadgeTone }>`
  display: inline-flex;
  align-items: center;
  gap: ${SPACE.xs};
  padding: 0 ${SPACE.sm};
  min-height: 20px;
  border-radius: ${RADIUS.pill};
  border: 1px solid ${(p) => toneColours(p.theme, p.$tone).border};
  background: ${(p) => toneColours(p.theme, p.$tone).background};
  color: ${(p) => toneColours(p.theme, p.$tone).text};
  font-size: ${TYPE_SCALE.xs.size};
  line-height: ${TYPE_SCALE.xs.lineHeight};
  font-weight: ${FONT_WEIGHT.medium};
  white-space: nowrap;
`;

const LegendBox = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${SPACE.xs} ${SPACE.sm};
  font-size: ${TYPE_SCALE.xs.size};
  .legend-title { color: ${(p) => p.theme.textMuted}; font-weight: ${FONT_WEIGHT.medium}; }
  ul { display: flex; flex-wrap: wrap; gap: ${SPACE.xs}; margin: 0; padding: 0; list-style: none; }
`;
