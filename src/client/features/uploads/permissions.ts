import { UPLOAD_TYPES, type UploadType } from "../../../contracts/uploads";
import { canOpen } from "../../../domain/navigation/access";
import { screenOf } from "../../../domain/navigation/screens";
import { mayUploadType } from "../../../domain/uploads/upload-permissions";
import type { AppState } from "../../app/state";
import { selectAccess } from "../session/model";

const UPLOADS = screenOf("/data-management");

/** Whether the signed-in person may upload (upload_download_excel_data, or staff), as the server checks it. */
export function selectCanUpload(state: AppState): boolean {
  const access = selectAccess(state.session);
  return !!access && !!UPLOADS && canOpen(access, UPLOADS);
}

/** The upload types the person may upload, in the catalogue's order. */
export function selectUploadTypes(state: AppState): UploadType[] {
  const access = selectAccess(state.session);
  return access ? UPLOAD_TYPES.filter((type) => mayUploadType(access, type)) : [];
}
