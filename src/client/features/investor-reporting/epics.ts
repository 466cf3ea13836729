import { Schema } from "@effect/schema";
import { Effect } from "effect";
import { concat, concatMap, debounceTime, defer, EMPTY, exhaustMap, filter, from, groupBy, map, merge, mergeMap, of, switchMap, timer, type Observable } from "rxjs";
import { InvestorReport, ReportShareCandidates, ReportTemplate, SectionVariantsResponse, SendOutcome, TemplatesResponse } from "../../../contracts/investor-reporting";
import { exportFileName } from "../../../domain/exports/file-name";
import type { DomainEvent } from "../../../contracts/messages";
import {
  InvestorReportActionFailed,
  InvestorReportActionStarted,
  InvestorReportApproved,
  InvestorReportCreated,
  InvestorReportDataLoadStarted,
  InvestorReportDeleted,
  InvestorReportEdited,
  InvestorReportExported,
  InvestorReportExportFailed,
  InvestorReportExportStarted,
  InvestorReportLoadStarted,
  InvestorReportSent,
  InvestorReportShared,
  InvestorReportsLoadStarted,
  ReportAttachmentAdded,
  ReportAttachmentDownloaded,
  ReportAttachmentDownloadFailed,
  ReportAttachmentRemoved,
  ReportRecipientsChanged,
  ReportSectionAdded,
  ReportSectionEdited,
  ReportSectionRemoved,
  ReportSectionsReordered,
  ReportSectionsSaved,
  ReportShareCandidatesLoaded,
  ReportShareCandidatesLoadFailed,
  ReportTemplateDeleted,
  ReportTemplateSaved,
  ReportTemplatesLoaded,
  ReportTemplatesLoadFailed,
  ReportTextEdited,
  ReportTextSaved,
  ReportTextSaveFailed,
  SectionVariantsLoaded,
  SectionVariantsLoadFailed,
  type ReportAction,
} from "../../../contracts/messages/investor-reporting";
import type { EpicDeps } from "../../app/deps";
import type { AppState } from "../../app/state";
import type { Emitted, Epic } from "../../bus/bus";
import { causedBy, ofCommand, ofEvent } from "../../bus/operators";
import { describeApiError, fieldMessagesOf, type ApiError } from "../../effect/errors";
import { fromEffect, outcome$ } from "../../effect/observable";
import { BASE, changeReport, loadReport$, loadReportData$, loadReports$, reportErrorText } from "./requests";

type ReportsEpic = Epic<AppState, EpicDeps>;

/** A pause in typing this long saves a text section (one PATCH for a run of keys). */
export const TEXT_SAVE_DEBOUNCE_MS = 700;
/** A run of moves (arrow keys) is saved as one new order after this pause. */
export const SORT_SAVE_DEBOUNCE_MS = 400;
const FILE_TIMEOUT_MS = 120_000;

export const loadReports: ReportsEpic = ({ command$ }, deps) =>
  command$.pipe(
    ofCommand("LoadInvestorReports"),
    switchMap(({ commandId }) => concat(of<DomainEvent>(InvestorReportsLoadStarted.make({})), loadReports$(deps)).pipe(causedBy(commandId))),
  );

/** Per report a newer load supersedes the running one. */
export const loadReport: ReportsEpic = ({ command$ }, deps) =>
  command$.pipe(
    ofCommand("LoadInvestorReport"),
    groupBy(({ command }) => command.reportId),
    mergeMap((report$) =>
      report$.pipe(switchMap(({ command, commandId }) => concat(of<DomainEvent>(InvestorReportLoadStarted.make({ reportId: command.reportId })), loadReport$(deps, command.reportId)).pipe(causedBy(commandId)))),
    ),
  );

export const loadReportData: ReportsEpic = ({ command$ }, deps) =>
  command$.pipe(
    ofCommand("LoadInvestorReportData"),
    groupBy(({ command }) => command.reportId),
    mergeMap((report$) =>
      report$.pipe(switchMap(({ command, commandId }) => concat(of<DomainEvent>(InvestorReportDataLoadStarted.make({ reportId: command.reportId })), loadReportData$(deps, command.reportId)).pipe(causedBy(commandId)))),
    ),
  );

/**
 * What the screens pick from: the section variants, the templates, and the people a report can
 * be shared with (those who may read investor reports, id and name only).
 */
