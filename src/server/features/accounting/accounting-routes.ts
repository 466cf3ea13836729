import {
  AccountingSetup,
  AccountsList,
  BookingsPage,
  BookingsQuery,
  CompletedSetup,
  NO_SAMPLE,
  OpenPositionsPage,
  OpenPositionsQuery,
  SaveMappingRequest,
  SaveStatementRequest,
} from "../../../contracts/accounting";
import { ACCOUNTING_INTEGRATION } from "../../../domain/integrations/accounting";
import type { TenantContext } from "../../db/tenancy";
import { notFound } from "../../platform/http/errors";
import { IdParams, needs, userRoute, type Reader, type UploadedFile } from "../../platform/http/route";
import { readArchive, ARCHIVE_MAX_BYTES } from "./accounting-archive";
import { accountsOf, bookingsPage, loadSetup, openPositionsPage } from "./accounting-repository";
import { hasSampleArchive, sampleArchiveFor, SAMPLE_FILE_NAME } from "./accounting-sample";
import { completeSetup, deleteImport, saveMapping, saveStatement, storeImport } from "./accounting-service";

const BASE = `/integration/${ACCOUNTING_INTEGRATION.name}`;
const ACCESS = needs("manage_data_integrations", { feature: "integration_dashboard" });
const ZIP_TYPES = ["application/zip", "application/x-zip-compressed", "application/x-zip", "application/octet-stream"];
const DEFAULT_PAGE = 50;

/** The wizard's state after a change, read in the same transaction. */
const setupAfter = (context: TenantContext, reader: Reader) => loadSetup(context, reader, { sampleAvailable: hasSampleArchive(context.tenantId) });

/**
 * The accounting import wizard (/integration/accounting/wizard): financial statement setup, raw
 * data upload (a ZIP of CSV files, checked whole before anything is written), bookings, open
 * positions, category mapping and completion. Every route needs manage_data_integrations, the
 * integration screens' permission (spec section 6).
 */
