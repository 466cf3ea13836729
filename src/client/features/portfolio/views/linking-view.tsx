import type { RegisteredInstance } from "../../../../contracts/portfolio";
import type { AppState } from "../../../app/state";
import { useDispatch, useModel } from "../../../bus/use-model";
import { Alert } from "../../../ui/alert";
import { Badge } from "../../../ui/badge";
import { Button } from "../../../ui/button";
import { useConfirm } from "../../../ui/confirm";
import { EmptyState, ErrorState, LoadingState } from "../../../ui/states";
import { Table, TableFrame, Td, Th } from "../../../ui/table-parts";
import { selectManagesCompany } from "../../session/model";
import { AUTHORIZATION_LABELS } from "./company-switcher";
import { companyOrigin } from "./company-frames";

const STATE_TONES = { authorized: "good", requested: "warning", denied: "bad" } as const;

/** Removing a registration needs manage_company_settings (staff have every permission). */
export const selectCanManageLinks = (state: AppState): boolean => selectManagesCompany(state.session);

/**
 * /portfolio/linking (multi-instance linking): the companies the instance is registered with,
 * each with its authorization state and address; an administrator removes one after confirming.
 */
export function LinkingView() {
  const dispatch = useDispatch();
  const confirm = useConfirm();
  const instances = useModel((state: AppState) => state.portfolio.instances);
  const removeErrors = useModel((state: AppState) => state.portfolio.removeErrors);
  const canManage = useModel(selectCanManageLinks);
  if (instances.status === "error") return <ErrorState message={instances.message} onRetry={() => dispatch({ _tag: "LoadPortfolio" })} />;
  if (instances.status !== "loaded") return <LoadingState label="Loading the registered companies…" variant="skeleton" />;
  if (instances.list.length === 0) return <EmptyState title="No registered companies" text="When a company registers your instance as its investor, it appears here with its authorization state." />;
  const remove = async (instance: RegisteredInstance) => {
    const confirmed = await confirm({
      title: `Remove ${instance.instance_name}?`,
      message: `Your instance will no longer see ${instance.instance_name} or the reports it shared with you. The company can register your instance again.`,
      confirmLabel: "Remove",
      tone: "danger",
    });
    if (confirmed) dispatch({ _tag: "RemovePortfolioInstance", instanceId: instance.id, name: instance.instance_name });
  };
  return (
    <>
      {canManage ? null : <Alert tone="info">Only a person who manages the company settings can remove a company.</Alert>}
      <TableFrame label="Registered companies">
        <Table>
          <thead>
            <tr>
              <Th scope="col">Company</Th>
              <Th scope="col">Authorization</Th>
              <Th scope="col">Address</Th>
              {canManage ? <Th scope="col">Action</Th> : null}
            </tr>
          </thead>
          <tbody>
            {instances.list.map((instance) => (
              <tr key={instance.id}>
                <Td>{instance.instance_name}</Td>
                <Td>
                  <Badge tone={STATE_TONES[instance.authorization_state]}>{AUTHORIZATION_LABELS[instance.authorization_state]}</Badge>
                  {removeErrors[instance.id] ? <div role="alert">{removeErrors[instance.id]}</div> : null}
                </Td>
                <Td>{companyOrigin(instance)}</Td>
                {canManage ? (
                  <Td>
                    <Button size="sm" variant="danger" onClick={() => void remove(instance)} aria-label={`Remove ${instance.instance_name}`}>
                      Remove
                    </Button>
                  </Td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </Table>
      </TableFrame>
    </>
  );
}