export const loadChoices: ReportsEpic = ({ command$ }, deps) =>
  merge(
    command$.pipe(
      ofCommand("LoadSectionVariants"),
      switchMap(({ commandId }) =>
        outcome$(
          deps.api.request({ root: "main", method: "GET", path: "/investor-reporting/section-variants/", decode: SectionVariantsResponse, idempotent: true }),
          (answer): DomainEvent => SectionVariantsLoaded.make({ variants: answer.variants }),
          (error): DomainEvent => SectionVariantsLoadFailed.make({ message: describeApiError(error) }),
        ).pipe(causedBy(commandId)),
      ),
    ),
    command$.pipe(
      ofCommand("LoadReportTemplates"),
      switchMap(({ commandId }) => loadTemplates$(deps).pipe(causedBy(commandId))),
    ),
    command$.pipe(
      ofCommand("LoadReportShareCandidates"),
      switchMap(({ commandId }) =>
        outcome$(
          deps.api.request({ root: "main", method: "GET", path: "/investor-reporting/share-candidates/", decode: ReportShareCandidates, idempotent: true }),
          (answer): DomainEvent => ReportShareCandidatesLoaded.make({ users: answer.users }),
          (error): DomainEvent => ReportShareCandidatesLoadFailed.make({ message: describeApiError(error) }),
        ).pipe(causedBy(commandId)),
      ),
    ),
  );

const loadTemplates$ = (deps: EpicDeps) =>
  outcome$(
    deps.api.request({ root: "main", method: "GET", path: "/investor-reporting/schema-templates/", decode: TemplatesResponse, idempotent: true }),
    (answer): DomainEvent => ReportTemplatesLoaded.make({ templates: answer.templates }),
    (error): DomainEvent => ReportTemplatesLoadFailed.make({ message: describeApiError(error) }),
  );

const ACTION_OF = {
  CreateInvestorReport: "create",
  DuplicateInvestorReport: "duplicate",
  DeleteInvestorReport: "delete",
  EditInvestorReport: "edit",
  ShareInvestorReport: "share",
  AddReportSection: "add-section",
  EditReportSection: "edit-section",
  RemoveReportSection: "remove-section",
  ApproveInvestorReport: "approve",
  SendInvestorReport: "send",
  ChangeReportRecipients: "recipients",
  UploadReportAttachment: "upload",
  RemoveReportAttachment: "remove-attachment",
  SaveReportTemplate: "save-template",
  DeleteReportTemplate: "delete-template",
} as const satisfies Record<string, ReportAction>;

/**
 * The changes people make to reports, in the order they were asked for (concatMap: adding a
 * section then removing it must reach the server in that order). Each says it is busy, then what
 * happened; a change to a draft's sections loads its figures again, approval loads the frozen ones.
 */
