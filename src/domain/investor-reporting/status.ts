import type { ReportStatus } from "../../contracts/investor-reporting";
import { ALREADY_APPROVED, NOT_APPROVED, NOT_SENT_YET } from "./texts";

/**
 * A report's life (spec section 4): draft → approved (approve) → sent (send). Sending again
 * (to recipients added later) keeps it sent; nothing goes back to draft, since the numbers frozen
 * at approval are what the recipients were sent. Notifying recipients again needs a sent report.
 */
export type ReportAction = "approve" | "send" | "notify";

export type Transition = { readonly ok: true; readonly status: ReportStatus } | { readonly ok: false; readonly message: string };

export function transition(current: ReportStatus, action: ReportAction): Transition {
  switch (action) {
    case "approve":
      return current === "draft" ? { ok: true, status: "approved" } : { ok: false, message: ALREADY_APPROVED };
    case "send":
      return current === "draft" ? { ok: false, message: NOT_APPROVED } : { ok: true, status: "sent" };
    case "notify":
      return current === "sent" ? { ok: true, status: "sent" } : { ok: false, message: NOT_SENT_YET };
  }
}

/** Approved and sent reports keep the numbers stored at approval; drafts are recalculated on load. */
export const isFrozen = (status: ReportStatus) => status !== "draft";

/** Where a report's section data comes from when it is read. */
export const dataSourceOf = (status: ReportStatus): "frozen" | "recalculated" => (isFrozen(status) ? "frozen" : "recalculated");
