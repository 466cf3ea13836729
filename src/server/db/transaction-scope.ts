import { AsyncLocalStorage } from "node:async_hooks";

/**
 * Marks code running inside a tenant transaction. On PGlite the transaction holds the single
 * connection, so a query on another connection from inside it would wait for itself forever;
 * the PGlite dialect uses this mark to fail such a query at once, with a clear message.
 */
export const insideTenantTransaction = new AsyncLocalStorage<string>();