export const changeReports: ReportsEpic = ({ command$, state$ }, deps) =>
  command$.pipe(
    ofCommand(...(Object.keys(ACTION_OF) as (keyof typeof ACTION_OF)[])),
    concatMap(({ command, commandId }) => {
      const action: ReportAction = ACTION_OF[command._tag];
      const reportId = "reportId" in command ? command.reportId : null;
      const failed = (error: ApiError): DomainEvent[] => [InvestorReportActionFailed.make({ action, reportId, message: reportErrorText(error), fields: fieldMessagesOf(error) })];
      const withData = (events: DomainEvent[], id: number): Observable<DomainEvent> => concat(from(events), loadReportData$(deps, id));
      const request = (): Observable<DomainEvent> => {
        switch (command._tag) {
          case "CreateInvestorReport":
            return run(
              changeReport(deps, "POST", "", { name: command.name, endDate: command.endDate, ...(command.templateId === null ? {} : { templateId: command.templateId }) }),
              (report) => of(InvestorReportCreated.make({ report, duplicateOf: null })),
              failed,
            );
          case "DuplicateInvestorReport":
            return run(changeReport(deps, "POST", `${command.reportId}/duplicate/`, { name: command.name }), (report) => of(InvestorReportCreated.make({ report, duplicateOf: command.reportId })), failed);
          case "DeleteInvestorReport":
            return run(
              deps.api.request({ root: "main", method: "DELETE", path: `${BASE}/${command.reportId}/` }),
              () => of(InvestorReportDeleted.make({ reportId: command.reportId, name: command.name })),
              failed,
            );
          case "EditInvestorReport": {
            const { _tag, reportId: id, ...patch } = command;
            // A new end date moves a draft's default ranges: its figures load again.
            return run(changeReport(deps, "PATCH", `${id}/`, patch), (report) => (patch.endDate !== undefined ? withData([InvestorReportEdited.make({ report })], id) : of(InvestorReportEdited.make({ report }))), failed);
          }
          case "ShareInvestorReport":
            return run(changeReport(deps, "PUT", `${command.reportId}/shares/`, { userIds: command.userIds }), (report) => of(InvestorReportShared.make({ report })), failed);
          case "AddReportSection": {
            const before = new Set((state$.value.investorReporting.open[command.reportId]?.report?.schema.sections ?? []).map((section) => section.id));
            return run(
              changeReport(deps, "POST", `${command.reportId}/sections/`, { variant: command.variant }),
              (report) => withData([ReportSectionAdded.make({ report, sectionId: report.schema.sections.find((section) => !before.has(section.id))?.id ?? null })], command.reportId),
              failed,
            );
          }
          case "EditReportSection": {
            const { _tag, reportId: id, sectionId, ...patch } = command;
            const figuresMove = patch.settings !== undefined || patch.selectedView !== undefined;
            return run(
              changeReport(deps, "PATCH", `${id}/sections/${sectionId}/`, patch),
              (report) => (figuresMove ? withData([ReportSectionEdited.make({ report, sectionId })], id) : of(ReportSectionEdited.make({ report, sectionId }))),
              failed,
            );
          }
          case "RemoveReportSection":
            return run(changeReport(deps, "DELETE", `${command.reportId}/sections/${command.sectionId}/`), (report) => of(ReportSectionRemoved.make({ report, sectionId: command.sectionId, name: command.name })), failed);
          case "ApproveInvestorReport":
            return run(changeReport(deps, "POST", `${command.reportId}/approve/`), (report) => withData([InvestorReportApproved.make({ report })], command.reportId), failed);
          case "SendInvestorReport": {
            const { _tag, reportId: id, ...body } = command;
            return run(
              deps.api.request({ root: "main", method: "POST", path: `${BASE}/${id}/send/`, body, decode: SendOutcome, timeoutMs: FILE_TIMEOUT_MS }),
              // The sent stamp and each recipient's last sending come with the report.
              (outcome) => concat(of<DomainEvent>(InvestorReportSent.make({ reportId: id, outcome })), loadReport$(deps, id)),
              failed,
            );
          }
          case "ChangeReportRecipients":
            return run(
              deps.api.request({
                root: "main",
                method: "POST",
                path: `${BASE}/${command.reportId}/recipients/`,
                body: { action: command.action, recipients: command.recipients },
                decode: Schema.Struct({ report: InvestorReport, notified: SendOutcome }),
              }),
              (answer) => of(ReportRecipientsChanged.make({ report: answer.report, action: command.action, notified: answer.notified })),
              failed,
            );
          case "UploadReportAttachment": {
            const form = new FormData();
            form.append("file", command.file, command.fileName);
            return run(
              deps.api.request({ root: "main", method: "POST", path: `${BASE}/${command.reportId}/files/`, body: form, decode: InvestorReport, timeoutMs: FILE_TIMEOUT_MS }),
              (report) => withData([ReportAttachmentAdded.make({ report, fileName: command.fileName })], command.reportId),
              failed,
            );
          }
          case "RemoveReportAttachment":
            return run(changeReport(deps, "DELETE", `${command.reportId}/files/${command.fileId}/`), (report) => withData([ReportAttachmentRemoved.make({ report, fileName: command.fileName })], command.reportId), failed);
          case "SaveReportTemplate":
            return run(
              deps.api.request({ root: "main", method: "POST", path: "/investor-reporting/schema-templates/", body: { name: command.name, reportId: command.reportId }, decode: ReportTemplate }),
              (template) => of(ReportTemplateSaved.make({ template })),
              failed,
            );
          case "DeleteReportTemplate":
            return run(
              deps.api.request({ root: "main", method: "DELETE", path: `/investor-reporting/schema-templates/${command.templateId}/` }),
              () => of(ReportTemplateDeleted.make({ templateId: command.templateId, name: command.name })),
              failed,
            );
        }
      };
      return concat(of<DomainEvent>(InvestorReportActionStarted.make({ action, reportId })), defer(request)).pipe(causedBy(commandId));
    }),
  );

