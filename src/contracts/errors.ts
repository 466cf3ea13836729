/**
 * The one error body every API root answers with: `{ detail }` for a message about the request
 * as a whole, `{ <field>: [messages] }` for invalid fields (both may appear together).
 */
export type ErrorBody = { readonly detail?: string } & { readonly [field: string]: string | readonly string[] | undefined };

export const NOT_FOUND_DETAIL = "Not found.";
export const GENERIC_ERROR_DETAIL = "Something went wrong. Please try again.";
