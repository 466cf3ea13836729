/**
 * The investor reporting texts the server answers (spec sections 5 and 8); the client shows them
 * as they come. Texts the spec gives are quoted word for word.
 */
export const REPORT_NOT_FOUND = "Oops, looks like the report you are trying to access doesn't exist, or you don't have access to it";
/** The API's answer to a second report of one name (spec section 5); the client's own text is REPORT_NAME_TAKEN_CLIENT in the contract. */
export const REPORT_NAME_TAKEN = "A report with this name already exists.";
export const TEMPLATE_NAME_TAKEN = "A template with this name already exists.";
export const SUBJECT_REQUIRED = "Subject is a required field";
export const ATTACHMENT_TOO_LARGE = "Cannot add the attachment, because it exceeds the allowed size.";
export const SENT_COUNT = (count: number) => `Successfully sent ${count} e-mails.`;

export const HOLDING_REFUSED = "Investor reporting is not available on a holding instance.";
export const REPORT_FROZEN = "This report is approved: its sections can no longer be changed.";
export const ALREADY_APPROVED = "This report is already approved.";
export const NOT_APPROVED = "Approve the report before sending it.";
export const NOT_SENT_YET = "Send the report before notifying its recipients again.";
export const NO_RECIPIENTS = "Add at least one recipient before sending the report.";
export const VARIANT_NOT_AVAILABLE = "This section type is not available yet.";
export const SECTION_NOT_IN_REPORT = "This section is not part of the report.";
export const SECTIONS_INCOMPLETE = "List every section of the report once.";
export const RECIPIENT_UNKNOWN = "This recipient is not on the report's list.";
export const RECIPIENT_TWICE = "This address is listed twice.";
export const RECIPIENTS_TOO_MANY = "A report has at most 200 recipients.";
export const KPI_UNKNOWN = "Choose a KPI you may read.";
export const CATEGORY_UNKNOWN = "Choose a category of the company.";
export const CHART_UNKNOWN = "Choose a saved chart of the company.";
export const RANGE_REVERSED = "The range must start before it ends.";
export const SETTINGS_NOT_FOR_VARIANT = "This section type has no such setting.";
export const SHARE_USER_UNKNOWN = "Choose a user of the company.";
export const ATTACHMENT_NOT_FOUND = "This attachment does not exist.";
export const TEMPLATE_NOT_FOUND = "This template does not exist.";
export const REPORT_NAME_BLANK = "Enter a name for the report.";
export const LINK_NOT_FOUND = "This link is not valid.";
/** Sections of one report: approval computes them all in one request. */
export const MAX_SECTIONS = 50;
export const TOO_MANY_SECTIONS = `A report has at most ${MAX_SECTIONS} sections.`;
