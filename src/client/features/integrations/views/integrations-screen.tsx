import { useParams } from "wouter";
import { integrationView } from "../../../../domain/integrations/catalogue";
import { useModel } from "../../../bus/use-model";
import { NotFoundState, PermissionDenied } from "../../../ui/states";
import { selectCanManageIntegrations } from "../permissions";
import { ConnectView } from "./connect-view";
import { ManageView } from "./manage-view";
import { OverviewView } from "./overview-view";

/**
 * /integration/{viewName?}: the overview without a view name, a connector's connect view
 * (/integration/postgresql), a connected integration's manage view (/integration/12). The accounting
 * wizard lives at /integration/{name}/wizard, a screen of its own.
 */
export default function IntegrationsScreen() {
  const { viewName } = useParams<{ viewName?: string }>();
  const allowed = useModel(selectCanManageIntegrations);
  if (!allowed) return <PermissionDenied />;
  const view = integrationView(viewName);
  switch (view.kind) {
    case "overview":
      return <OverviewView />;
    case "connect":
      return <ConnectView kind={view.name} />;
    case "manage":
      return <ManageView id={view.id} />;
    case "unknown":
      return <NotFoundState homeHref="/integration" homeLabel="Go to the integrations" />;
  }
}
