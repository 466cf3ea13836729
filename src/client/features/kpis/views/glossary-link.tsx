import { Link } from "wouter";
import { styled } from "styled-components";
import type { AppState } from "../../../app/state";
import { useModel } from "../../../bus/use-model";
import { Icon } from "../../../ui/icons";
import { Tooltip } from "../../../ui/tooltip";
import { selectAccess } from "../../session/model";

/**
 * The way from a KPI to what it means: its entry in the KPI glossary (/reporting/kpi-glossary/{id}).
 * An icon on cards, the word "Glossary" with it in the detail's header. Absent where the company
 * has no glossary (feature kpi_glossary).
 */
export function GlossaryLink({ kpiId, name, labelled = false }: { kpiId: number; name: string; labelled?: boolean }) {
  const on = useModel((state: AppState) => selectAccess(state.session)?.features["kpi_glossary"] === true);
  if (!on) return null;
  const label = `What ${name} means: glossary`;
  const link = (
    <Anchor href={`/reporting/kpi-glossary/${kpiId}`} aria-label={labelled ? undefined : label} data-glossary-link={kpiId}>
      <Icon name="info" size={16} aria-hidden="true" />
      {labelled ? <span>Glossary</span> : null}
    </Anchor>
  );
  return labelled ? link : <Tooltip content={label} describe={false}>{link}</Tooltip>;
}

const Anchor = styled(Link)`
  display: inline-flex;
  align-items: center;
  gap: 4px;
  min-height: 28px;
  min-width: 28px;
  justify-content: center;
  padding: 0 4px;
  border-radius: 6px;
  color: ${(p) => p.theme.textMuted};
  font-size: 14px;
  text-decoration: none;
  &:hover { color: ${(p) => p.theme.text}; background: ${(p) => p.theme.surfaceRaised}; }
  &:focus-visible { outline: 2px solid ${(p) => p.theme.focus}; outline-offset: 1px; }
`;
