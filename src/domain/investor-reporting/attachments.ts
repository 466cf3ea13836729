/**
 * Attachments of a report share one size budget (spec section 5): a file is accepted only if the
 * report's files, it included, stay within the limit.
 */
export const ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;
export const REPORT_ATTACHMENTS_MAX_BYTES = 25 * 1024 * 1024;

export function fitsAttachmentBudget(existingSizes: readonly number[], newSize: number, limit = REPORT_ATTACHMENTS_MAX_BYTES): boolean {
  const used = existingSizes.reduce((sum, size) => sum + size, 0);
  return newSize > 0 && used + newSize <= limit;
}
