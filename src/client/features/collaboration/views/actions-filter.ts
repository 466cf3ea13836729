import type { ActionsFilter } from "../../../../contracts/messages/collaboration";

const STATUSES = new Set(["open", "in_progress", "done"]);
const id = (text: string | null) => (text && /^\d{1,15}$/.test(text) && Number(text) > 0 ? Number(text) : null);

/** The actions list's filter from the address (?user=&kpi=&status=&page=): anything else reads as no filter. */
export function filterOf(search: string): ActionsFilter {
  const query = new URLSearchParams(search);
  const status = query.get("status");
  return { user: id(query.get("user")), kpi: id(query.get("kpi")), status: status && STATUSES.has(status) ? (status as ActionsFilter["status"]) : null, page: id(query.get("page")) ?? 1 };
}

/** The address's query for a filter: only what differs from the defaults. */
export function searchOf(filter: ActionsFilter): string {
  const query = new URLSearchParams();
  if (filter.user !== null) query.set("user", String(filter.user));
  if (filter.kpi !== null) query.set("kpi", String(filter.kpi));
  if (filter.status !== null) query.set("status", filter.status);
  if (filter.page > 1) query.set("page", String(filter.page));
  const text = query.toString();
  return text ? `?${text}` : "";
}
