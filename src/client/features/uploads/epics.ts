import { Effect } from "effect";
import { concat, exhaustMap, filter, map, of, switchMap } from "rxjs";
import type { DomainEvent } from "../../../contracts/messages";
import {
  UploadCancelFailed,
  UploadCancelled,
  UploadChecked,
  UploadCheckFailed,
  UploadCheckStarted,
  UploadHistoryLoaded,
  UploadHistoryLoadFailed,
  UploadHistoryLoadStarted,
  UploadImported,
  UploadImportFailed,
  UploadImportStarted,
  UploadOpened,
  UploadOpenFailed,
  UploadResultClosed,
  UploadTemplateDownloaded,
  UploadTemplateDownloadFailed,
} from "../../../contracts/messages/uploads";
import { UploadCheck, UploadHistory, type ColumnMapping } from "../../../contracts/uploads";
import type { EpicDeps } from "../../app/deps";
import type { AppState } from "../../app/state";
import type { Emitted, Epic } from "../../bus/bus";
import { causedBy, ofCommand, ofEvent } from "../../bus/operators";
import { describeApiError, type ApiError } from "../../effect/errors";
import { fromEffect, outcome$ } from "../../effect/observable";

type UploadsEpic = Epic<AppState, EpicDeps>;

/** A check or import reads and writes a whole file: more time than a plain request. */
const FILE_TIMEOUT_MS = 120_000;

/** The upload error's words: the file's own message (spec section 8: "from response.data.error"), else the usual description. */
export function uploadErrorText(error: ApiError): string {
  const body = ("body" in error ? error.body : null) as { file?: unknown; detail?: unknown } | null;
  const first = (value: unknown) => (Array.isArray(value) && typeof value[0] === "string" ? value[0] : typeof value === "string" ? value : null);
  return first(body?.file) ?? first(body?.detail) ?? describeApiError(error);
}

export const downloadTemplate: UploadsEpic = ({ command$ }, deps) =>
  command$.pipe(
    ofCommand("DownloadUploadTemplate"),
    exhaustMap(({ command, commandId }) =>
      fromEffect(
        deps.api.request<Blob>({ root: "main", method: "GET", path: "/uploads/template/", query: { type: command.uploadType, format: command.format }, expect: "blob" }).pipe(
          Effect.match({
            onSuccess: (file): DomainEvent => {
              deps.saveFile(file, `meridian-${command.uploadType}-template.${command.format}`);
              return UploadTemplateDownloaded.make({ uploadType: command.uploadType, format: command.format });
            },
            onFailure: (error): DomainEvent => UploadTemplateDownloadFailed.make({ message: uploadErrorText(error) }),
          }),
        ),
      ).pipe(causedBy(commandId)),
    ),
  );

/** A newer file supersedes a check still running (switchMap): the person sees the file they chose last. */
export const checkUpload: UploadsEpic = ({ command$ }, deps) =>
  command$.pipe(
    ofCommand("CheckUpload"),
    switchMap(({ command, commandId }) => {
      const form = new FormData();
      form.append("file", command.file, command.fileName);
      return concat(
        of<DomainEvent>(UploadCheckStarted.make({ uploadType: command.uploadType, fileName: command.fileName })),
        outcome$(
          deps.api.request({ root: "main", method: "POST", path: "/uploads/check/", query: { type: command.uploadType, ...mappingQuery(command.mapping) }, body: form, decode: UploadCheck, timeoutMs: FILE_TIMEOUT_MS }),
          (check): DomainEvent => UploadChecked.make({ check }),
          (error): DomainEvent => UploadCheckFailed.make({ fileName: command.fileName, message: uploadErrorText(error) }),
        ),
      ).pipe(causedBy(commandId));
    }),
  );

function mappingQuery(mapping: ColumnMapping | null): Record<string, string> {
  if (!mapping) return {};
  const query: Record<string, string> = {};
  if (mapping.id) query["idColumn"] = mapping.id;
  if (mapping.name) query["nameColumn"] = mapping.name;
  if (mapping.date) query["dateColumn"] = mapping.date;
  if (mapping.value) query["valueColumn"] = mapping.value;
  return query;
}

