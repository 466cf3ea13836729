import { styled, useTheme } from "styled-components";
import { Badge } from "../../../ui/badge";
import { BENCHMARK_BUCKETS } from "../../../ui/benchmark";
import { CollapsibleSection } from "../../../ui/collapsible-section";
import { contrastRatio, MIN_TEXT_CONTRAST, MIN_UI_CONTRAST } from "../../../ui/contrast";
import { DataTable } from "../../../ui/data-table";
import { Numeric } from "../../../ui/numeric";
import type { Palette } from "../../../ui/theme";
import { contrastPairs, type ContrastPair } from "../../../ui/theme-contrast";
import { CONTROL_HEIGHT, FONT_WEIGHT, LAYER, MEDIA, MOTION, RADIUS, SPACE, TYPE_SCALE } from "../../../ui/tokens";
import { MONO, Specimen } from "./specimen";

type Role = { [K in keyof Palette]: Palette[K] extends string ? K : never }[keyof Palette];

interface Swatch {
  readonly role: Role;
  /** The role it is checked against (text on it, or it on the surface). */
  readonly on: Role;
  /** 4.5 text, 3 UI, null decorative. */
  readonly minimum: number | null;
  readonly use: string;
  /** The role is a fill: show text on it instead of it as text. */
  readonly fill?: boolean;
}

const GROUPS: readonly { title: string; swatches: readonly Swatch[] }[] = [
  {
    title: "Surfaces and lines",
    swatches: [
      { role: "background", on: "text", minimum: MIN_TEXT_CONTRAST, use: "The page", fill: true },
      { role: "surface", on: "text", minimum: MIN_TEXT_CONTRAST, use: "Cards, tables, inputs", fill: true },
      { role: "surfaceRaised", on: "text", minimum: MIN_TEXT_CONTRAST, use: "Headers, popovers", fill: true },
      { role: "surfaceHover", on: "text", minimum: MIN_TEXT_CONTRAST, use: "Hovered rows", fill: true },
      { role: "border", on: "surface", minimum: null, use: "Decorative rules" },
      { role: "borderStrong", on: "surface", minimum: MIN_UI_CONTRAST, use: "Edges of controls" },
    ],
  },
  {
    title: "Text, accent and focus",
    swatches: [
      { role: "text", on: "surface", minimum: MIN_TEXT_CONTRAST, use: "Body text" },
      { role: "textMuted", on: "surface", minimum: MIN_TEXT_CONTRAST, use: "Labels, help" },
      { role: "accent", on: "surface", minimum: MIN_TEXT_CONTRAST, use: "Links, primary" },
      { role: "accentSurface", on: "accent", minimum: MIN_TEXT_CONTRAST, use: "Selected tint", fill: true },
      { role: "focus", on: "surface", minimum: MIN_UI_CONTRAST, use: "Focus ring" },
      { role: "disabledText", on: "disabledSurface", minimum: null, use: "Disabled (exempt)" },
    ],
  },
  {
    title: "Status",
    swatches: [
      { role: "danger", on: "surface", minimum: MIN_TEXT_CONTRAST, use: "Errors, delete" },
      { role: "warning", on: "surface", minimum: MIN_TEXT_CONTRAST, use: "Needs attention" },
      { role: "success", on: "surface", minimum: MIN_TEXT_CONTRAST, use: "Saved, done" },
      { role: "info", on: "surface", minimum: MIN_TEXT_CONTRAST, use: "Information" },
      { role: "dangerSurface", on: "danger", minimum: MIN_TEXT_CONTRAST, use: "Danger alert", fill: true },
      { role: "warningSurface", on: "warning", minimum: MIN_TEXT_CONTRAST, use: "Warning alert", fill: true },
      { role: "successSurface", on: "success", minimum: MIN_TEXT_CONTRAST, use: "Success alert", fill: true },
      { role: "infoSurface", on: "info", minimum: MIN_TEXT_CONTRAST, use: "Info alert", fill: true },
    ],
  },
  {
    title: "Deviations",
    swatches: [
      { role: "good", on: "surface", minimum: MIN_TEXT_CONTRAST, use: "In the KPI's good direction" },
      { role: "bad", on: "surface", minimum: MIN_TEXT_CONTRAST, use: "Against it" },
      { role: "neutral", on: "surface", minimum: MIN_TEXT_CONTRAST, use: "No change, no data" },
    ],
  },
];

