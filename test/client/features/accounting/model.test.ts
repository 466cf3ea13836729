import { test } from "uvu";
import * as assert from "uvu/assert";
import type { AccountingSetup } from "../../../../src/contracts/accounting";
import type { DomainEvent } from "../../../../src/contracts/messages";
import {
  AccountingAccountsLoaded,
  AccountMappingSaved,
  AccountingBookingsLoaded,
  AccountingChangeFailed,
  AccountingChangeStarted,
  AccountingListLoadFailed,
  AccountingListLoadStarted,
  AccountingSetupChanged,
  AccountingSetupLoaded,
} from "../../../../src/contracts/messages/accounting";
import { SignedOut } from "../../../../src/contracts/messages/session";
import { accountingReducer, initialAccounting, type AccountingModel } from "../../../../src/client/features/accounting/model";

const fold = (events: DomainEvent[], model: AccountingModel = initialAccounting) =>
  events.reduce((state, event, index) => accountingReducer(state, event, { seq: index + 1, type: event._tag, version: 1, payload: event, occurredAt: "", origin: "local" }), model);

const setup = (importId: number | null, status: "not_started" | "completed" = "not_started"): AccountingSetup => ({
  status,
  completedAt: null,
  statement: { categoryId: 1, lines: [{ kpi: 2, side: "income" }] },
  categories: [],
  import: importId === null ? null : { id: importId, fileName: "books.zip", uploadedAt: "2026-11-01T10:00:00.000Z", uploadedBy: "Ada", firstMonth: "2026-01-01", lastMonth: "2026-03-01", accounts: 3, bookings: 7, debtors: 2, creditors: 1 },
  mapping: { needed: 2, missing: 2 },
  sampleAvailable: true,
});
const page = { count: 7, offset: 0, limit: 50, results: [] };

test("an upload is 'being checked' until the answer; a refusal keeps its missing files and rows, the next try clears it", () => {
  const checking = fold([AccountingSetupLoaded.make({ setup: setup(null) }), AccountingChangeStarted.make({ change: "upload", fileName: "books.zip" })]);
  assert.equal(checking.busy, { change: "upload", fileName: "books.zip" });
  const refused = fold([AccountingChangeFailed.make({ change: "upload", message: "Sorry…", fields: {}, rows: [], missing: ["debtors.csv"] })], checking);
  assert.equal([refused.busy, refused.failure?.missing], [null, ["debtors.csv"]]);
  const again = fold([AccountingChangeStarted.make({ change: "upload", fileName: "books.zip" })], refused);
  assert.is(again.failure, null);
  // A refusal of another change stays while an upload runs.
  const mappingRefused = fold([AccountingChangeFailed.make({ change: "mapping", message: "x", fields: { "accounts.4400": ["Please select a category"] }, rows: [], missing: [] }), AccountingChangeStarted.make({ change: "upload", fileName: null })], refused);
  assert.is(mappingRefused.failure?.change, "mapping");
});

test("a new import drops the old one's lists; a mapping change asks for the accounts again; a completion keeps what it wrote", () => {
  const loaded = fold([
    AccountingSetupLoaded.make({ setup: setup(5) }),
    AccountingBookingsLoaded.make({ importId: 5, account: "4400", month: null, page }),
    AccountingAccountsLoaded.make({ importId: 5, accounts: [] }),
  ]);
  assert.equal([loaded.bookings.importId, loaded.bookings.account, loaded.accounts.status], [5, "4400", "loaded"]);
  const mapped = fold([AccountingSetupChanged.make({ change: "mapping", setup: setup(5), written: null })], loaded);
  assert.equal([mapped.accounts.status, mapped.bookings.status], ["idle", "loaded"]);
  const completed = fold([AccountingSetupChanged.make({ change: "complete", setup: setup(5, "completed"), written: { values: 6, firstMonth: "2026-01-01", lastMonth: "2026-03-01" } })], mapped);
  assert.equal([completed.setup.data?.status, completed.written?.values], ["completed", 6]);
  const replaced = fold([AccountingSetupChanged.make({ change: "upload", setup: setup(6), written: null })], completed);
  assert.equal([replaced.bookings, replaced.accounts.status, replaced.written], [{ ...initialAccounting.bookings }, "idle", null]);
});

test("saved categories are the accounts' at once, before the list comes again (the form then has nothing unsaved)", () => {
  const account = (number: string, category?: number | null) => ({ number, name: number, type: "revenue" as const, bookings: 1, balance: 0, needsCategory: true, ...(category === undefined ? {} : { category }) });
  const loaded = fold([AccountingAccountsLoaded.make({ importId: 5, accounts: [account("4000"), account("4400", 2), account("8000")] })]);
  const saved = fold([AccountMappingSaved.make({ accounts: [{ account: "4000", category: 2 }, { account: "8000", category: null }] })], loaded);
  assert.equal(saved.accounts.data?.map((row) => [row.number, row.category]), [["4000", 2], ["4400", 2], ["8000", null]]);
});

test("each list loads and fails on its own; sign-out forgets everything", () => {
  const model = fold([AccountingListLoadStarted.make({ list: "creditor" }), AccountingListLoadFailed.make({ list: "creditor", message: "offline" })]);
  assert.equal([model.positions.creditor.status, model.positions.creditor.message, model.positions.debtor.status], ["error", "offline", "idle"]);
  assert.is(fold([SignedOut.make({ reason: "user" })], model), initialAccounting);
});

test.run();
