import { useEffect, useMemo, useState } from "react";
import { Link } from "wouter";
import type { AccountingSetup, AccountRow } from "../../../../contracts/accounting";
import { SELECT_CATEGORY_TEXT } from "../../../../domain/integrations/accounting";
import type { AppState } from "../../../app/state";
import { useDispatch, useModel } from "../../../bus/use-model";
import { Alert } from "../../../ui/alert";
import { Badge } from "../../../ui/badge";
import { Button } from "../../../ui/button";
import { Card } from "../../../ui/card";
import { CollapsibleSection } from "../../../ui/collapsible-section";
import { DataTable } from "../../../ui/data-table";
import { FormField } from "../../../ui/form-field";
import { Select } from "../../../ui/inputs";
import { Cluster, Stack, TileGrid } from "../../../ui/layout";
import { useUnsavedChangesGuard } from "../../../ui/navigation-guard";
import { ErrorState, LoadingState } from "../../../ui/states";
import { Text } from "../../../ui/text";
import { amountText, count, instantText, monthsText } from "./format";

/** A select's value: "" none chosen yet, "none" not part of the statement, else a line's KPI id. */
type Choice = string;
const NOT_IN_STATEMENT = "none";

/** An account's balance as bookkeepers say it: "debit balance 1,200.00", "credit balance 950.00". */
const balanceText = (balance: number) => (balance === 0 ? "balanced" : `${balance > 0 ? "debit" : "credit"} balance ${amountText(Math.abs(balance))}`);

const choiceOf = (account: AccountRow): Choice => (account.category === undefined ? "" : account.category === null ? NOT_IN_STATEMENT : String(account.category));

/**
 * Step 5, the category mapping and the completion: every P&L account with bookings gets a
 * statement line (or "not part of the statement", for taxes and interest); 'Please select a
 * category' under each one left open. Completing writes the lines' monthly actuals.
 */
export function MappingStep({ setup }: { setup: AccountingSetup & { import: NonNullable<AccountingSetup["import"]> } }) {
  const dispatch = useDispatch();
  const accounts = useModel((state: AppState) => state.accounting.accounts);
  const busy = useModel((state: AppState) => state.accounting.busy);
  const failure = useModel((state: AppState) => (state.accounting.failure?.change === "mapping" || state.accounting.failure?.change === "complete" ? state.accounting.failure : null));
  const importId = setup.import.id;

  useEffect(() => {
    if ((accounts.importId !== importId || accounts.status === "idle") && accounts.status !== "loading") dispatch({ _tag: "LoadAccountingAccounts", importId });
  }, [importId, accounts.status]);

  if (accounts.status === "error") return <ErrorState message={accounts.message ?? "The accounts could not be loaded."} onRetry={() => dispatch({ _tag: "LoadAccountingAccounts", importId })} />;
  if (accounts.importId !== importId || !accounts.data) return <LoadingState label="Loading accounts…" variant="skeleton" />;
  return <MappingForm setup={setup} accounts={accounts.data} busy={busy?.change ?? null} failure={failure} />;
}

