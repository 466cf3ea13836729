import { useEffect, useState } from "react";
import type { AccountingSetup, OpenPosition, OpenPositionKind } from "../../../../contracts/accounting";
import type { AppState } from "../../../app/state";
import { useDispatch, useModel } from "../../../bus/use-model";
import { Card } from "../../../ui/card";
import { SegmentedControl } from "../../../ui/compact-controls";
import { DataTable } from "../../../ui/data-table";
import { Stack } from "../../../ui/layout";
import { ErrorState, LoadingState } from "../../../ui/states";
import { Text } from "../../../ui/text";
import { amountText, count, dateText } from "./format";
import { Pager, PAGE_SIZE } from "./pager";

const KINDS: readonly { value: OpenPositionKind; label: string }[] = [
  { value: "debtor", label: "Debtors" },
  { value: "creditor", label: "Creditors" },
];

/** Step 4, the open positions of debtors (customers who owe) and creditors (suppliers owed) at the archive's end. */
export function OpenPositionsStep({ setup }: { setup: AccountingSetup & { import: NonNullable<AccountingSetup["import"]> } }) {
  const dispatch = useDispatch();
  const [kind, setKind] = useState<OpenPositionKind>("debtor");
  const list = useModel((state: AppState) => state.accounting.positions[kind]);
  const importId = setup.import.id;
  const load = (offset: number) => dispatch({ _tag: "LoadOpenPositions", importId, kind, offset, limit: PAGE_SIZE });

  useEffect(() => {
    if (list.importId !== importId && list.status !== "loading") load(0);
    // When the side or the import changes; pages are the person's choice.
  }, [importId, kind]);

  const page = list.importId === importId ? list.data : null;
  const party = kind === "debtor" ? "Debtor" : "Creditor";
  return (
    <Card title="Open positions">
      <Stack>
        <SegmentedControl label="Open positions of" options={KINDS} value={kind} onChange={setKind} />
        {list.status === "error" ? (
          <ErrorState message={list.message ?? "The open positions could not be loaded."} onRetry={() => load(page?.offset ?? 0)} />
        ) : !page ? (
          <LoadingState label="Loading open positions…" variant="skeleton" />
        ) : (
          <Stack $gap="sm" aria-busy={list.status === "loading"}>
            <Text>
              {`${count(page.count, "open position")} of ${kind === "debtor" ? "debtors" : "creditors"}, ${amountText(page.total)} in total.`}
            </Text>
            <Pager label="open positions" page={page} busy={list.status === "loading"} onPage={load} />
            <DataTable<OpenPosition>
              label={`Open positions of ${kind === "debtor" ? "debtors" : "creditors"}`}
              maxHeight="none"
              rows={page.results}
              rowKey={(position) => position.line}
              empty={`No open positions of ${kind === "debtor" ? "debtors" : "creditors"}.`}
              columns={[
                { key: "number", header: `${party} no.`, cell: (position) => position.number },
                { key: "name", header: party, rowHeader: true, cell: (position) => position.name },
                { key: "document", header: "Document", cell: (position) => position.documentNumber },
                { key: "date", header: "Document date", cell: (position) => dateText(position.documentDate) },
                { key: "due", header: "Due", cell: (position) => (position.dueDate ? dateText(position.dueDate) : "–") },
                { key: "amount", header: "Open amount", numeric: true, cell: (position) => amountText(position.amount) },
              ]}
            />
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