/** Colour roles of the current theme with their contrast, the five bucket pairs, and every tested pair. */
export function ColourTokens() {
  const theme = useTheme();
  const pairs = contrastPairs(theme);
  const failing = pairs.filter((pair) => pair.ratio < pair.minimum).length;
  return (
    <Specimen
      id="tokens-colour"
      name="theme.<role>"
      file="theme.ts · theme-contrast.ts"
      use={
        <>
          Colour roles of the {theme.name} theme, by what they mean. Ratios are WCAG contrast in this theme against the role named after "on"; text needs 4.5:1, control edges and the focus ring 3:1.
          {failing === 0 ? ` All ${pairs.length} pairs pass (tested in test/client/ui/theme-contrast.test.ts).` : ` ${failing} pairs fail.`}
        </>
      }
    >
      {GROUPS.map((group) => (
        <SwatchGroup key={group.title}>
          <h3>{group.title}</h3>
          <ul>
            {group.swatches.map((swatch) => (
              <SwatchItem key={swatch.role} swatch={swatch} theme={theme} />
            ))}
          </ul>
        </SwatchGroup>
      ))}
      <SwatchGroup style={{ gridColumn: "1 / -1" }}>
        <h3>Benchmark buckets (theme.bucket)</h3>
        <ul className="buckets">
          {BENCHMARK_BUCKETS.map(({ bucket, label }) => (
            <li key={bucket}>
              <Badge tone={bucket}>{label}</Badge>
              <span className="role">{bucket}</span>
              <span className="ratio">
                <Numeric>{contrastRatio(theme.bucket[bucket].text, theme.bucket[bucket].background).toFixed(2)}:1</Numeric> text on fill
              </span>
            </li>
          ))}
        </ul>
      </SwatchGroup>
      <div style={{ gridColumn: "1 / -1" }}>
        <CollapsibleSection title="Every tested pair" summary={`${pairs.length} pairs`} headingLevel={3} defaultOpen={false}>
          <DataTable<ContrastPair>
            label="Contrast of every tested colour pair"
            rows={pairs}
            rowKey={(pair) => pair.name}
            maxHeight="420px"
            columns={[
              { key: "name", header: "Pair", rowHeader: true, cell: (pair) => pair.name, sortValue: (pair) => pair.name },
              { key: "colours", header: "Colours", cell: (pair) => <ColourPairSample pair={pair} /> },
              { key: "ratio", header: "Ratio", numeric: true, cell: (pair) => `${pair.ratio.toFixed(2)}:1`, sortValue: (pair) => pair.ratio },
              { key: "minimum", header: "Needs", numeric: true, cell: (pair) => `${pair.minimum}:1` },
              { key: "result", header: "Result", cell: (pair) => (pair.ratio >= pair.minimum ? <Badge tone="good">Pass</Badge> : <Badge tone="bad">Fail</Badge>) },
            ]}
          />
        </CollapsibleSection>
      </div>
    </Specimen>
  );
}

function SwatchItem({ swatch, theme }: { swatch: Swatch; theme: Palette }) {
  const colour = theme[swatch.role] as string;
  const against = theme[swatch.on] as string;
  const ratio = contrastRatio(colour, against);
  return (
    <li>
      <span className="chip" style={swatch.fill ? { background: colour, color: against } : { background: against, color: colour, borderColor: swatch.minimum === MIN_UI_CONTRAST || swatch.minimum === null ? colour : undefined }} aria-hidden="true">
        {swatch.minimum === MIN_UI_CONTRAST || swatch.minimum === null ? "" : "Aa 12"}
      </span>
      <span className="role">{swatch.role}</span>
      <span className="hex">{colour}</span>
      <span className="ratio">
        <Numeric>{ratio.toFixed(2)}:1</Numeric> {swatch.fill ? `${swatch.on} on it` : `on ${swatch.on}`}
        {swatch.minimum ? (ratio >= swatch.minimum ? " ✓" : " ✗") : " (decorative)"}
      </span>
      <span className="use">{swatch.use}</span>
    </li>
  );
}

