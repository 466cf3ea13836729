import { Schema } from "@effect/schema";
import { ReportSummary } from "../investor-reporting";
import { RegisteredInstance } from "../portfolio";

/**
 * The investor instance's portfolio (/portfolio/companies, /portfolio/reports, /portfolio/linking): its
 * registered companies, the switcher's frames (each company in its own frame with its own embed
 * token) and the reports the companies shared with it, read through the portfolio proxy.
 */

// ── commands ────────────────────────────────────────────────────────────────
export class LoadPortfolio extends Schema.TaggedStruct("LoadPortfolio", {}) {}
/** Shows this company; its frame opens the first time and is kept (hidden) when another is shown. */
export class SelectPortfolioCompany extends Schema.TaggedStruct("SelectPortfolioCompany", { instanceId: Schema.Number }) {}
/** A frame that failed opens anew (a new frame, a new token). */
export class RetryPortfolioFrame extends Schema.TaggedStruct("RetryPortfolioFrame", { instanceId: Schema.Number }) {}
/** Shows the company and takes its frame to a report of its own (/investor-reporting/{reportId}). */
export class OpenPortfolioReport extends Schema.TaggedStruct("OpenPortfolioReport", { instanceId: Schema.Number, reportId: Schema.Number }) {}
/** The reports each authorized company shared with the instance, through the portfolio proxy. */
export class LoadPortfolioReports extends Schema.TaggedStruct("LoadPortfolioReports", {}) {}
/** Removes a registered company (multi-instance linking; needs manage_company_settings). */
/** The portfolio screens were left: their frames are gone (the company shown is remembered). */
export class ClosePortfolio extends Schema.TaggedStruct("ClosePortfolio", {}) {}
export class RemovePortfolioInstance extends Schema.TaggedStruct("RemovePortfolioInstance", { instanceId: Schema.Number, name: Schema.String }) {}

export const PortfolioCommand = Schema.Union(LoadPortfolio, ClosePortfolio, SelectPortfolioCompany, RetryPortfolioFrame, OpenPortfolioReport, LoadPortfolioReports, RemovePortfolioInstance);

// ── events ──────────────────────────────────────────────────────────────────
export class PortfolioLoadStarted extends Schema.TaggedStruct("PortfolioLoadStarted", {}) {}
export class PortfolioLoaded extends Schema.TaggedStruct("PortfolioLoaded", { instances: Schema.Array(RegisteredInstance) }) {}
export class PortfolioLoadFailed extends Schema.TaggedStruct("PortfolioLoadFailed", { message: Schema.String }) {}
export class PortfolioClosed extends Schema.TaggedStruct("PortfolioClosed", {}) {}
export class PortfolioCompanySelected extends Schema.TaggedStruct("PortfolioCompanySelected", { instanceId: Schema.Number }) {}
/** The frame asked for a token and got one (the token itself went to the frame only, never into an event). */
export class PortfolioTokenSent extends Schema.TaggedStruct("PortfolioTokenSent", { instanceId: Schema.Number }) {}
/** The company is signed in inside its frame and shows `path`. */
export class PortfolioFrameLoaded extends Schema.TaggedStruct("PortfolioFrameLoaded", { instanceId: Schema.Number, path: Schema.String }) {}
/** `notAuthorized`: the company has not (or no longer) authorized the instance. */
export class PortfolioFrameFailed extends Schema.TaggedStruct("PortfolioFrameFailed", { instanceId: Schema.Number, message: Schema.String, notAuthorized: Schema.Boolean }) {}
export class PortfolioFrameRetried extends Schema.TaggedStruct("PortfolioFrameRetried", { instanceId: Schema.Number }) {}
/** The frame is to show `path` (asked of it once it is signed in). */
export class PortfolioFrameNavigated extends Schema.TaggedStruct("PortfolioFrameNavigated", { instanceId: Schema.Number, path: Schema.String }) {}
export class PortfolioReportsLoadStarted extends Schema.TaggedStruct("PortfolioReportsLoadStarted", { instanceIds: Schema.Array(Schema.Number) }) {}
export class PortfolioReportsLoaded extends Schema.TaggedStruct("PortfolioReportsLoaded", { instanceId: Schema.Number, reports: Schema.Array(ReportSummary) }) {}
export class PortfolioReportsLoadFailed extends Schema.TaggedStruct("PortfolioReportsLoadFailed", { instanceId: Schema.Number, message: Schema.String }) {}
export class PortfolioInstanceRemoved extends Schema.TaggedStruct("PortfolioInstanceRemoved", { instanceId: Schema.Number }) {}
export class PortfolioInstanceRemoveFailed extends Schema.TaggedStruct("PortfolioInstanceRemoveFailed", { instanceId: Schema.Number, message: Schema.String }) {}

export const PortfolioEvent = Schema.Union(
  PortfolioLoadStarted,
  PortfolioLoaded,
  PortfolioLoadFailed,
  PortfolioClosed,
  PortfolioCompanySelected,
  PortfolioTokenSent,
  PortfolioFrameLoaded,
  PortfolioFrameFailed,
  PortfolioFrameRetried,
  PortfolioFrameNavigated,
  PortfolioReportsLoadStarted,
  PortfolioReportsLoaded,
  PortfolioReportsLoadFailed,
  PortfolioInstanceRemoved,
  PortfolioInstanceRemoveFailed,
);