export const accountingRoutes = [
  userRoute({
    method: "GET",
    path: `${BASE}/setup/`,
    summary: "The accounting import wizard's state: statement, current import, mapping progress, status",
    access: ACCESS,
    response: AccountingSetup,
    handle: ({ reader, inTenant }) => inTenant((context) => setupAfter(context, reader)),
  }),

  userRoute({
    method: "PUT",
    path: `${BASE}/statement/`,
    summary: "Set up the financial statement: its category and the KPIs that are its lines (income or expense)",
    access: ACCESS,
    body: SaveStatementRequest,
    response: AccountingSetup,
    handle: ({ body, reader, inTenant }) =>
      inTenant(async (context) => {
        await saveStatement(context, reader, body);
        return setupAfter(context, reader);
      }),
  }),

  userRoute<undefined, undefined, UploadedFile>({
    method: "POST",
    path: `${BASE}/imports/`,
    summary: "Upload the raw data: a ZIP with accounts.csv, bookings.csv, debtors.csv and creditors.csv; it replaces the current import",
    description: "Checked whole before anything is written: missing files, unsafe or oversized archives and every bad row (by file, row and column) answer 400.",
    access: ACCESS,
    upload: { field: "file", maxBytes: ARCHIVE_MAX_BYTES, mediaTypes: ZIP_TYPES },
    bodyLimit: ARCHIVE_MAX_BYTES + 64 * 1024,
    response: AccountingSetup,
    status: 201,
    handle: async ({ body: file, reader, user, inTenant }) => {
      const archive = await readArchive(file.bytes);
      return inTenant(async (context) => {
        await storeImport(context, reader, archive, file.filename || "archive.zip", user.userId);
        return setupAfter(context, reader);
      });
    },
  }),

  userRoute({
    method: "DELETE",
    path: `${BASE}/imports/{id}/`,
    summary: "Delete the current import with its bookings, open positions and the KPI values written from it",
    access: ACCESS,
    params: IdParams,
    response: AccountingSetup,
    handle: ({ params, reader, user, inTenant }) =>
      inTenant(async (context) => {
        await deleteImport(context, params.id, user.userId);
        return setupAfter(context, reader);
      }),
  }),

  userRoute({
    method: "GET",
    path: `${BASE}/imports/{id}/accounts/`,
    summary: "The import's accounts with their bookings, balance and category",
    access: ACCESS,
    params: IdParams,
    response: AccountsList,
    handle: ({ params, inTenant }) => inTenant(async (context) => ({ results: await accountsOf(context, params.id) })),
  }),

  userRoute({
    method: "GET",
    path: `${BASE}/imports/{id}/bookings/`,
    summary: "The import's bookings by date, a page at a time (offset, limit), of one account or month if asked",
    access: ACCESS,
    params: IdParams,
    query: BookingsQuery,
    response: BookingsPage,
    handle: ({ params, query, inTenant }) =>
      inTenant((context) => bookingsPage(context, params.id, { offset: query.offset ?? 0, limit: query.limit ?? DEFAULT_PAGE, account: query.account, month: query.month })),
  }),

  userRoute({
    method: "GET",
    path: `${BASE}/imports/{id}/open-positions/`,
    summary: "The import's open positions of debtors or creditors, a page at a time, with their total",
    access: ACCESS,
    params: IdParams,
    query: OpenPositionsQuery,
    response: OpenPositionsPage,
    handle: ({ params, query, inTenant }) => inTenant((context) => openPositionsPage(context, params.id, { kind: query.kind, offset: query.offset ?? 0, limit: query.limit ?? DEFAULT_PAGE })),
  }),

  userRoute({
    method: "PUT",
    path: `${BASE}/mapping/`,
    summary: "The category of each account: a statement line's KPI, or null for 'not part of the statement'; every P&L account with bookings needs one",
    access: ACCESS,
    body: SaveMappingRequest,
    response: AccountingSetup,
    handle: ({ body, reader, inTenant }) =>
      inTenant(async (context) => {
        await saveMapping(context, body);
        return setupAfter(context, reader);
      }),
  }),

  userRoute({
    method: "POST",
    path: `${BASE}/complete/`,
    summary: "Complete the setup: the mapped bookings become the statement KPIs' monthly actuals, replacing the previous import's",
    access: ACCESS,
    response: CompletedSetup,
    handle: ({ reader, user, inTenant }) =>
      inTenant(async (context) => {
        const written = await completeSetup(context, reader, user.userId);
        return { setup: await setupAfter(context, reader), written };
      }),
  }),

  userRoute({
    method: "GET",
    path: `${BASE}/sample/`,
    summary: "The demo company's sample archive (a year of bookings), to look at or upload",
    access: ACCESS,
    response: { mediaType: "application/zip", description: "accounting-sample.zip" },
    handle: ({ user, reply }) => {
      const archive = sampleArchiveFor(user.tenantId, new Date());
      if (!archive) throw notFound(NO_SAMPLE);
      return reply.header("content-type", "application/zip").header("content-disposition", `attachment; filename="${SAMPLE_FILE_NAME}"`).send(archive);
    },
  }),

  userRoute({
    method: "POST",
    path: `${BASE}/sample/`,
    summary: "Use the sample archive: imports the demo company's sample as an upload would",
    access: ACCESS,
    response: AccountingSetup,
    status: 201,
    handle: async ({ reader, user, inTenant }) => {
      const bytes = sampleArchiveFor(user.tenantId, new Date());
      if (!bytes) throw notFound(NO_SAMPLE);
      // The same checks as an upload: the sample proves the whole path.
      const archive = await readArchive(bytes);
      return inTenant(async (context) => {
        await storeImport(context, reader, archive, SAMPLE_FILE_NAME, user.userId);
        return setupAfter(context, reader);
      });
    },
  }),
];