function ColourPairSample({ pair }: { pair: ContrastPair }) {
  return (
    <span style={{ display: "inline-flex", alignItems: "center", gap: 6 }}>
      <span aria-hidden="true" style={{ display: "inline-block", padding: "0 6px", borderRadius: 4, background: pair.background, color: pair.foreground, border: `1px solid ${pair.foreground}` }}>
        Aa
      </span>
      <span style={{ fontFamily: MONO, fontSize: 12 }}>
        {pair.foreground} / {pair.background}
      </span>
    </span>
  );
}

const SwatchGroup = styled.div`
  display: grid;
  gap: ${SPACE.sm};
  align-content: start;
  h3 { margin: 0; font-size: ${TYPE_SCALE.sm.size}; font-weight: ${FONT_WEIGHT.semibold}; }
  ul { display: grid; gap: ${SPACE.sm}; margin: 0; padding: 0; list-style: none; }
  li { display: grid; grid-template-columns: 56px 1fr; grid-template-areas: "chip role" "chip hex" "chip ratio" "chip use"; column-gap: ${SPACE.sm}; font-size: ${TYPE_SCALE.sm.size}; line-height: ${TYPE_SCALE.sm.lineHeight}; }
  .buckets li { display: flex; flex-wrap: wrap; align-items: center; gap: ${SPACE.xs} ${SPACE.sm}; }
  .buckets .role, .buckets .ratio { grid-area: auto; }
  .chip { grid-area: chip; width: 56px; height: 56px; border-radius: ${RADIUS.md}; border: 1px solid ${(p) => p.theme.border}; display: grid; place-items: center; font-weight: ${FONT_WEIGHT.semibold}; }
  .role { grid-area: role; font-family: ${MONO}; font-weight: ${FONT_WEIGHT.semibold}; }
  .hex { grid-area: hex; font-family: ${MONO}; color: ${(p) => p.theme.textMuted}; }
  .ratio { grid-area: ratio; }
  .use { grid-area: use; color: ${(p) => p.theme.textMuted}; }
`;

/** The type scale, each step with a sample of text and figures. */
export function TypeScaleTokens() {
  return (
    <Specimen id="tokens-type" name="TYPE_SCALE · FONT_WEIGHT · numeric" file="tokens.ts · numeric.tsx · font.ts" use="Inter (variable, self-hosted). Body text is md; figures are tabular everywhere, so digits line up in columns.">
      <TokenList aria-label="Type scale" $wide>
        {Object.entries(TYPE_SCALE).map(([step, { size, lineHeight }]) => (
          <li key={step}>
            <code>TYPE_SCALE.{step}</code>
            <span className="meta">
              {size} / {lineHeight}
            </span>
            <span className="sample" style={{ fontSize: size, lineHeight, fontWeight: step === "figure" || step === "xxl" ? 600 : 400 }}>
              Revenue € 4,802,113
            </span>
          </li>
        ))}
      </TokenList>
      <TokenList aria-label="Font weights" $wide>
        {Object.entries(FONT_WEIGHT).map(([name, weight]) => (
          <li key={name}>
            <code>FONT_WEIGHT.{name}</code>
            <span className="meta">{weight}</span>
            <span className="sample" style={{ fontWeight: weight }}>
              Gross margin 64.6 %
            </span>
          </li>
        ))}
      </TokenList>
      <TokenList aria-label="Tabular figures" $wide>
        <li>
          <code>numeric</code>
          <span className="meta">tabular</span>
          <span style={{ display: "inline-grid", justifySelf: "start", textAlign: "right", whiteSpace: "nowrap", fontVariantNumeric: "tabular-nums" }}>
            <span>€ 1,111.11</span>
            <span>€ 8,808.08</span>
          </span>
        </li>
        <li>
          <code>(proportional)</code>
          <span className="meta">for contrast</span>
          <span style={{ display: "inline-grid", justifySelf: "start", textAlign: "right", whiteSpace: "nowrap", fontVariantNumeric: "proportional-nums", fontFeatureSettings: '"pnum" 1, "tnum" 0' }}>
            <span>€ 1,111.11</span>
            <span>€ 8,808.08</span>
          </span>
        </li>
      </TokenList>
    </Specimen>
  );
}

