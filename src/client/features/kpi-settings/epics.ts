import { concat, concatMap, filter, map, of, switchMap, type Observable } from "rxjs";
import { CategoryDeleted, GlossaryEntry, GlossaryResponse, KpiDeleted, KpiManagement, ManagedCategory, ManagedKpi } from "../../../contracts/kpi-management";
import type { DomainEvent } from "../../../contracts/messages";
import {
  GlossaryEntryStored,
  GlossaryLoaded,
  GlossaryLoadFailed,
  GlossaryLoadStarted,
  KpiManagementLoaded,
  KpiManagementLoadFailed,
  KpiManagementLoadStarted,
  KpiSettingSaveFailed,
  KpiSettingSaveStarted,
  KpiSettingsChangedElsewhere,
  ManagedCategoryDeleted,
  ManagedCategorySaved,
  ManagedKpiDeleted,
  ManagedKpiSaved,
} from "../../../contracts/messages/kpi-settings";
import type { EpicDeps } from "../../app/deps";
import type { AppState } from "../../app/state";
import type { Emitted, Epic } from "../../bus/bus";
import { causedBy, ofCommand, ofEvent } from "../../bus/operators";
import { describeApiError, fieldMessagesOf, type ApiError } from "../../effect/errors";
import { outcome$ } from "../../effect/observable";
import { saveKeyOf, type KpiSettingsChange } from "./model";

type KpiSettingsEpic = Epic<AppState, EpicDeps>;

export const loadManagement: KpiSettingsEpic = ({ command$ }, deps) =>
  command$.pipe(
    ofCommand("LoadKpiManagement"),
    switchMap(({ commandId }) =>
      concat(
        of<DomainEvent>(KpiManagementLoadStarted.make({})),
        outcome$(
          deps.api.request({ root: "main", method: "GET", path: "/kpis/management/", decode: KpiManagement, idempotent: true }),
          (management): DomainEvent => KpiManagementLoaded.make({ management }),
          (error): DomainEvent => KpiManagementLoadFailed.make({ message: describeApiError(error) }),
        ),
      ).pipe(causedBy(commandId)),
    ),
  );

export const loadGlossary: KpiSettingsEpic = ({ command$ }, deps) =>
  command$.pipe(
    ofCommand("LoadGlossary"),
    switchMap(({ commandId }) =>
      concat(
        of<DomainEvent>(GlossaryLoadStarted.make({})),
        outcome$(
          deps.api.request({ root: "main", method: "GET", path: "/kpis/glossary/", decode: GlossaryResponse, idempotent: true }),
          (glossary): DomainEvent => GlossaryLoaded.make({ glossary }),
          (error): DomainEvent => GlossaryLoadFailed.make({ message: describeApiError(error) }),
        ),
      ).pipe(causedBy(commandId)),
    ),
  );

/** Changes go in the order given (concatMap): a rename then a delete arrive in that order. */
export const saveChange: KpiSettingsEpic = ({ command$ }, deps) =>
  command$.pipe(
    ofCommand("CreateCustomKpi", "ChangeKpiSettings", "DeleteCustomKpi", "SetKpiResponsibles", "SetKpiBenchmarks", "CreateKpiCategory", "RenameKpiCategory", "DeleteKpiCategory", "SaveGlossaryEntry", "ApproveGlossaryEntry"),
    concatMap(({ command, commandId }) => {
      const key = saveKeyOf(command);
      const failed = (error: ApiError): DomainEvent => KpiSettingSaveFailed.make({ key, message: describeApiError(error), fields: fieldMessagesOf(error) });
      return concat(of<DomainEvent>(KpiSettingSaveStarted.make({ key })), changeRequest(deps, command, key, failed)).pipe(causedBy(commandId));
    }),
  );

