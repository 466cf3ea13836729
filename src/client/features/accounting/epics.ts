import { Effect } from "effect";
import { concat, concatMap, exhaustMap, groupBy, mergeMap, of, switchMap } from "rxjs";
import { AccountingSetup, AccountsList, BookingsPage, CompletedSetup, OpenPositionsPage } from "../../../contracts/accounting";
import type { DomainEvent } from "../../../contracts/messages";
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
  AccountingSetupLoadFailed,
  AccountingSetupLoadStarted,
  OpenPositionsLoaded,
  type AccountingChange,
} from "../../../contracts/messages/accounting";
import { ToastShown } from "../../../contracts/messages/notifications";
import { ACCOUNTING_INTEGRATION, SAMPLE_ARCHIVE_NAME } from "../../../domain/integrations/accounting";
import { monthIndexOf, monthRangeLabel } from "../../../domain/months";
import type { EpicDeps } from "../../app/deps";
import type { AppState } from "../../app/state";
import type { Epic } from "../../bus/bus";
import { causedBy, ofCommand } from "../../bus/operators";
import { describeApiError, fieldMessagesOf, type ApiError } from "../../effect/errors";
import type { ApiRequest } from "../../effect/http-client";
import { fromEffect } from "../../effect/observable";
import { PERMISSION_DENIED_TEXT } from "../../ui/states";
import { selectCanManageIntegrations } from "./permissions";

type AccountingEpic = Epic<AppState, EpicDeps>;

const BASE = `/integration/${ACCOUNTING_INTEGRATION.name}`;
/** An archive of a year of bookings takes a while to check and store. */
const UPLOAD_TIMEOUT_MS = 180_000;

/** The wizard's state; a newer load supersedes a running one. Someone without the permission asks nothing. */
export const loadSetup: AccountingEpic = ({ command$, state$ }, deps) =>
  command$.pipe(
    ofCommand("LoadAccountingSetup"),
    switchMap(({ commandId }) =>
      (selectCanManageIntegrations(state$.value)
        ? concat(
            of(AccountingSetupLoadStarted.make({})),
            fromEffect(
              deps.api.request({ root: "main", method: "GET", path: `${BASE}/setup/`, decode: AccountingSetup }).pipe(
                Effect.match({
                  onSuccess: (setup): DomainEvent => AccountingSetupLoaded.make({ setup }),
                  onFailure: (error): DomainEvent => AccountingSetupLoadFailed.make({ message: describeApiError(error) }),
                }),
              ),
            ),
          )
        : of(AccountingSetupLoadFailed.make({ message: PERMISSION_DENIED_TEXT }))
      ).pipe(causedBy(commandId)),
    ),
  );

/**
 * Changes go one at a time and in order (concatMap): each starts with AccountingChangeStarted
 * (the view says "being checked" / "being deleted"), ends with the setup as the server now has
 * it or with the refusal, and a toast says the outcome.
 */
export const changeSetup: AccountingEpic = ({ command$ }, deps) =>
  command$.pipe(
    ofCommand("SaveAccountingStatement", "UploadAccountingArchive", "UseSampleArchive", "DeleteAccountingImport", "SaveAccountMapping", "CompleteAccountingSetup"),
    concatMap(({ command, commandId }) => {
      const toast = (tone: "success" | "error", text: string): DomainEvent => ToastShown.make({ id: deps.ids(), tone, text, action: null });
      const run = <A>(change: AccountingChange, fileName: string | null, request: ApiRequest<A>, onSuccess: (answer: A) => DomainEvent[]) =>
        concat(
          of(AccountingChangeStarted.make({ change, fileName })),
          fromEffect(
            deps.api.request(request).pipe(
              Effect.match({
                onSuccess,
                onFailure: (error): DomainEvent[] => [failure(change, error), ...(change === "mapping" || change === "upload" ? [] : [toast("error", describeApiError(error))])],
              }),
            ),
          ).pipe(mergeMap((events) => events)),
        ).pipe(causedBy(commandId));
      const changed = (change: AccountingChange, text: (setup: AccountingSetup) => string) => (setup: AccountingSetup): DomainEvent[] => [
        AccountingSetupChanged.make({ change, setup, written: null }),
        toast("success", text(setup)),
      ];
      switch (command._tag) {
        case "SaveAccountingStatement":
          return run("statement", null, { root: "main", method: "PUT", path: `${BASE}/statement/`, body: { categoryId: command.categoryId, lines: command.lines }, decode: AccountingSetup }, changed("statement", () => "Financial statement saved"));
        case "UploadAccountingArchive": {
          const form = new FormData();
          form.append("file", command.file, command.fileName);
          return run("upload", command.fileName, { root: "main", method: "POST", path: `${BASE}/imports/`, body: form, decode: AccountingSetup, timeoutMs: UPLOAD_TIMEOUT_MS }, changed("upload", uploadedText));
        }
        case "UseSampleArchive":
          return run("upload", SAMPLE_ARCHIVE_NAME, { root: "main", method: "POST", path: `${BASE}/sample/`, decode: AccountingSetup, timeoutMs: UPLOAD_TIMEOUT_MS }, changed("upload", uploadedText));
        case "DeleteAccountingImport":
          return run("delete", null, { root: "main", method: "DELETE", path: `${BASE}/imports/${command.importId}/`, decode: AccountingSetup }, changed("delete", () => "The import and its data were deleted"));
        case "SaveAccountMapping":
          return run("mapping", null, { root: "main", method: "PUT", path: `${BASE}/mapping/`, body: { accounts: command.accounts }, decode: AccountingSetup }, (setup) => [
            // First, so the form's choices are saved ones at once (its unsaved-changes guard stands down).
            AccountMappingSaved.make({ accounts: command.accounts }),
            ...changed("mapping", () => "Categories saved")(setup),
          ]);
        case "CompleteAccountingSetup":
          return run("complete", null, { root: "main", method: "POST", path: `${BASE}/complete/`, decode: CompletedSetup, idempotent: false }, (answer) => [
            AccountingSetupChanged.make({ change: "complete", setup: answer.setup, written: answer.written }),
            toast("success", completedText(answer.written)),
          ]);
      }
    }),
  );

