import { castDraft, produce } from "immer";
import type { ReportSummary } from "../../../contracts/investor-reporting";
import type { RegisteredInstance } from "../../../contracts/portfolio";
import type { Reducer } from "../../bus/store";

/**
 * A company's frame in the switcher: `loading` from the moment it is first shown until the company
 * says it is signed in, `loaded` after, `failed` (with a retry) or `unauthorized` (the company has
 * not authorized the instance; no frame is opened; `message`: the server's text, if it gave one).
 * `generation` changes on a retry: the view then opens a new frame. `path`: what the frame shows; `landingPath`: a report to show once it is in.
 */
export interface PortfolioFrame {
  readonly status: "loading" | "loaded" | "failed" | "unauthorized";
  readonly generation: number;
  readonly message: string | null;
  readonly path: string | null;
  readonly landingPath: string | null;
}

export interface CompanyReports {
  readonly status: "loading" | "loaded" | "error";
  readonly reports: readonly ReportSummary[];
  readonly message: string | null;
}

/**
 * The investor instance's portfolio: its registered companies, the one shown, the frames opened
 * so far (kept while the person switches, so switching back is instant), the reports each company
 * shared, and removals that failed.
 */
export interface PortfolioModel {
  readonly instances: { readonly status: "idle" | "loading" | "loaded" | "error"; readonly list: readonly RegisteredInstance[]; readonly message: string | null };
  readonly selected: number | null;
  readonly frames: Readonly<Record<number, PortfolioFrame>>;
  readonly reports: Readonly<Record<number, CompanyReports>>;
  readonly removeErrors: Readonly<Record<number, string>>;
}

export const initialPortfolio: PortfolioModel = { instances: { status: "idle", list: [], message: null }, selected: null, frames: {}, reports: {}, removeErrors: {} };

const openFrame = (instance: RegisteredInstance | undefined, generation: number, landingPath: string | null): PortfolioFrame =>
  instance?.authorization_state === "authorized"
    ? { status: "loading", generation, message: null, path: null, landingPath }
    : { status: "unauthorized", generation, message: null, path: null, landingPath: null };

export const portfolioReducer: Reducer<PortfolioModel> = (model, event) => {
  switch (event._tag) {
    case "PortfolioLoadStarted":
      return produce(model, (draft) => {
        draft.instances.status = "loading";
        draft.instances.message = null;
      });
    case "PortfolioLoaded":
      return produce(model, (draft) => {
        draft.instances = { status: "loaded", list: castDraft(event.instances), message: null };
        // A company removed elsewhere, or no longer authorized, loses its frame.
        for (const key of Object.keys(draft.frames)) {
          const id = Number(key);
          const instance = event.instances.find((candidate) => candidate.id === id);
          if (!instance) delete draft.frames[id];
          else if (instance.authorization_state !== "authorized") draft.frames[id] = openFrame(instance, (draft.frames[id]?.generation ?? 0) + 1, null);
        }
        if (draft.selected !== null && !event.instances.some((instance) => instance.id === draft.selected)) draft.selected = null;
      });
    case "PortfolioLoadFailed":
      return produce(model, (draft) => {
        draft.instances.status = "error";
        draft.instances.message = event.message;
      });
    case "PortfolioClosed":
      return produce(model, (draft) => {
        draft.frames = {};
      });
    case "PortfolioCompanySelected":
      return produce(model, (draft) => {
        draft.selected = event.instanceId;
        if (!draft.frames[event.instanceId]) draft.frames[event.instanceId] = openFrame(model.instances.list.find((instance) => instance.id === event.instanceId), 0, null);
      });
    case "PortfolioFrameRetried":
      return produce(model, (draft) => {
        const current = draft.frames[event.instanceId];
        draft.frames[event.instanceId] = openFrame(
          model.instances.list.find((instance) => instance.id === event.instanceId),
          (current?.generation ?? 0) + 1,
          current?.landingPath ?? null,
        );
      });
    case "PortfolioTokenSent":
      return model;
    case "PortfolioFrameLoaded":
      return produce(model, (draft) => {
        const frame = draft.frames[event.instanceId];
        if (!frame || frame.status === "unauthorized") return;
        frame.status = "loaded";
        frame.message = null;
        frame.path = event.path;
        frame.landingPath = null;
      });
    case "PortfolioFrameFailed":
      return produce(model, (draft) => {
        const frame = draft.frames[event.instanceId];
        if (!frame) return;
        frame.status = event.notAuthorized ? "unauthorized" : "failed";
        frame.message = event.message;
      });
    case "PortfolioFrameNavigated":
      return produce(model, (draft) => {
        const frame = draft.frames[event.instanceId];
        if (!frame) return;
        // A frame that is not in yet lands there; one that is was told to go there.
        if (frame.status === "loaded") frame.path = event.path;
        else frame.landingPath = event.path;
      });
    case "PortfolioReportsLoadStarted":
      return produce(model, (draft) => {
        for (const id of event.instanceIds) draft.reports[id] = { status: "loading", reports: draft.reports[id]?.reports ?? [], message: null };
      });
    case "PortfolioReportsLoaded":
      return produce(model, (draft) => {
        draft.reports[event.instanceId] = { status: "loaded", reports: castDraft(event.reports), message: null };
      });
    case "PortfolioReportsLoadFailed":
      return produce(model, (draft) => {
        draft.reports[event.instanceId] = { status: "error", reports: draft.reports[event.instanceId]?.reports ?? [], message: event.message };
      });
    case "PortfolioInstanceRemoved":
      return produce(model, (draft) => {
        draft.instances.list = draft.instances.list.filter((instance) => instance.id !== event.instanceId);
        delete draft.frames[event.instanceId];
        delete draft.reports[event.instanceId];
        delete draft.removeErrors[event.instanceId];
        if (draft.selected === event.instanceId) draft.selected = null;
      });
    case "PortfolioInstanceRemoveFailed":
      return produce(model, (draft) => {
        draft.removeErrors[event.instanceId] = event.message;
      });
    default:
      return model;
  }
};

/** The company the switcher shows: the chosen one, else the first authorized one, else the first. */
export function shownInstance(model: PortfolioModel): RegisteredInstance | null {
  const list = model.instances.list;
  return list.find((instance) => instance.id === model.selected) ?? list.find((instance) => instance.authorization_state === "authorized") ?? list[0] ?? null;
}