/** Runs a request; its success and failure each become events. */
function run<A>(effect: Effect.Effect<A, ApiError>, onSuccess: (value: A) => Observable<DomainEvent>, onFailure: (error: ApiError) => DomainEvent[]): Observable<DomainEvent> {
  return fromEffect(Effect.either(effect)).pipe(mergeMap((result) => (result._tag === "Right" ? onSuccess(result.right) : from(onFailure(result.left)))));
}

/**
 * Sorting sections: each move shows at once (ReportSectionsReordered), and per report a run of
 * moves (arrow keys held) is saved as one PUT of the order on screen after a pause. A refused
 * order says why and loads the report again, so the screen shows what is stored.
 */
export const sortSections: ReportsEpic = ({ command$, state$ }, deps) =>
  command$.pipe(
    ofCommand("MoveReportSection"),
    groupBy(({ command }) => command.reportId),
    mergeMap((moves$) =>
      merge(
        moves$.pipe(
          mergeMap(({ command, commandId }) => {
            const sections = state$.value.investorReporting.open[command.reportId]?.report?.schema.sections ?? [];
            const previous = sections.map((section) => section.id);
            const from = previous.indexOf(command.sectionId);
            const to = Math.max(0, Math.min(previous.length - 1, command.position));
            if (from < 0 || from === to) return EMPTY;
            const ids = [...previous];
            ids.splice(from, 1);
            ids.splice(to, 0, command.sectionId);
            return of<DomainEvent>(ReportSectionsReordered.make({ reportId: command.reportId, ids, previous })).pipe(causedBy(commandId));
          }),
        ),
        moves$.pipe(
          debounceTime(SORT_SAVE_DEBOUNCE_MS),
          concatMap(({ command, commandId }) => {
            const ids = (state$.value.investorReporting.open[command.reportId]?.report?.schema.sections ?? []).map((section) => section.id);
            const action = "sort-sections" as const;
            return concat(
              of<DomainEvent>(InvestorReportActionStarted.make({ action, reportId: command.reportId })),
              run(
                changeReport(deps, "PUT", `${command.reportId}/sections/positions/`, { ids }),
                (report) => of(ReportSectionsSaved.make({ report })),
                (error) => [InvestorReportActionFailed.make({ action, reportId: command.reportId, message: reportErrorText(error), fields: {} })],
              ),
            ).pipe(
              mergeMap((event) => (event._tag === "InvestorReportActionFailed" ? concat(of(event), loadReport$(deps, command.reportId)) : of(event))),
              causedBy(commandId),
            );
          }),
        ),
      ),
    ),
  );

/**
 * Text sections save themselves: each edit says "Saving…" at once; after a pause in typing the
 * section's HTML is PATCHed, and what the server kept (its allow-list) becomes the content. A new
 * edit supersedes a save still waiting or running (switchMap, per section): the last text wins.
 */
export const saveTexts: ReportsEpic = ({ command$ }, deps) =>
  command$.pipe(
    ofCommand("EditReportText"),
    groupBy(({ command }) => command.sectionId),
    mergeMap((edits$) =>
      edits$.pipe(
        switchMap(({ command, commandId }) => {
          const { reportId, sectionId, html } = command;
          return concat(
            of<DomainEvent>(ReportTextEdited.make({ reportId, sectionId, html })),
            timer(TEXT_SAVE_DEBOUNCE_MS).pipe(
              switchMap(() =>
                outcome$(
                  changeReport(deps, "PATCH", `${reportId}/sections/${sectionId}/`, { content: { html } }),
                  (report): DomainEvent => ReportTextSaved.make({ reportId, sectionId, sentHtml: html, html: report.schema.sections.find((section) => section.id === sectionId)?.content?.html ?? html }),
                  (error): DomainEvent => ReportTextSaveFailed.make({ reportId, sectionId, message: reportErrorText(error) }),
                ),
              ),
            ),
          ).pipe(causedBy(commandId));
        }),
      ),
    ),
  );

