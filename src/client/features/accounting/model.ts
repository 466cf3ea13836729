import { castDraft, produce } from "immer";
import type { AccountingSetup, AccountRow, BookingsPage, OpenPositionKind, OpenPositionsPage } from "../../../contracts/accounting";
import type { AccountingChange, AccountingList } from "../../../contracts/messages/accounting";
import type { Reducer } from "../../bus/store";

type LoadStatus = "idle" | "loading" | "loaded" | "error";

/** A list of the current import, with the import and filters it was loaded for. */
export interface ListState<T> {
  readonly status: LoadStatus;
  readonly message: string | null;
  readonly importId: number | null;
  readonly data: T | null;
}

export interface ChangeFailure {
  readonly change: AccountingChange;
  readonly message: string;
  readonly fields: Readonly<Record<string, readonly string[]>>;
  readonly rows: readonly string[];
  readonly missing: readonly string[];
}

/** The accounting import wizard: the setup, what is being changed right now, and the import's lists. */
export interface AccountingModel {
  readonly setup: { readonly status: LoadStatus; readonly message: string | null; readonly data: AccountingSetup | null };
  /** The change on its way (the upload "being checked", the import "being deleted"), with the file's name for an upload. */
  readonly busy: { readonly change: AccountingChange; readonly fileName: string | null } | null;
  /** The last refused change; a later start or success of the same kind clears it. */
  readonly failure: ChangeFailure | null;
  /** What the last completion wrote. */
  readonly written: { readonly values: number; readonly firstMonth: string | null; readonly lastMonth: string | null } | null;
  readonly bookings: ListState<BookingsPage> & { readonly account: string | null; readonly month: string | null };
  readonly positions: Readonly<Record<OpenPositionKind, ListState<OpenPositionsPage>>>;
  readonly accounts: ListState<readonly AccountRow[]>;
}

const emptyList = { status: "idle", message: null, importId: null, data: null } as const;

export const initialAccounting: AccountingModel = {
  setup: { status: "idle", message: null, data: null },
  busy: null,
  failure: null,
  written: null,
  bookings: { ...emptyList, account: null, month: null },
  positions: { debtor: emptyList, creditor: emptyList },
  accounts: emptyList,
};

const listOf = (model: AccountingModel, list: AccountingList) => (list === "bookings" ? model.bookings : list === "accounts" ? model.accounts : model.positions[list]);

export const accountingReducer: Reducer<AccountingModel> = (model, event) => {
  switch (event._tag) {
    case "AccountingSetupLoadStarted":
      return produce(model, (draft) => {
        draft.setup.status = "loading";
        draft.setup.message = null;
      });
    case "AccountingSetupLoaded":
      return produce(model, (draft) => {
        draft.setup = castDraft({ status: "loaded", message: null, data: event.setup });
      });
    case "AccountingSetupLoadFailed":
      return produce(model, (draft) => {
        draft.setup.status = "error";
        draft.setup.message = event.message;
      });
    case "AccountingChangeStarted":
      return produce(model, (draft) => {
        draft.busy = { change: event.change, fileName: event.fileName };
        if (draft.failure?.change === event.change) draft.failure = null;
      });
    case "AccountingSetupChanged":
      return produce(model, (draft) => {
        draft.setup = castDraft({ status: "loaded", message: null, data: event.setup });
        draft.busy = null;
        if (draft.failure?.change === event.change) draft.failure = null;
        if (event.written) draft.written = event.written;
        // A new or deleted import: the lists of the old one no longer apply.
        if (event.setup.import?.id !== model.setup.data?.import?.id) {
          draft.bookings = { ...emptyList, account: null, month: null };
          draft.positions = { debtor: emptyList, creditor: emptyList };
          draft.accounts = emptyList;
          draft.written = event.written;
        } else if (event.change === "mapping" || event.change === "statement") {
          // The categories changed: the accounts list is loaded again by the view.
          draft.accounts.status = "idle";
        }
      });
    case "AccountingChangeFailed":
      return produce(model, (draft) => {
        draft.busy = null;
        draft.failure = castDraft({ change: event.change, message: event.message, fields: event.fields, rows: event.rows, missing: event.missing });
      });
    case "AccountingListLoadStarted":
      return produce(model, (draft) => {
        const list = listOf(draft as AccountingModel, event.list) as { status: LoadStatus; message: string | null };
        list.status = "loading";
        list.message = null;
      });
    case "AccountingBookingsLoaded":
      return produce(model, (draft) => {
        draft.bookings = castDraft({ status: "loaded", message: null, importId: event.importId, data: event.page, account: event.account, month: event.month });
      });
    case "OpenPositionsLoaded":
      return produce(model, (draft) => {
        draft.positions[event.page.kind] = castDraft({ status: "loaded", message: null, importId: event.importId, data: event.page });
      });
    case "AccountingAccountsLoaded":
      return produce(model, (draft) => {
        draft.accounts = castDraft({ status: "loaded", message: null, importId: event.importId, data: event.accounts });
      });
    case "AccountMappingSaved":
      return produce(model, (draft) => {
        const chosen = new Map(event.accounts.map((row) => [row.account, row.category]));
        for (const account of draft.accounts.data ?? []) if (chosen.has(account.number)) account.category = chosen.get(account.number);
      });
    case "AccountingListLoadFailed":
      return produce(model, (draft) => {
        const list = listOf(draft as AccountingModel, event.list) as { status: LoadStatus; message: string | null };
        list.status = "error";
        list.message = event.message;
      });
    case "SignedOut":
      return initialAccounting;
    default:
      return model;
  }
};
