import { Schema } from "@effect/schema";
import {
  AddKpi,
  CardPatch,
  CustomDashboard,
  DashboardPatch,
  DashboardPermissions,
  DashboardPositions,
  DashboardsResponse,
  DuplicateDashboard,
  LayoutChange,
  NewCard,
  NewDashboard,
  ShareCandidates,
} from "../../../contracts/custom-dashboards";
import { IdParams, needs, PathId, printedRecord, signedIn, userRoute } from "../../platform/http/route";
import { activePeople } from "../../platform/people";
import { addCard, addKpi, changeLayout, patchCard, removeCard } from "./dashboard-cards";
import { dashboardWorkbook, XLSX } from "./dashboard-export";
import { dashboardExport } from "./dashboard-export-data";
import { createDashboard, dashboardFor, deleteDashboard, duplicateDashboard, listDashboards, patchDashboard, readerOf, reorderDashboards, setPermissions } from "./dashboard-service";

/**
 * Creating a dashboard (and so duplicating one, and ordering the company's overview) needs
 * control_custom_dashboards. Everything else is open to any signed-in user and decided per
 * dashboard by the service: a user with a dashboard shared to them reads and, with canEdit,
 * changes it without the permission (the profile's access_custom_dashboard). A route cannot say
 * "the permission or a share" in `needs`, so the share is checked where the dashboard is read.
 */
const CREATE = needs("control_custom_dashboards");
const CardParams = Schema.Struct({ id: PathId, cardId: PathId });