/** The board pack as a PDF (the print pipeline) or the workbook, downloaded; a second press while one runs does nothing. */
export const exportReport: ReportsEpic = ({ command$ }, deps) =>
  command$.pipe(
    ofCommand("ExportInvestorReport"),
    exhaustMap(({ command, commandId }) => {
      const { reportId, format } = command;
      const fileName = exportFileName(command.name, format, "report");
      const body = format === "pdf" ? { theme: command.theme } : {};
      return concat(
        of<DomainEvent>(InvestorReportExportStarted.make({ reportId, format })),
        outcome$(
          deps.api.request<Blob>({ root: "main", method: "POST", path: `${BASE}/${reportId}/export/${format}/`, body, expect: "blob", timeoutMs: FILE_TIMEOUT_MS }).pipe(Effect.tap((file) => Effect.sync(() => deps.saveFile(file, fileName)))),
          (): DomainEvent => InvestorReportExported.make({ reportId, format, fileName }),
          (error): DomainEvent => InvestorReportExportFailed.make({ reportId, format, message: reportErrorText(error) }),
        ),
      ).pipe(causedBy(commandId));
    }),
  );

export const downloadAttachment: ReportsEpic = ({ command$ }, deps) =>
  command$.pipe(
    ofCommand("DownloadReportAttachment"),
    mergeMap(({ command, commandId }) =>
      outcome$(
        deps.api.request<Blob>({ root: "main", method: "GET", path: `${BASE}/${command.reportId}/files/${command.fileId}/`, expect: "blob", timeoutMs: FILE_TIMEOUT_MS }).pipe(Effect.tap((file) => Effect.sync(() => deps.saveFile(file, command.fileName)))),
        (): DomainEvent => ReportAttachmentDownloaded.make({ reportId: command.reportId, fileName: command.fileName }),
        (error): DomainEvent => ReportAttachmentDownloadFailed.make({ reportId: command.reportId, fileName: command.fileName, message: reportErrorText(error) }),
      ).pipe(causedBy(commandId)),
    ),
  );

/** The server's investor reporting events (its names). */
const REPORT_EVENTS = new Set([
  "InvestorReportCreated",
  "InvestorReportChanged",
  "InvestorReportDeleted",
  "InvestorReportSharesChanged",
  "InvestorReportSectionsChanged",
  "InvestorReportAttachmentAdded",
  "InvestorReportAttachmentRemoved",
  "ReportApproved",
  "ReportSent",
  "ReportRecipientsChanged",
  "ReportOpened",
]);
/** Events that change a report's figures (sections, attachments, approval): its data loads again too. */
const FIGURE_EVENTS = new Set(["InvestorReportChanged", "InvestorReportSectionsChanged", "InvestorReportAttachmentAdded", "InvestorReportAttachmentRemoved", "ReportApproved"]);

/**
 * Another person's change (or a recipient opening their link): the list loads again when it was
 * loaded, the open report the event names loads again (with its figures when they may have
 * moved), and the templates when one was saved or deleted. Text sections being typed keep what
 * is typed: the editor takes a new content only while it is not focused.
 */
export const reportsChangedElsewhere: ReportsEpic = ({ event$, state$ }, deps) =>
  event$.pipe(
    ofEvent("ServerEventReceived"),
    filter((envelope) => REPORT_EVENTS.has(envelope.payload.type) || envelope.payload.type.startsWith("ReportTemplate")),
    mergeMap((envelope) => {
      const state = state$.value.investorReporting;
      const type = envelope.payload.type;
      if (type.startsWith("ReportTemplate")) return state.templates.status === "loaded" ? loadTemplates$(deps).pipe(map((event): Emitted => ({ event, origin: "remote" }))) : EMPTY;
      const named = reportIdOf(envelope.payload.payload);
      const open = named !== null && state.open[named] ? [named] : [];
      const loads = [
        ...(state.list.status === "loaded" && type !== "ReportOpened" ? [loadReports$(deps)] : []),
        ...open.map((id) => loadReport$(deps, id)),
        ...open.filter(() => FIGURE_EVENTS.has(type)).map((id) => loadReportData$(deps, id)),
      ];
      return from(loads).pipe(
        mergeMap((load) => load),
        map((event): Emitted => ({ event, origin: "remote" })),
      );
    }),
  );

function reportIdOf(payload: unknown): number | null {
  const id = ((payload ?? {}) as Record<string, unknown>)["reportId"];
  return typeof id === "number" ? id : null;
}

export const investorReportingEpics = { loadReports, loadReport, loadReportData, loadChoices, changeReports, sortSections, saveTexts, exportReport, downloadAttachment, reportsChangedElsewhere };
