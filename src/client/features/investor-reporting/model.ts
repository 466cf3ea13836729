import { castDraft, produce, type Draft } from "immer";
import type { InvestorReport, ReportData, ReportSummary, ReportTemplate } from "../../../contracts/investor-reporting";
import type { ReportAction } from "../../../contracts/messages/investor-reporting";
import type { Reducer } from "../../bus/store";

/** One open report: the report with its sections, and its figures (loaded apart: a draft's are computed on each load). */
export interface ReportSlot {
  readonly status: "loading" | "loaded" | "error";
  readonly report: InvestorReport | null;
  readonly message: string | null;
  readonly notFound: boolean;
  readonly data: { readonly status: "idle" | "loading" | "loaded" | "error"; readonly value: ReportData | null; readonly message: string | null };
}

/** A text section's autosave: typed and waiting (saving), kept by the server (saved), or refused. */
export interface TextSave {
  readonly status: "saving" | "saved" | "error";
  readonly message: string | null;
  /** The last save: what was sent and what the server kept of it (the editor shows that when it still holds what was sent). */
  readonly sentHtml: string | null;
  readonly savedHtml: string | null;
}

export interface ActionState {
  readonly status: "idle" | "busy" | "error";
  readonly action: ReportAction | null;
  readonly reportId: number | null;
  readonly message: string | null;
  readonly fields: Readonly<Record<string, readonly string[]>>;
}

type Loadable<T> = { readonly status: "idle" | "loading" | "loaded" | "error"; readonly message: string | null } & T;

export interface InvestorReportingModel {
  readonly list: { readonly status: "idle" | "loading" | "loaded" | "error"; readonly reports: readonly ReportSummary[]; readonly message: string | null };
  readonly open: Readonly<Record<number, ReportSlot>>;
  readonly variants: Loadable<{ readonly variants: readonly { readonly variant: string; readonly label: string; readonly creatable: boolean; readonly views: readonly string[] }[] }>;
  readonly templates: Loadable<{ readonly templates: readonly ReportTemplate[] }>;
  readonly shareCandidates: Loadable<{ readonly users: readonly { readonly id: number; readonly name: string }[] }>;
  readonly action: ActionState;
  /** The report this person created or duplicated last (its screen opens). */
  readonly created: number | null;
  readonly texts: Readonly<Record<number, TextSave>>;
  /** The last sending's answer per report, shown on its screen. */
  readonly sent: Readonly<Record<number, { readonly detail: string; readonly sent: number; readonly failures: readonly { readonly email: string; readonly error: string }[] }>>;
  readonly exporting: { readonly reportId: number; readonly format: "pdf" | "xlsx" } | null;
}

export const initialInvestorReporting: InvestorReportingModel = {
  list: { status: "idle", reports: [], message: null },
  open: {},
  variants: { status: "idle", message: null, variants: [] },
  templates: { status: "idle", message: null, templates: [] },
  shareCandidates: { status: "idle", message: null, users: [] },
  action: { status: "idle", action: null, reportId: null, message: null, fields: {} },
  created: null,
  texts: {},
  sent: {},
  exporting: null,
};

const emptySlot = (): ReportSlot => ({ status: "loading", report: null, message: null, notFound: false, data: { status: "idle", value: null, message: null } });
const IDLE: ActionState = { status: "idle", action: null, reportId: null, message: null, fields: {} };

/** The list's row for a report, from the whole report. */
export const summaryOf = (report: InvestorReport): ReportSummary => ({
  id: report.id,
  name: report.name,
  status: report.status,
  isVisible: report.isVisible,
  endDate: report.endDate,
  owner: report.owner,
  approved: report.approved,
  sent: report.sent,
  updatedAt: report.updatedAt,
  canEdit: report.canEdit,
});