function changeRequest(deps: EpicDeps, command: KpiSettingsChange, key: string, failed: (error: ApiError) => DomainEvent): Observable<DomainEvent> {
  const kpiSaved = (kpi: ManagedKpi): DomainEvent => ManagedKpiSaved.make({ key, kpi });
  const categorySaved = (category: ManagedCategory): DomainEvent => ManagedCategorySaved.make({ key, category });
  const entryStored = (entry: GlossaryEntry): DomainEvent => GlossaryEntryStored.make({ key, entry });
  switch (command._tag) {
    case "CreateCustomKpi":
      return outcome$(deps.api.request({ root: "main", method: "POST", path: "/kpis/custom/", body: command.kpi, decode: ManagedKpi }), kpiSaved, failed);
    case "ChangeKpiSettings":
      return outcome$(deps.api.request({ root: "main", method: "PATCH", path: `/kpis/${command.kpiId}/settings/`, body: command.change, decode: ManagedKpi }), kpiSaved, failed);
    case "SetKpiResponsibles":
      return outcome$(deps.api.request({ root: "main", method: "PUT", path: `/kpis/${command.kpiId}/responsibles/`, body: { userIds: command.userIds }, decode: ManagedKpi }), kpiSaved, failed);
    case "SetKpiBenchmarks":
      return outcome$(deps.api.request({ root: "main", method: "PUT", path: `/kpis/${command.kpiId}/benchmarks/`, body: command.benchmarks, decode: ManagedKpi }), kpiSaved, failed);
    case "DeleteCustomKpi":
      return outcome$(deps.api.request({ root: "main", method: "DELETE", path: `/kpis/custom/${command.kpiId}/`, decode: KpiDeleted }), (deleted): DomainEvent => ManagedKpiDeleted.make({ key, id: deleted.id, name: deleted.name }), failed);
    case "CreateKpiCategory":
      return outcome$(deps.api.request({ root: "main", method: "POST", path: "/kpis/custom-categories/", body: { name: command.name }, decode: ManagedCategory }), categorySaved, failed);
    case "RenameKpiCategory":
      return outcome$(deps.api.request({ root: "main", method: "PATCH", path: `/kpis/custom-categories/${command.categoryId}/`, body: { name: command.name }, decode: ManagedCategory }), categorySaved, failed);
    case "DeleteKpiCategory":
      return outcome$(
        deps.api.request({ root: "main", method: "DELETE", path: `/kpis/custom-categories/${command.categoryId}/`, decode: CategoryDeleted }),
        (deleted): DomainEvent => ManagedCategoryDeleted.make({ key, id: deleted.id, name: deleted.name, deletedKpis: deleted.deletedKpis }),
        failed,
      );
    case "SaveGlossaryEntry":
      return outcome$(deps.api.request({ root: "main", method: "PUT", path: `/kpis/${command.kpiId}/glossary/`, body: command.entry, decode: GlossaryEntry }), entryStored, failed);
    case "ApproveGlossaryEntry":
      return outcome$(deps.api.request({ root: "main", method: "POST", path: `/kpis/${command.kpiId}/glossary/approve/`, decode: GlossaryEntry }), entryStored, failed);
  }
}

/** The server's events of KPI settings and the glossary (kpi-settings-event-filters.ts on the server). */
export const KPI_SETTINGS_CHANGES: ReadonlySet<string> = new Set([
  "CustomKpiCreated",
  "KpiSettingsChanged",
  "KpiResponsiblesChanged",
  "KpiBenchmarksChanged",
  "GlossaryEntrySaved",
  "GlossaryEntryApproved",
  "CustomKpiDeleted",
  "KpiCategoryCreated",
  "KpiCategoryRenamed",
  "KpiCategoryDeleted",
]);

/** A change made elsewhere (another administrator, another tab): open settings screens load again. */
export const settingsChangedElsewhere: KpiSettingsEpic = ({ event$ }) =>
  event$.pipe(
    ofEvent("ServerEventReceived"),
    filter((envelope) => KPI_SETTINGS_CHANGES.has(envelope.payload.type)),
    map((envelope): Emitted => ({ event: KpiSettingsChangedElsewhere.make({ change: envelope.payload.type }), origin: "remote" })),
  );

export const kpiSettingsEpics = { loadManagement, loadGlossary, saveChange, settingsChangedElsewhere };
