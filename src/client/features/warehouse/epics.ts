import { Effect } from "effect";
import { concat, concatMap, exhaustMap, filter, groupBy, map, mergeMap, of, switchMap } from "rxjs";
import type { DomainEvent } from "../../../contracts/messages";
import { ToastShown } from "../../../contracts/messages/notifications";
import {
  RawDataUploaded,
  RawDataUploadFailed,
  RawDataUploadStarted,
  WarehouseDataChangedElsewhere,
  WarehouseSnapshotActionStarted,
  WarehouseSnapshotDeleted,
  WarehouseSnapshotFailed,
  WarehouseSnapshotTaken,
  WarehouseViewLoaded,
  WarehouseViewLoadFailed,
  WarehouseViewLoadStarted,
} from "../../../contracts/messages/warehouse";
import { SnapshotSummary, UploadAnswer } from "../../../contracts/warehouse";
import type { EpicDeps } from "../../app/deps";
import type { AppState } from "../../app/state";
import type { Emitted, Epic } from "../../bus/bus";
import { causedBy, ofCommand, ofEvent } from "../../bus/operators";
import { describeApiError, fieldMessagesOf, type ApiError } from "../../effect/errors";
import { fromEffect, outcome$ } from "../../effect/observable";
import { requestParams, warehouseApiRequest } from "./requests";

type WarehouseEpic = Epic<AppState, EpicDeps>;

/** Server event types that change what warehouse views show. */
const WAREHOUSE_CHANGES = new Set(["WarehouseDataUploaded", "WarehouseSnapshotTaken", "WarehouseSnapshotDeleted"]);

/** View loads: per slot a newer request supersedes the running one (switchMap in a group). */
export const loadViews: WarehouseEpic = ({ command$ }, deps) =>
  command$.pipe(
    ofCommand("LoadWarehouseView"),
    groupBy(({ command }) => command.key),
    mergeMap((slot$) =>
      slot$.pipe(
        switchMap(({ command, commandId }) => {
          const params = requestParams(command.request);
          return concat(
            of<DomainEvent>(WarehouseViewLoadStarted.make({ key: command.key, params })),
            outcome$(
              deps.api.request(warehouseApiRequest(command.request)),
              (data): DomainEvent => WarehouseViewLoaded.make({ key: command.key, params, data: data as never }),
              (error): DomainEvent => WarehouseViewLoadFailed.make({ key: command.key, params, message: describeApiError(error) }),
            ),
          ).pipe(causedBy(commandId));
        }),
      ),
    ),
  );

/** One upload at a time (exhaustMap): all of the file or nothing; a refusal lists every problem. */
export const uploadRawData: WarehouseEpic = ({ command$ }, deps) =>
  command$.pipe(
    ofCommand("UploadRawData"),
    exhaustMap(({ command, commandId }) => {
      const form = new FormData();
      form.append("file", command.file, command.fileName);
      return concat(
        of<DomainEvent>(RawDataUploadStarted.make({ kind: command.kind, fileName: command.fileName })),
        outcome$(
          deps.api.request({ root: "warehouse", method: "POST", path: `/raw-data/${command.kind}/`, body: form, decode: UploadAnswer, timeoutMs: 120_000 }),
          (answer): DomainEvent => RawDataUploaded.make({ kind: command.kind, rows: answer.rows, issues: answer.issues, message: answer.detail }),
          (error): DomainEvent => RawDataUploadFailed.make({ kind: command.kind, ...uploadFailure(error) }),
        ),
      ).pipe(causedBy(commandId));
    }),
  );

/** The refusal's reason and its problems, one per line: the server's `rows`, or its file and field messages. */
function uploadFailure(error: ApiError): { message: string; problems: string[] } {
  const body = ("body" in error ? error.body : null) as { detail?: unknown; rows?: unknown; file?: unknown } | null;
  const lines = (value: unknown) => (Array.isArray(value) ? value.filter((line): line is string => typeof line === "string") : []);
  if (typeof body?.detail === "string" && lines(body.rows).length > 0) return { message: body.detail, problems: lines(body.rows) };
  const file = lines(body?.file);
  if (file.length > 0) return { message: "Nothing was imported.", problems: file };
  return { message: describeApiError(error), problems: [] };
}

/** Taking and deleting snapshots keep their order; each outcome also says itself in a toast. */
export const changeSnapshots: WarehouseEpic = ({ command$ }, deps) =>
  command$.pipe(
    ofCommand("TakeWarehouseSnapshot", "DeleteWarehouseSnapshot"),
    concatMap(({ command, commandId }) => {
      const action = command._tag === "TakeWarehouseSnapshot" ? "take" : "delete";
      const toast = (tone: "success" | "error", text: string): DomainEvent => ToastShown.make({ id: deps.ids(), tone, text, action: null });
      const failed = (error: ApiError): DomainEvent[] => {
        const fields = fieldMessagesOf(error);
        const message = describeApiError(error);
        // A form error shows under its field; a failed deletion needs the toast to be seen at all.
        return action === "take" ? [WarehouseSnapshotFailed.make({ action, message, fields })] : [WarehouseSnapshotFailed.make({ action, message, fields }), toast("error", `The snapshot “${command.name}” was not deleted: ${message}`)];
      };
      const call =
        command._tag === "TakeWarehouseSnapshot"
          ? deps.api.request({ root: "warehouse", method: "POST", path: "/snapshots/", body: { name: command.name, ...(command.date ? { date: command.date } : {}) }, decode: SnapshotSummary }).pipe(
              Effect.match({
                onSuccess: (snapshot): DomainEvent[] => [WarehouseSnapshotTaken.make({ snapshot }), toast("success", `Kept the pipeline of ${snapshot.asOf} as “${snapshot.name}”: ${snapshot.count} open deals.`)],
                onFailure: failed,
              }),
            )
          : deps.api.request({ root: "warehouse", method: "DELETE", path: `/snapshots/${command.snapshotId}/` }).pipe(
              Effect.match({
                onSuccess: (): DomainEvent[] => [WarehouseSnapshotDeleted.make({ snapshotId: command.snapshotId }), toast("success", `Deleted the snapshot “${command.name}”.`)],
                onFailure: failed,
              }),
            );
      return concat(of<DomainEvent>(WarehouseSnapshotActionStarted.make({ action })), fromEffect(call).pipe(mergeMap((events) => events))).pipe(causedBy(commandId));
    }),
  );

/** Someone else's upload or snapshot: open warehouse views load again, without a reload of the page. */
export const changedElsewhere: WarehouseEpic = ({ event$ }) =>
  event$.pipe(
    ofEvent("ServerEventReceived"),
    filter((envelope) => WAREHOUSE_CHANGES.has(envelope.payload.type)),
    map((envelope): Emitted => ({ event: WarehouseDataChangedElsewhere.make({ type: envelope.payload.type }), origin: "remote" })),
  );

export const warehouseEpics = { loadViews, uploadRawData, changeSnapshots, changedElsewhere };