function MappingForm({ setup, accounts, busy, failure }: { setup: AccountingSetup; accounts: readonly AccountRow[]; busy: string | null; failure: AppState["accounting"]["failure"] }) {
  const dispatch = useDispatch();
  const written = useModel((state: AppState) => state.accounting.written);
  const toMap = accounts.filter((account) => account.needsCategory);
  const others = accounts.filter((account) => !account.needsCategory);
  const saved = useMemo(() => Object.fromEntries(toMap.map((account) => [account.number, choiceOf(account)])), [accounts]);
  const [choices, setChoices] = useState<Record<string, Choice>>(saved);
  const [checked, setChecked] = useState(false);
  const dirty = toMap.some((account) => choices[account.number] !== saved[account.number]);
  useUnsavedChangesGuard(dirty && busy === null);

  const category = setup.categories.find((candidate) => candidate.id === setup.statement.categoryId);
  const lineOptions = setup.statement.lines.map((line) => ({ value: String(line.kpi), label: category?.kpis.find((kpi) => kpi.id === line.kpi)?.name ?? `KPI ${line.kpi}` }));
  const options = [{ value: "", label: "Select a category…" }, ...lineOptions, { value: NOT_IN_STATEMENT, label: "Not part of the statement" }];
  // The person's own check first (the spec's text, before anything is sent), then the server's.
  const errorOf = (account: string): string[] | null => {
    if (checked && !choices[account]) return [SELECT_CATEGORY_TEXT];
    return failure?.fields[`accounts.${account}`]?.slice() ?? null;
  };
  const payload = () => toMap.map((account) => ({ account: account.number, category: choices[account.number] === NOT_IN_STATEMENT ? null : Number(choices[account.number]) }));
  const valid = () => {
    setChecked(true);
    return toMap.every((account) => choices[account.number]);
  };
  const save = () => valid() && dispatch({ _tag: "SaveAccountMapping", accounts: payload() });
  const complete = () => {
    if (!valid()) return;
    if (dirty) dispatch({ _tag: "SaveAccountMapping", accounts: payload() });
    dispatch({ _tag: "CompleteAccountingSetup" });
  };
  const open = toMap.filter((account) => !choices[account.number]).length;

  if (setup.statement.categoryId === null || setup.statement.lines.length === 0) {
    return <Alert tone="info" title="Set up the financial statement first">The accounts are mapped to the statement's lines (step 1).</Alert>;
  }
  return (
    <Stack $gap="lg">
      <Card title="Category mapping">
        <Stack $gap="lg">
          <Text $tone="muted">
            {toMap.length === 0
              ? "No revenue or expense account of the import has bookings: there is nothing to map."
              : `Choose the statement line of each revenue and expense account with bookings (${count(toMap.length, "account")}, ${open} without a category). Accounts outside the P&L, such as taxes or interest, are "Not part of the statement".`}
          </Text>
          <TileGrid $min="300px" $gap="lg">
            {toMap.map((account) => (
              <FormField key={account.number} label={`${account.number} ${account.name}`} help={`${account.type === "revenue" ? "Revenue" : "Expense"} account · ${count(account.bookings, "booking")} · ${balanceText(account.balance)}`} error={errorOf(account.number)}>
                <Select value={choices[account.number] ?? ""} options={options} onChange={(event) => setChoices({ ...choices, [account.number]: event.target.value })} />
              </FormField>
            ))}
          </TileGrid>
          {failure && failure.change === "mapping" && !Object.keys(failure.fields).some((field) => field.startsWith("accounts.")) ? (
            <Alert tone="danger" title="The categories were not saved">{failure.message}</Alert>
          ) : null}
          <Cluster>
            <Button busy={busy === "mapping"} disabled={busy !== null && busy !== "mapping"} onClick={save}>
              Save categories
            </Button>
          </Cluster>
        </Stack>
      </Card>

      {others.length > 0 ? (
        <CollapsibleSection title="Accounts without a category" summary={`${others.length}: balance sheet accounts and accounts without bookings`} defaultOpen={false}>
          <DataTable<AccountRow>
            label="Accounts without a category"
            maxHeight="none"
            rows={others}
            rowKey={(account) => account.number}
            columns={[
              { key: "number", header: "Account", cell: (account) => account.number },
              { key: "name", header: "Name", rowHeader: true, cell: (account) => account.name },
              { key: "type", header: "Type", cell: (account) => account.type },
              { key: "bookings", header: "Bookings", numeric: true, cell: (account) => account.bookings.toLocaleString("en") },
              { key: "balance", header: "Balance", numeric: true, cell: (account) => balanceText(account.balance) },
            ]}
          />
        </CollapsibleSection>
      ) : null}

      <Card title="Complete the setup">
        <Stack>
          {setup.status === "completed" ? (
            <Alert tone="success" title={`Setup completed${setup.completedAt ? ` on ${instantText(setup.completedAt)}` : ""}`} action={<Link href={`/reporting/financial-dashboard/${setup.statement.categoryId}`}>Open the financial dashboard</Link>}>
              {written && written.firstMonth
                ? `${count(written.values, "monthly value")} written for ${monthsText(written.firstMonth, written.lastMonth)} from the mapped bookings.`
                : `The ${category?.name ?? "statement"} shows the monthly actuals of ${monthsText(setup.import?.firstMonth ?? null, setup.import?.lastMonth ?? null)} from the mapped bookings.`}
            </Alert>
          ) : (
            <Text $tone="muted">
              Completing writes the monthly actuals of {count(setup.statement.lines.length, "line")} of {category?.name ?? "the statement"} for {monthsText(setup.import?.firstMonth ?? null, setup.import?.lastMonth ?? null)} from
              the mapped bookings. They replace the values of those months, and the values the previous completion wrote are removed.
            </Text>
          )}
          {failure && failure.change === "complete" ? <Alert tone="danger" title="The setup was not completed">{failure.message}</Alert> : null}
          <Cluster>
            <Button variant="primary" busy={busy === "complete"} disabled={busy !== null && busy !== "complete"} onClick={complete}>
              {setup.status === "completed" ? "Complete again" : "Complete setup"}
            </Button>
            <Badge tone={setup.status === "completed" ? "good" : "neutral"}>{setup.status === "completed" ? "Setup completed" : "Setup not started"}</Badge>
          </Cluster>
        </Stack>
      </Card>
    </Stack>
  );
}