/** An import must not run twice (exhaustMap); the server refuses a second one anyway. */
export const importUpload: UploadsEpic = ({ command$ }, deps) =>
  command$.pipe(
    ofCommand("ImportUpload"),
    exhaustMap(({ command, commandId }) =>
      concat(
        of<DomainEvent>(UploadImportStarted.make({ uploadId: command.uploadId, rows: command.rows })),
        outcome$(
          deps.api.request({ root: "main", method: "POST", path: `/uploads/${command.uploadId}/import/`, body: { rows: command.rows }, decode: UploadCheck, timeoutMs: FILE_TIMEOUT_MS }),
          (check): DomainEvent => UploadImported.make({ check }),
          (error): DomainEvent => UploadImportFailed.make({ uploadId: command.uploadId, message: uploadErrorText(error) }),
        ),
      ).pipe(causedBy(commandId)),
    ),
  );

export const cancelUpload: UploadsEpic = ({ command$ }, deps) =>
  command$.pipe(
    ofCommand("CancelUpload"),
    exhaustMap(({ command, commandId }) =>
      outcome$(
        deps.api.request({ root: "main", method: "DELETE", path: `/uploads/${command.uploadId}/` }),
        (): DomainEvent => UploadCancelled.make({ uploadId: command.uploadId }),
        (error): DomainEvent => UploadCancelFailed.make({ uploadId: command.uploadId, message: uploadErrorText(error) }),
      ).pipe(causedBy(commandId)),
    ),
  );

export const openUpload: UploadsEpic = ({ command$ }, deps) =>
  command$.pipe(
    ofCommand("OpenUpload"),
    switchMap(({ command, commandId }) =>
      outcome$(
        deps.api.request({ root: "main", method: "GET", path: `/uploads/${command.uploadId}/`, decode: UploadCheck }),
        (check): DomainEvent => UploadOpened.make({ check }),
        (error): DomainEvent => UploadOpenFailed.make({ uploadId: command.uploadId, message: uploadErrorText(error) }),
      ).pipe(causedBy(commandId)),
    ),
  );

export const closeResult: UploadsEpic = ({ command$ }) =>
  command$.pipe(
    ofCommand("CloseUploadResult"),
    map(({ commandId }): Emitted => ({ event: UploadResultClosed.make({}), commandId })),
  );

export const loadHistory: UploadsEpic = ({ command$ }, deps) =>
  command$.pipe(
    ofCommand("LoadUploadHistory"),
    switchMap(({ command, commandId }) => concat(of<DomainEvent>(UploadHistoryLoadStarted.make({ year: command.year, offset: command.offset })), historyRequest(deps, command.year, command.offset)).pipe(causedBy(commandId))),
  );

/** A check, an import or a cancellation changes the history: its page loads again (as the person left it). */
export const historyFollowsChanges: UploadsEpic = ({ event$, state$ }, deps) =>
  event$.pipe(
    ofEvent("UploadChecked", "UploadImported", "UploadCancelled"),
    filter((envelope) => envelope.origin === "local"),
    switchMap(() => historyRequest(deps, state$.value.uploads.history.year, state$.value.uploads.history.offset).pipe(map((event): Emitted => ({ event })))),
  );

function historyRequest(deps: EpicDeps, year: number | null, offset: number) {
  return outcome$(
    deps.api.request({ root: "main", method: "GET", path: "/uploads/", query: { year: year === null ? undefined : String(year), offset: String(offset) }, decode: UploadHistory }),
    (history): DomainEvent => UploadHistoryLoaded.make({ history }),
    (error): DomainEvent => UploadHistoryLoadFailed.make({ message: describeApiError(error) }),
  );
}

export const uploadsEpics = { downloadTemplate, checkUpload, importUpload, cancelUpload, openUpload, closeResult, loadHistory, historyFollowsChanges };
