import type { UploadType } from "../../../contracts/uploads";
import { mayUploadType, UPLOAD_TYPE_NEEDS } from "../../../domain/uploads/upload-permissions";
import { forbidden } from "../../platform/http/errors";
import type { Reader } from "../kpis/kpi-service";

/** Throws 403 with the type's words when the reader may not upload this type (domain/uploads/upload-permissions). */
export function requireUploadType(reader: Reader, type: UploadType) {
  if (!mayUploadType(reader, type)) throw forbidden(UPLOAD_TYPE_NEEDS[type]!.denied);
}