export const customDashboardRoutes = [
  userRoute({
    method: "GET",
    path: "/custom-dashboards/share-candidates/",
    summary: "The company's active users by name, whom the user's dashboards can be shared with",
    description: "Sharing is for a dashboard's owner (who needed control_custom_dashboards to create it) and staff; names only, no e-mail addresses.",
    access: CREATE,
    response: ShareCandidates,
    handle: ({ inTenant }) => inTenant(async (context) => ({ users: await activePeople(context) })),
  }),
  userRoute({
    method: "GET",
    path: "/custom-dashboards/",
    summary: "The custom dashboards the user sees (own, shared with them; staff: all), in the company's order",
    access: signedIn(),
    response: DashboardsResponse,
    handle: ({ reader, inTenant }) => inTenant(async (context) => ({ dashboards: await listDashboards(context, readerOf(context, reader)) })),
  }),
  userRoute({
    method: "POST",
    path: "/custom-dashboards/",
    summary: "Create a custom dashboard (a grid or a canvas), owned by the user, at the end of the order",
    access: CREATE,
    body: NewDashboard,
    response: CustomDashboard,
    status: 201,
    handle: ({ body, reader, inTenant }) => inTenant((context) => createDashboard(context, body, readerOf(context, reader))),
  }),
  userRoute({
    method: "PUT",
    path: "/custom-dashboards/positions/",
    summary: "Order the overview: every dashboard the user sees, each once, in the new order",
    access: CREATE,
    body: DashboardPositions,
    response: DashboardsResponse,
    handle: ({ body, reader, inTenant }) => inTenant(async (context) => ({ dashboards: await reorderDashboards(context, body.ids, readerOf(context, reader)) })),
  }),
  userRoute({
    method: "GET",
    path: "/custom-dashboards/{id}/",
    summary: "A custom dashboard with its cards (KPI and chart ids, never figures) and, for its manager, its shares",
    access: signedIn(),
    print: printedRecord("custom-dashboard"),
    params: IdParams,
    response: CustomDashboard,
    handle: ({ params: { id }, reader, inTenant }) => inTenant((context) => dashboardFor(context, id, readerOf(context, reader))),
  }),
  userRoute({
    method: "PATCH",
    path: "/custom-dashboards/{id}/",
    summary: "Rename a dashboard, or lock or unlock a canvas (owner, editors, staff)",
    access: signedIn(),
    params: IdParams,
    body: DashboardPatch,
    response: CustomDashboard,
    handle: ({ params: { id }, body, reader, inTenant }) => inTenant((context) => patchDashboard(context, id, body, readerOf(context, reader))),
  }),
  userRoute({
    method: "DELETE",
    path: "/custom-dashboards/{id}/",
    summary: "Delete a dashboard with its cards and shares (owner or staff)",
    access: signedIn(),
    params: IdParams,
    status: 204,
    handle: ({ params: { id }, reader, inTenant }) => inTenant((context) => deleteDashboard(context, id, readerOf(context, reader))),
  }),
  userRoute({
    method: "POST",
    path: "/custom-dashboards/{id}/duplicate/",
    summary: "Copy a dashboard the user sees, with all its cards, under a new name: owned by the user, shared with nobody",
    access: CREATE,
    params: IdParams,
    body: DuplicateDashboard,
    response: CustomDashboard,
    status: 201,
    handle: ({ params: { id }, body, reader, inTenant }) => inTenant((context) => duplicateDashboard(context, id, body.name, readerOf(context, reader))),
  }),
  userRoute({
    method: "PUT",
    path: "/custom-dashboards/{id}/permissions/",
    summary: "Replace who a dashboard is shared with, each user viewing or editing (owner or staff)",
    access: signedIn(),
    params: IdParams,
    body: DashboardPermissions,
    response: CustomDashboard,
    handle: ({ params: { id }, body, reader, inTenant }) => inTenant((context) => setPermissions(context, id, body, readerOf(context, reader))),
  }),
  userRoute({
    method: "POST",
    path: "/custom-dashboards/{id}/cards/",
    summary: "Add a card (text, KPI, KPI chart or chart); without a layout it goes below the others",
    description: "A KPI or KPI chart card needs a KPI the user may read.",
    access: signedIn(),
    params: IdParams,
    body: NewCard,
    response: CustomDashboard,
    status: 201,
    handle: ({ params: { id }, body, reader, inTenant }) => inTenant((context) => addCard(context, id, body, readerOf(context, reader))),
  }),
  userRoute({
    method: "POST",
    path: "/custom-dashboards/{id}/add-kpi/",
    summary: "Add a KPI the user may read as a KPI card at the end (once per dashboard)",
    access: signedIn(),
    params: IdParams,
    body: AddKpi,
    response: CustomDashboard,
    status: 201,
    handle: ({ params: { id }, body, reader, inTenant }) => inTenant((context) => addKpi(context, id, body.kpiId, readerOf(context, reader))),
  }),
  userRoute({
    method: "PATCH",
    path: "/custom-dashboards/{id}/cards/{cardId}/",
    summary: "Change a card's title or content (its type may change)",
    access: signedIn(),
    params: CardParams,
    body: CardPatch,
    response: CustomDashboard,
    handle: ({ params: { id, cardId }, body, reader, inTenant }) => inTenant((context) => patchCard(context, id, cardId, body, readerOf(context, reader))),
  }),
  userRoute({
    method: "DELETE",
    path: "/custom-dashboards/{id}/cards/{cardId}/",
    summary: "Remove a card; the cards after it move up",
    access: signedIn(),
    params: CardParams,
    response: CustomDashboard,
    handle: ({ params: { id, cardId }, reader, inTenant }) => inTenant((context) => removeCard(context, id, cardId, readerOf(context, reader))),
  }),
  userRoute({
    method: "PUT",
    path: "/custom-dashboards/{id}/layout/",
    summary: "Move and resize cards, all or nothing, on the revision the client changed",
    description: "An older revision answers 409 with the current one in `revision`; a locked canvas answers 400.",
    access: signedIn(),
    params: IdParams,
    body: LayoutChange,
    response: CustomDashboard,
    handle: ({ params: { id }, body, reader, inTenant }) => inTenant((context) => changeLayout(context, id, body, readerOf(context, reader))),
  }),
  userRoute({
    method: "POST",
    path: "/custom-dashboards/{id}/export/xlsx/",
    summary: "The dashboard as an Excel workbook: each card's data on a sheet of its own, money in the company's currency",
    description: "KPIs the user may not read are named as such, without figures.",
    access: signedIn(),
    params: IdParams,
    response: { mediaType: XLSX, description: "An Excel workbook" },
    handle: async ({ params: { id }, user, reader, inTenant, reply }) => {
      // Read in the transaction, written after it: the workbook is not built with the transaction open.
      const data = await inTenant((context) => dashboardExport(context, id, readerOf(context, reader), user.userId));
      const file = await dashboardWorkbook(data);
      return reply.header("content-type", XLSX).header("content-disposition", `attachment; filename="${file.fileName}"`).send(file.bytes);
    },
  }),
];