const uploadedText = (setup: AccountingSetup) => {
  const counts = setup.import ? `${setup.import.bookings.toLocaleString("en")} bookings imported` : "Archive imported";
  return setup.status === "completed" ? `${counts}; the P&L was updated` : counts;
};

const completedText = (written: { values: number; firstMonth: string | null; lastMonth: string | null }) =>
  written.firstMonth && written.lastMonth
    ? `Setup completed: ${written.values} values written for ${monthRangeLabel(monthIndexOf(written.firstMonth), monthIndexOf(written.lastMonth))}`
    : "Setup completed";

/** A refusal with everything the view shows of it: fields, an archive's rows and missing files. */
function failure(change: AccountingChange, error: ApiError): DomainEvent {
  const fields = fieldMessagesOf(error);
  const { rows = [], missing = [], detail = [], file = [] } = fields;
  const message = detail[0] ?? file[0] ?? describeApiError(error);
  const rest = Object.fromEntries(Object.entries(fields).filter(([field]) => !["rows", "missing", "detail", "file"].includes(field)));
  return AccountingChangeFailed.make({ change, message, fields: rest, rows, missing });
}

/** The sample archive to the browser's downloads. */
export const downloadSample: AccountingEpic = ({ command$ }, deps) =>
  command$.pipe(
    ofCommand("DownloadSampleArchive"),
    exhaustMap(({ commandId }) =>
      fromEffect(
        deps.api.request<Blob>({ root: "main", method: "GET", path: `${BASE}/sample/`, expect: "blob" }).pipe(
          Effect.match({
            onSuccess: (file): DomainEvent[] => {
              deps.saveFile(file, SAMPLE_ARCHIVE_NAME);
              return [];
            },
            onFailure: (error): DomainEvent[] => [ToastShown.make({ id: deps.ids(), tone: "error", text: describeApiError(error), action: null })],
          }),
        ),
      ).pipe(
        mergeMap((events) => events),
        causedBy(commandId),
      ),
    ),
  );

/** The import's lists, each superseding its own running load (a new page or filter), independent of the others. */
export const loadLists: AccountingEpic = ({ command$ }, deps) =>
  command$.pipe(
    ofCommand("LoadAccountingBookings", "LoadOpenPositions", "LoadAccountingAccounts"),
    groupBy(({ command }) => (command._tag === "LoadOpenPositions" ? command.kind : command._tag)),
    mergeMap((group$) =>
      group$.pipe(
        switchMap(({ command, commandId }) => {
          const list = command._tag === "LoadAccountingBookings" ? "bookings" : command._tag === "LoadOpenPositions" ? command.kind : "accounts";
          const failed = (error: ApiError): DomainEvent => AccountingListLoadFailed.make({ list, message: describeApiError(error) });
          const path = `${BASE}/imports/${command.importId}`;
          const request = (() => {
            switch (command._tag) {
              case "LoadAccountingBookings":
                return deps.api
                  .request({ root: "main", method: "GET", path: `${path}/bookings/`, query: { offset: command.offset, limit: command.limit, account: command.account ?? undefined, month: command.month ?? undefined }, decode: BookingsPage })
                  .pipe(Effect.match({ onSuccess: (page): DomainEvent => AccountingBookingsLoaded.make({ importId: command.importId, account: command.account, month: command.month, page }), onFailure: failed }));
              case "LoadOpenPositions":
                return deps.api
                  .request({ root: "main", method: "GET", path: `${path}/open-positions/`, query: { kind: command.kind, offset: command.offset, limit: command.limit }, decode: OpenPositionsPage })
                  .pipe(Effect.match({ onSuccess: (page): DomainEvent => OpenPositionsLoaded.make({ importId: command.importId, page }), onFailure: failed }));
              case "LoadAccountingAccounts":
                return deps.api
                  .request({ root: "main", method: "GET", path: `${path}/accounts/`, decode: AccountsList })
                  .pipe(Effect.match({ onSuccess: (answer): DomainEvent => AccountingAccountsLoaded.make({ importId: command.importId, accounts: answer.results }), onFailure: failed }));
            }
          })();
          return concat(of(AccountingListLoadStarted.make({ list })), fromEffect(request)).pipe(causedBy(commandId));
        }),
      ),
    ),
  );

export const accountingEpics = { loadSetup, changeSetup, downloadSample, loadLists };