/** The report as the server answered it: its slot and its row in the list. */
function takeReport(draft: Draft<InvestorReportingModel>, report: InvestorReport) {
  const slot = (draft.open[report.id] ??= castDraft(emptySlot()));
  slot.status = "loaded";
  slot.report = castDraft(report);
  slot.notFound = false;
  slot.message = null;
  const index = draft.list.reports.findIndex((entry) => entry.id === report.id);
  if (index >= 0) draft.list.reports[index] = castDraft(summaryOf(report));
}

export const investorReportingReducer: Reducer<InvestorReportingModel> = (model, event) => {
  switch (event._tag) {
    case "InvestorReportsLoadStarted":
      return produce(model, (draft) => {
        draft.list.status = draft.list.status === "loaded" ? "loaded" : "loading";
        draft.list.message = null;
      });
    case "InvestorReportsLoaded":
      return produce(model, (draft) => {
        draft.list = castDraft({ status: "loaded" as const, reports: event.reports, message: null });
      });
    case "InvestorReportsLoadFailed":
      return produce(model, (draft) => {
        draft.list.status = "error";
        draft.list.message = event.message;
      });
    case "InvestorReportLoadStarted":
      return produce(model, (draft) => {
        // A reload keeps what is shown until the answer arrives.
        draft.open[event.reportId] ??= castDraft(emptySlot());
        draft.open[event.reportId]!.message = null;
      });
    case "InvestorReportLoaded":
      return produce(model, (draft) => takeReport(draft, event.report));
    case "InvestorReportLoadFailed":
      return produce(model, (draft) => {
        const slot = (draft.open[event.reportId] ??= castDraft(emptySlot()));
        slot.status = "error";
        slot.message = event.message;
        slot.notFound = event.notFound;
        if (event.notFound) draft.list.reports = draft.list.reports.filter((entry) => entry.id !== event.reportId);
      });
    case "InvestorReportDataLoadStarted":
      return produce(model, (draft) => {
        const slot = (draft.open[event.reportId] ??= castDraft(emptySlot()));
        slot.data.status = slot.data.value ? "loaded" : "loading";
        slot.data.message = null;
      });
    case "InvestorReportDataLoaded":
      return produce(model, (draft) => {
        const slot = (draft.open[event.reportId] ??= castDraft(emptySlot()));
        slot.data = castDraft({ status: "loaded" as const, value: event.data, message: null });
      });
    case "InvestorReportDataLoadFailed":
      return produce(model, (draft) => {
        const slot = (draft.open[event.reportId] ??= castDraft(emptySlot()));
        slot.data.status = "error";
        slot.data.message = event.message;
      });
    case "SectionVariantsLoaded":
      return produce(model, (draft) => {
        draft.variants = castDraft({ status: "loaded" as const, message: null, variants: event.variants });
      });
    case "SectionVariantsLoadFailed":
      return produce(model, (draft) => {
        draft.variants.status = "error";
        draft.variants.message = event.message;
      });
    case "ReportTemplatesLoaded":
      return produce(model, (draft) => {
        draft.templates = castDraft({ status: "loaded" as const, message: null, templates: event.templates });
      });
    case "ReportTemplatesLoadFailed":
      return produce(model, (draft) => {
        draft.templates.status = "error";
        draft.templates.message = event.message;
      });
    case "ReportShareCandidatesLoaded":
      return produce(model, (draft) => {
        draft.shareCandidates = castDraft({ status: "loaded" as const, message: null, users: event.users });
      });
    case "ReportShareCandidatesLoadFailed":
      return produce(model, (draft) => {
        draft.shareCandidates.status = "error";
        draft.shareCandidates.message = event.message;
      });
    case "InvestorReportActionStarted":
      return produce(model, (draft) => {
        draft.action = { status: "busy", action: event.action, reportId: event.reportId, message: null, fields: {} };
        if (event.action === "send" && event.reportId !== null) delete draft.sent[event.reportId];
      });
    case "InvestorReportActionFailed":
      return produce(model, (draft) => {
        draft.action = castDraft({ status: "error" as const, action: event.action, reportId: event.reportId, message: event.message, fields: event.fields });
      });
    case "InvestorReportCreated":
      return produce(model, (draft) => {
        draft.action = castDraft(IDLE);
        draft.created = event.report.id;
        takeReport(draft, event.report);
        if (!draft.list.reports.some((entry) => entry.id === event.report.id)) draft.list.reports.unshift(castDraft(summaryOf(event.report)));
      });
    case "InvestorReportDeleted":
      return produce(model, (draft) => {
        draft.action = castDraft(IDLE);
        draft.list.reports = draft.list.reports.filter((entry) => entry.id !== event.reportId);
        delete draft.open[event.reportId];
        delete draft.sent[event.reportId];
      });
    case "InvestorReportEdited":
    case "InvestorReportShared":
    case "ReportSectionAdded":
    case "ReportSectionEdited":
    case "ReportSectionRemoved":
    case "ReportSectionsSaved":
    case "InvestorReportApproved":
    case "ReportAttachmentAdded":
    case "ReportAttachmentRemoved":
      return produce(model, (draft) => {
        if (draft.action.status === "busy") draft.action = castDraft(IDLE);
        takeReport(draft, event.report);
        if (event._tag === "ReportSectionRemoved") delete draft.texts[event.sectionId];
      });
    case "ReportRecipientsChanged":
      return produce(model, (draft) => {
        draft.action = castDraft(IDLE);
        takeReport(draft, event.report);
        if (event.action === "notify") draft.sent[event.report.id] = castDraft(event.notified);
      });
    case "ReportSectionsReordered":
      return produce(model, (draft) => {
        const report = draft.open[event.reportId]?.report;
        if (!report) return;
        const byId = new Map(report.schema.sections.map((section) => [section.id, section]));
        report.schema.sections = event.ids.flatMap((id, position) => {
          const section = byId.get(id);
          return section ? [{ ...section, position }] : [];
        });
      });
    case "ReportTextEdited":
      return produce(model, (draft) => {
        draft.texts[event.sectionId] = { status: "saving", message: null, sentHtml: draft.texts[event.sectionId]?.sentHtml ?? null, savedHtml: draft.texts[event.sectionId]?.savedHtml ?? null };
      });
    case "ReportTextSaved":
      return produce(model, (draft) => {
        draft.texts[event.sectionId] = { status: "saved", message: null, sentHtml: event.sentHtml, savedHtml: event.html };
        const section = draft.open[event.reportId]?.report?.schema.sections.find((entry) => entry.id === event.sectionId);
        if (section) section.content = { html: event.html };
        const data = draft.open[event.reportId]?.data.value;
        const slug = section?.slug;
        if (data && slug && data.data[slug]?.kind === "text") data.data[slug] = { kind: "text", content: { html: event.html } };
      });
    case "ReportTextSaveFailed":
      return produce(model, (draft) => {
        draft.texts[event.sectionId] = { status: "error", message: event.message, sentHtml: draft.texts[event.sectionId]?.sentHtml ?? null, savedHtml: draft.texts[event.sectionId]?.savedHtml ?? null };
      });
    case "InvestorReportSent":
      return produce(model, (draft) => {
        draft.action = castDraft(IDLE);
        draft.sent[event.reportId] = castDraft(event.outcome);
      });
    case "ReportTemplateSaved":
      return produce(model, (draft) => {
        draft.action = castDraft(IDLE);
        draft.templates.templates = [...draft.templates.templates.filter((entry) => entry.id !== event.template.id), castDraft(event.template)];
      });
    case "ReportTemplateDeleted":
      return produce(model, (draft) => {
        draft.action = castDraft(IDLE);
        draft.templates.templates = draft.templates.templates.filter((entry) => entry.id !== event.templateId);
      });
    case "InvestorReportExportStarted":
      return produce(model, (draft) => {
        draft.exporting = { reportId: event.reportId, format: event.format };
      });
    case "InvestorReportExported":
    case "InvestorReportExportFailed":
      return produce(model, (draft) => {
        draft.exporting = null;
      });
    default:
      return model;
  }
};