/** Spacing, radii, control heights, elevation, layers and motion. */
export function LayoutTokens() {
  const theme = useTheme();
  return (
    <Specimen id="tokens-space" name="SPACE · RADIUS · CONTROL_HEIGHT · shadow · LAYER · MOTION" file="tokens.ts · theme.ts" use="Spacing on a 4 px grid; radii small to large; two elevations; the stacking layers every floating thing takes; motion that switches off with prefers-reduced-motion.">
      <TokenList aria-label="Spacing" $wide>
        {Object.entries(SPACE).map(([step, value]) => (
          <li key={step}>
            <code>SPACE.{step}</code>
            <span className="meta">{value}</span>
            <span className="bar" style={{ width: value }} />
          </li>
        ))}
      </TokenList>
      <TokenList aria-label="Radii and control heights" $wide>
        {Object.entries(RADIUS).map(([step, value]) => (
          <li key={step}>
            <code>RADIUS.{step}</code>
            <span className="meta">{value}</span>
            <span className="box" style={{ borderRadius: value }} />
          </li>
        ))}
        {Object.entries(CONTROL_HEIGHT).map(([step, value]) => (
          <li key={step}>
            <code>CONTROL_HEIGHT.{step}</code>
            <span className="meta">{value}</span>
            <span className="box" style={{ height: value, width: 80 }} />
          </li>
        ))}
      </TokenList>
      <TokenList aria-label="Elevation, layers and motion" $wide>
        <li>
          <code>theme.shadowRaised</code>
          <span className="meta">cards</span>
          <span className="box lifted" style={{ boxShadow: theme.shadowRaised }} />
        </li>
        <li>
          <code>theme.shadowOverlay</code>
          <span className="meta">popovers, dialogs</span>
          <span className="box lifted" style={{ boxShadow: theme.shadowOverlay }} />
        </li>
        {Object.entries(LAYER).map(([layer, value]) => (
          <li key={layer}>
            <code>LAYER.{layer}</code>
            <span className="meta">z-index {value}</span>
          </li>
        ))}
        {Object.entries(MOTION).map(([name, value]) => (
          <li key={name}>
            <code>MOTION.{name}</code>
            <span className="meta">{value}</span>
          </li>
        ))}
      </TokenList>
    </Specimen>
  );
}

const TokenList = styled.ul<{ $wide?: boolean }>`
  ${(p) => (p.$wide ? "grid-column: 1 / -1;" : "")}
  display: grid;
  gap: ${SPACE.sm};
  margin: 0;
  padding: 0;
  list-style: none;
  align-content: start;
  li { display: grid; grid-template-columns: minmax(0, 13em) 7em minmax(0, 1fr); gap: ${SPACE.sm}; align-items: center; min-height: 24px; }
  .sample { white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
  ${MEDIA.narrow} {
    li { grid-template-columns: minmax(0, 1fr) auto; }
    li > :nth-child(3) { grid-column: 1 / -1; }
  }
  code { font-family: ${MONO}; font-size: ${TYPE_SCALE.xs.size}; overflow-wrap: anywhere; }
  .meta { color: ${(p) => p.theme.textMuted}; font-size: ${TYPE_SCALE.xs.size}; }
  .bar { display: block; height: 12px; background: ${(p) => p.theme.accent}; border-radius: 2px; min-width: 1px; }
  .box { display: block; width: 40px; height: 32px; border: 1px solid ${(p) => p.theme.borderStrong}; background: ${(p) => p.theme.surface}; }
  .box.lifted { border-color: ${(p) => p.theme.border}; width: 64px; height: 40px; border-radius: ${RADIUS.md}; }
`;
