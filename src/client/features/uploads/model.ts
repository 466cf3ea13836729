import { castDraft, produce } from "immer";
import type { UploadCheck, UploadHistory, UploadType } from "../../../contracts/uploads";
import type { Reducer } from "../../bus/store";

/**
 * The uploads screen's read model: the upload being looked at (checked, imported or failing) and
 * the person's upload history page.
 */
export interface UploadsModel {
  readonly current: {
    /** checking: the file is being read; importing: the confirm runs. */
    readonly status: "idle" | "checking" | "checked" | "importing" | "error";
    readonly uploadType: UploadType | null;
    readonly fileName: string | null;
    readonly check: UploadCheck | null;
    /** Why the check, the import or the cancellation failed (the check stays as it was). */
    readonly message: string | null;
  };
  readonly history: {
    readonly status: "idle" | "loading" | "loaded" | "error";
    readonly year: number | null;
    readonly offset: number;
    readonly data: UploadHistory | null;
    readonly message: string | null;
  };
  readonly templateError: string | null;
}

export const initialUploads: UploadsModel = {
  current: { status: "idle", uploadType: null, fileName: null, check: null, message: null },
  history: { status: "idle", year: null, offset: 0, data: null, message: null },
  templateError: null,
};

export const uploadsReducer: Reducer<UploadsModel> = (model, event) => {
  switch (event._tag) {
    case "UploadCheckStarted":
      return produce(model, (draft) => {
        draft.current = { status: "checking", uploadType: event.uploadType, fileName: event.fileName, check: null, message: null };
      });
    case "UploadChecked":
    case "UploadOpened":
    case "UploadImported":
      return produce(model, (draft) => {
        draft.current = castDraft({ status: "checked" as const, uploadType: event.check.type, fileName: event.check.fileName, check: event.check, message: null });
      });
    case "UploadCheckFailed":
      return produce(model, (draft) => {
        draft.current = castDraft({ status: "error" as const, uploadType: model.current.uploadType, fileName: event.fileName, check: null, message: event.message });
      });
    case "UploadOpenFailed":
    case "UploadImportFailed":
    case "UploadCancelFailed":
      return produce(model, (draft) => {
        // The check stays on screen, with why the step did not happen.
        draft.current.status = draft.current.check ? "checked" : "error";
        draft.current.message = event.message;
      });
    case "UploadImportStarted":
      return produce(model, (draft) => {
        draft.current.status = "importing";
        draft.current.message = null;
      });
    case "UploadCancelled":
      return produce(model, (draft) => {
        if (draft.current.check?.id === event.uploadId) draft.current = castDraft(initialUploads.current);
      });
    case "UploadResultClosed":
      return produce(model, (draft) => {
        draft.current = castDraft(initialUploads.current);
      });
    case "UploadHistoryLoadStarted":
      return produce(model, (draft) => {
        draft.history.status = "loading";
        draft.history.year = event.year;
        draft.history.offset = event.offset;
        draft.history.message = null;
      });
    case "UploadHistoryLoaded":
      return produce(model, (draft) => {
        draft.history = castDraft({ status: "loaded" as const, year: event.history.year, offset: event.history.offset, data: event.history, message: null });
      });
    case "UploadHistoryLoadFailed":
      return produce(model, (draft) => {
        draft.history.status = "error";
        draft.history.message = event.message;
      });
    case "UploadTemplateDownloadFailed":
      return produce(model, (draft) => {
        draft.templateError = event.message;
      });
    case "UploadTemplateDownloaded":
      return produce(model, (draft) => {
        draft.templateError = null;
      });
    case "SignedOut":
      return initialUploads;
    default:
      return model;
  }
};
