import { Link, useLocation } from "wouter";
import { styled } from "styled-components";
import { planDeviationText } from "../../../../../domain/kpi/card-texts";
import { Card } from "../../../../ui/card";
import { numeric } from "../../../../ui/numeric";
import { SPACE, TYPE_SCALE } from "../../../../ui/tokens";

export interface Performer {
  readonly id: number;
  readonly name: string;
  readonly actual: number | null;
  readonly plan: number | null;
  readonly deviationPercent: number | null;
  /** Deviation from plan in the KPI's good direction: above 0 is good. */
  readonly performance: number | null;
}

/** A ranked list of KPIs (high or low performers), each opening its detail page, with its deviation from plan. */
export function Performers({ title, performers, emptyText }: { title: string; performers: readonly Performer[]; emptyText: string }) {
  const [from] = useLocation(); // for the detail's breadcrumbs
  return (
    <Card title={title} padding="md">
      {performers.length === 0 ? (
        <Empty>{emptyText}</Empty>
      ) : (
        <List>
          {performers.map((performer) => (
            <li key={performer.id}>
              <Link href={`/reporting/kpi-detail/${performer.id}`} state={{ from }}>{performer.name}</Link>
              <span className={performer.performance! > 0 ? "good" : "bad"}>{planDeviationText(performer).text}</span>
            </li>
          ))}
        </List>
      )}
    </Card>
  );
}

const Empty = styled.p`
  margin: 0;
  color: ${(p) => p.theme.textMuted};
  font-size: ${TYPE_SCALE.sm.size};
`;

const List = styled.ol`
  display: grid;
  gap: ${SPACE.xs};
  margin: 0;
  padding-left: ${SPACE.lg};
  font-size: ${TYPE_SCALE.sm.size};
  line-height: ${TYPE_SCALE.sm.lineHeight};
  li { padding-left: ${SPACE.xxs}; }
  li > span { ${numeric} margin-left: ${SPACE.sm}; }
  .good { color: ${(p) => p.theme.good}; }
  .bad { color: ${(p) => p.theme.bad}; }
`;
