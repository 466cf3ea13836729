import { comparisonQuery, DEFAULT_CHOICE } from "../../../../domain/kpi-comparison/comparison";
import { ButtonLink } from "../../../ui/button";
import { Cluster } from "../../../ui/layout";

/**
 * The KPI detail's ways into the analysis screens: "Compare" opens the comparison with this KPI
 * over three fiscal years (where more KPIs can be added), "KPI tree" the tree with it as the root.
 */
export function KpiAnalysisLinks({ kpiId }: { kpiId: number }) {
  return (
    <Cluster $gap="xs">
      <ButtonLink size="sm" href={`/reporting/kpi-comparison${comparisonQuery({ ...DEFAULT_CHOICE, mode: "periods", kpiIds: [kpiId] })}`}>
        Compare
      </ButtonLink>
      <ButtonLink size="sm" href={`/reporting/kpi-tree?root=${kpiId}`}>
        KPI tree
      </ButtonLink>
    </Cluster>
  );
}
