import type { ReactNode } from "react";
import { styled } from "styled-components";
import { CardFrame } from "../../../ui/card";
import { FONT_WEIGHT, MEDIA, RADIUS, SPACE, TYPE_SCALE } from "../../../ui/tokens";

/** Monospace for code names on this page. */
export const MONO = `ui-monospace, "SF Mono", "Cascadia Mono", Menlo, Consolas, monospace`;

/**
 * One entry of the style guide: the code name a feature imports, when to use it, and the
 * component in its states.
 */
export function Specimen({ id, name, file, use, children }: { id: string; name: string; file: string; use: ReactNode; children: ReactNode }) {
  return (
    <SpecimenCard as="article" aria-labelledby={`${id}-title`} id={id}>
      <header>
        <h2 id={`${id}-title`}>
          <code>{name}</code>
        </h2>
        <span className="file">src/client/ui/{file}</span>
      </header>
      <p className="use">{use}</p>
      <div className="states">{children}</div>
    </SpecimenCard>
  );
}

/** One state of a specimen, captioned ("Disabled", "Busy", "Narrow: 320 px"). */
export function State({ label, wide = false, width, children }: { label: string; wide?: boolean; width?: string; children: ReactNode }) {
  return (
    <StateFrame $wide={wide}>
      <span className="state-label">{label}</span>
      <div className="state-demo" style={width ? { width, maxWidth: "100%" } : undefined}>
        {children}
      </div>
    </StateFrame>
  );
}

/** Inline code in running text. */
export const Code = styled.code`
  font-family: ${MONO};
  font-size: 0.92em;
  padding: 0 ${SPACE.xs};
  border-radius: ${RADIUS.sm};
  background: ${(p) => p.theme.surfaceRaised};
`;

const SpecimenCard = styled(CardFrame)`
  gap: ${SPACE.md};
  > header { display: flex; flex-wrap: wrap; align-items: baseline; justify-content: space-between; gap: ${SPACE.xs} ${SPACE.md}; }
  > header h2 code { font-family: ${MONO}; font-size: ${TYPE_SCALE.lg.size}; font-weight: ${FONT_WEIGHT.semibold}; overflow-wrap: anywhere; }
  > header .file { font-family: ${MONO}; font-size: ${TYPE_SCALE.xs.size}; color: ${(p) => p.theme.textMuted}; }
  > .use { color: ${(p) => p.theme.textMuted}; max-width: 90ch; }
  > .states { display: grid; grid-template-columns: repeat(auto-fill, minmax(min(260px, 100%), 1fr)); gap: ${SPACE.lg}; align-items: start; }
`;

const StateFrame = styled.div<{ $wide: boolean }>`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: ${SPACE.sm};
  align-content: start;
  min-width: 0;
  ${(p) => (p.$wide ? "grid-column: 1 / -1;" : "")}
  > .state-label { font-size: ${TYPE_SCALE.xs.size}; line-height: ${TYPE_SCALE.xs.lineHeight}; font-weight: ${FONT_WEIGHT.semibold}; text-transform: uppercase; letter-spacing: 0.06em; color: ${(p) => p.theme.textMuted}; }
  > .state-demo { min-width: 0; display: flex; flex-wrap: wrap; gap: ${SPACE.sm}; align-items: center; padding: ${SPACE.md}; border: 1px dashed ${(p) => p.theme.border}; border-radius: ${RADIUS.md}; background: ${(p) => p.theme.background}; }
  > .state-demo > * { max-width: 100%; min-width: 0; }
  ${MEDIA.narrow} { > .state-demo { padding: ${SPACE.sm}; } }
`;
