import { useEffect, useMemo } from "react";
import type { AccountingSetup, Booking } from "../../../../contracts/accounting";
import { monthDateOf, monthIndexOf, monthLabel, monthRange } from "../../../../domain/months";
import type { AppState } from "../../../app/state";
import { useDispatch, useModel } from "../../../bus/use-model";
import { Card } from "../../../ui/card";
import { FilterSelect } from "../../../ui/compact-controls";
import { DataTable } from "../../../ui/data-table";
import { Cluster, Stack } from "../../../ui/layout";
import { ErrorState, LoadingState } from "../../../ui/states";
import { amountText, dateText } from "./format";
import { Pager, PAGE_SIZE } from "./pager";

const ALL = "";

/** Step 3, the bookings of the current import by date, a page at a time, of one account or month if chosen. */
export function BookingsStep({ setup }: { setup: NonNullable<AccountingSetup> & { import: NonNullable<AccountingSetup["import"]> } }) {
  const dispatch = useDispatch();
  const list = useModel((state: AppState) => state.accounting.bookings);
  const accounts = useModel((state: AppState) => state.accounting.accounts);
  const importId = setup.import.id;
  const current = list.importId === importId ? list : null;
  const account = current?.account ?? null;
  const month = current?.month ?? null;
  const load = (offset: number, filters: { account: string | null; month: string | null } = { account, month }) =>
    dispatch({ _tag: "LoadAccountingBookings", importId, offset, limit: PAGE_SIZE, account: filters.account, month: filters.month });

  useEffect(() => {
    if (list.importId !== importId && list.status !== "loading") load(0, { account: null, month: null });
    if (accounts.importId !== importId && accounts.status !== "loading") dispatch({ _tag: "LoadAccountingAccounts", importId });
    // Only when the import changes: a page or a filter is loaded by the person's choice.
  }, [importId]);

  const names = useMemo(() => new Map((accounts.data ?? []).map((row) => [row.number, row.name] as const)), [accounts.data]);
  const months = setup.import.firstMonth && setup.import.lastMonth ? monthRange(monthIndexOf(setup.import.firstMonth), monthIndexOf(setup.import.lastMonth)) : [];
  const accountLabel = (number: string) => (names.has(number) ? `${number} ${names.get(number)}` : number);

  return (
    <Card title="Bookings">
      <Stack>
        <Cluster $gap="md">
          <FilterSelect<string>
            label="Account"
            value={account ?? ALL}
            options={[{ value: ALL, label: "All accounts" }, ...(accounts.data ?? []).filter((row) => row.bookings > 0).map((row) => ({ value: row.number, label: accountLabel(row.number) }))]}
            onChange={(value) => load(0, { account: value || null, month })}
          />
          <FilterSelect<string>
            label="Month"
            value={month ?? ALL}
            options={[{ value: ALL, label: "All months" }, ...months.map((index) => ({ value: monthDateOf(index).slice(0, 7), label: monthLabel(index) }))]}
            onChange={(value) => load(0, { account, month: value || null })}
          />
        </Cluster>
        {list.status === "error" ? (
          <ErrorState message={list.message ?? "The bookings could not be loaded."} onRetry={() => load(current?.data?.offset ?? 0)} />
        ) : !current?.data ? (
          <LoadingState label="Loading bookings…" variant="skeleton" />
        ) : (
          <Stack $gap="sm" aria-busy={list.status === "loading"}>
            <Pager label="bookings" page={current.data} busy={list.status === "loading"} onPage={load} />
            <DataTable<Booking>
              label="Bookings"
              maxHeight="none"
              rows={current.data.results}
              rowKey={(booking) => booking.line}
              empty="No bookings match the filter."
              columns={[
                { key: "date", header: "Date", cell: (booking) => dateText(booking.date) },
                { key: "debit", header: "Debit", cell: (booking) => accountLabel(booking.debitAccount) },
                { key: "credit", header: "Credit", cell: (booking) => accountLabel(booking.creditAccount) },
                { key: "amount", header: "Amount", numeric: true, cell: (booking) => amountText(booking.amount) },
                { key: "document", header: "Document", cell: (booking) => booking.documentNumber || "–" },
                { key: "text", header: "Text", cell: (booking) => booking.text || "–" },
              ]}
            />
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
