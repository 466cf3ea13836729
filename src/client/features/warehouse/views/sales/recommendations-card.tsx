import { Link } from "wouter";
import { Alert } from "../../../../ui/alert";
import { Card } from "../../../../ui/card";
import { Stack } from "../../../../ui/layout";
import type { WarehouseView } from "../hooks";
import { ViewBody } from "../view-parts";

const TONE = { warning: "warning", info: "info", good: "success" } as const;

/** Recommendations: what the period's figures suggest doing next, each a rule over the charts beside it. */
export function RecommendationsCard({ view, period }: { view: WarehouseView<"recommendations">; period: string }) {
  return (
    <Card title="Recommendations" data-testid="recommendations">
      <ViewBody view={view} label="the recommendations">
        {({ recommendations }) =>
          recommendations.length === 0 ? (
            <p>Nothing stands out in {period}: the target, the data, the pipeline and the funnel look as they should.</p>
          ) : (
            <Stack $gap="sm" as="ul" style={{ listStyle: "none", margin: 0, padding: 0 }}>
              {recommendations.map((item) => (
                <li key={item.rule}>
                  {/* Recommendations are advice, not errors: none interrupts a screen reader. */}
                  <Alert tone={TONE[item.tone]} title={item.title} role="note" data-rule={item.rule} action={item.href ? <Link href={item.href}>Open the data issues</Link> : undefined}>
                    {item.text}
                  </Alert>
                </li>
              ))}
            </Stack>
          )
        }
      </ViewBody>
    </Card>
  );
}
