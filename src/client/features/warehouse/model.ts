import { castDraft, produce } from "immer";
import type { RawDataKind } from "../../../domain/warehouse/records";
import type { Reducer } from "../../bus/store";

/** One view slot's data: the last answer stays while a newer request for the slot runs. */
export interface WarehouseViewData {
  readonly status: "loading" | "loaded" | "error";
  /** The request the data (or the running load) answers. */
  readonly params: string;
  readonly data: unknown;
  readonly message: string | null;
}

export interface WarehouseModel {
  readonly views: Readonly<Record<string, WarehouseViewData>>;
  /** Bumped whenever the warehouse data changed (here or by someone else): open views load again. */
  readonly revision: number;
  /** The last raw data upload and how it ended. */
  readonly upload: {
    readonly status: "idle" | "uploading" | "done" | "error";
    readonly kind: RawDataKind | null;
    readonly fileName: string | null;
    readonly message: string | null;
    readonly problems: readonly string[];
  };
  /** The last snapshot action (taking or deleting one) and how it ended. */
  readonly snapshotAction: {
    readonly status: "idle" | "busy" | "done" | "error";
    readonly action: "take" | "delete" | null;
    readonly message: string | null;
    readonly fields: Readonly<Record<string, readonly string[]>>;
  };
}

export const initialWarehouse: WarehouseModel = {
  views: {},
  revision: 0,
  upload: { status: "idle", kind: null, fileName: null, message: null, problems: [] },
  snapshotAction: { status: "idle", action: null, message: null, fields: {} },
};

export const warehouseReducer: Reducer<WarehouseModel> = (model, event) => {
  switch (event._tag) {
    case "WarehouseViewLoadStarted":
      return produce(model, (draft) => {
        const previous = draft.views[event.key];
        draft.views[event.key] = { status: "loading", params: event.params, data: previous?.data ?? null, message: null };
      });
    case "WarehouseViewLoaded":
      return produce(model, (draft) => {
        draft.views[event.key] = castDraft({ status: "loaded" as const, params: event.params, data: event.data, message: null });
      });
    case "WarehouseViewLoadFailed":
      return produce(model, (draft) => {
        const current = draft.views[event.key];
        // An answer to an older request of the slot changes nothing.
        if (current && current.params !== event.params) return;
        draft.views[event.key] = { status: "error", params: event.params, data: current?.data ?? null, message: event.message };
      });
    case "RawDataUploadStarted":
      return produce(model, (draft) => {
        draft.upload = { status: "uploading", kind: event.kind, fileName: event.fileName, message: null, problems: [] };
      });
    case "RawDataUploaded":
      return produce(model, (draft) => {
        draft.upload = { status: "done", kind: event.kind, fileName: draft.upload.fileName, message: event.message, problems: [] };
        draft.revision += 1;
      });
    case "RawDataUploadFailed":
      return produce(model, (draft) => {
        draft.upload = { status: "error", kind: event.kind, fileName: draft.upload.fileName, message: event.message, problems: [...event.problems] };
      });
    case "WarehouseSnapshotActionStarted":
      return produce(model, (draft) => {
        draft.snapshotAction = { status: "busy", action: event.action, message: null, fields: {} };
      });
    case "WarehouseSnapshotTaken":
      return produce(model, (draft) => {
        draft.snapshotAction = { status: "done", action: "take", message: null, fields: {} };
        draft.revision += 1;
      });
    case "WarehouseSnapshotDeleted":
      return produce(model, (draft) => {
        draft.snapshotAction = { status: "done", action: "delete", message: null, fields: {} };
        draft.revision += 1;
      });
    case "WarehouseSnapshotFailed":
      return produce(model, (draft) => {
        draft.snapshotAction = castDraft({ status: "error" as const, action: event.action, message: event.message, fields: event.fields });
      });
    case "WarehouseDataChangedElsewhere":
      return produce(model, (draft) => {
        draft.revision += 1;
      });
    case "SignedOut":
      return initialWarehouse;
    default:
      return model;
  }
};
