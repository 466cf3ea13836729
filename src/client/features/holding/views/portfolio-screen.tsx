import { useEffect, useState, type FormEvent } from "react";
import { styled } from "styled-components";
import type { Holding } from "../../../../contracts/holding";
import type { AppState } from "../../../app/state";
import { useDispatch, useModel } from "../../../bus/use-model";
import { Alert } from "../../../ui/alert";
import { Button } from "../../../ui/button";
import { Card } from "../../../ui/card";
import { useConfirm } from "../../../ui/confirm";
import { FormField } from "../../../ui/form-field";
import { TextInput } from "../../../ui/inputs";
import { Page, Stack } from "../../../ui/layout";
import { PageHeader } from "../../../ui/page-header";
import { EmptyState, ErrorState, LoadingState } from "../../../ui/states";
import { Table, TableFrame, Td, Th } from "../../../ui/table-parts";
import { selectCanManageHolding } from "./access";
import { RatesCard } from "./rates-card";
import { StateBadge } from "./state-badge";

/**
 * /holding/portfolio: the holding's subsidiaries with what each decided (requested, denied,
 * authorized). Administrators add a reporting company with the one-time code its administrator
 * issued (Settings → Holdings in that company) and remove one. A subsidiary's decision shows here
 * as soon as it is made. Below, the holding's own exchange rates (rates-card.tsx).
 */
export default function PortfolioScreen() {
  const dispatch = useDispatch();
  const holdings = useModel((state: AppState) => state.holding.holdings);
  const add = useModel((state: AppState) => state.holding.add);
  const removing = useModel((state: AppState) => state.holding.removing);
  const revision = useModel((state: AppState) => state.holding.revision);
  const canManage = useModel(selectCanManageHolding);
  const confirm = useConfirm();
  const [code, setCode] = useState("");

  useEffect(() => {
    dispatch({ _tag: "LoadHoldings" });
  }, [dispatch, revision]);
  useEffect(() => {
    if (add.status === "added") setCode("");
  }, [add.status]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (code.trim() !== "") dispatch({ _tag: "AddSubsidiary", code });
  };
  const remove = async (holding: Holding) => {
    const yes = await confirm({
      title: `Remove ${holding.name}?`,
      message: `${holding.name} is no longer rolled up into the holding's reporting, and its request ends on its side too. To add it again, its administrator issues a new code.`,
      confirmLabel: "Remove",
      tone: "danger",
    });
    if (yes) dispatch({ _tag: "RemoveSubsidiary", id: holding.id, name: holding.name });
  };

  return (
    <Page>
      <PageHeader title="Portfolio management" description="The reporting companies of the holding. A company is rolled up into holding reporting once its administrator has authorized the holding." />
      <Stack>
        {canManage ? (
          <Card title="Add a reporting company">
            <AddForm onSubmit={submit} noValidate>
              <FormField label="Company code" help="The one-time code the company's administrator created in Settings → Holdings." error={add.status === "error" && add.message ? [add.message] : undefined} required>
                <TextInput value={code} onChange={(event) => setCode(event.target.value)} autoComplete="off" spellCheck={false} />
              </FormField>
              <Button type="submit" variant="primary" busy={add.status === "adding"} disabled={code.trim() === ""}>
                Add company
              </Button>
            </AddForm>
            {add.status === "added" && add.added ? <Alert tone="success">{`${add.added} was asked to authorize the holding.`}</Alert> : null}
          </Card>
        ) : null}
        {holdings.status === "error" ? (
          <ErrorState message={holdings.message ?? ""} onRetry={() => dispatch({ _tag: "LoadHoldings" })} />
        ) : holdings.status !== "loaded" && holdings.list.length === 0 ? (
          <LoadingState label="Loading the reporting companies…" variant="skeleton" />
        ) : holdings.list.length === 0 ? (
          <EmptyState title="No reporting companies yet" text="Ask a company's administrator for a code from Settings → Holdings, then add the company here." />
        ) : (
          <TableFrame label="Reporting companies">
            <Table>
              <thead>
                <tr>
                  <Th scope="col">Company</Th>
                  <Th scope="col">Currency</Th>
                  <Th scope="col">Authorization</Th>
                  {canManage ? <Th scope="col">Actions</Th> : null}
                </tr>
              </thead>
              <tbody>
                {holdings.list.map((holding) => (
                  <tr key={holding.id} data-subsidiary={holding.name}>
                    <Th scope="row">{holding.name}</Th>
                    <Td>{holding.currency}</Td>
                    <Td>
                      <StateBadge state={holding.authorization_state} />
                    </Td>
                    {canManage ? (
                      <Td>
                        <Button size="sm" variant="quiet" busy={removing[holding.id]?.status === "removing"} onClick={() => void remove(holding)} aria-label={`Remove ${holding.name}`}>
                          Remove
                        </Button>
                        {removing[holding.id]?.status === "error" ? <Alert tone="danger">{removing[holding.id]!.message}</Alert> : null}
                      </Td>
                    ) : null}
                  </tr>
                ))}
              </tbody>
            </Table>
          </TableFrame>
        )}
        {holdings.status === "loaded" ? <RatesCard currencies={holdings.list.map((holding) => holding.currency)} canManage={canManage} /> : null}
      </Stack>
    </Page>
  );
}

const AddForm = styled.form`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-start;
  gap: 12px;
  > :first-child { flex: 1 1 280px; max-width: 420px; }
  > button { margin-top: 26px; }
`;
