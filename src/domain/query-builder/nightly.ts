/**
 * Active queries are calculated again every night, so a query's KPI follows the data it reads
 * (values typed, uploaded or synchronized during the day) without anyone saving the query.
 * 02:00 UTC: after the European working day and the integrations' evening syncs, before anyone in
 * Europe opens a dashboard. A company has one nightly run that calculates all its active queries.
 */
export const NIGHTLY_HOUR_UTC = 2;

/** The next 02:00 UTC strictly after `now`. */
export function nextNightlyRun(now: Date): Date {
  const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), NIGHTLY_HOUR_UTC));
  if (next.getTime() <= now.getTime()) next.setUTCDate(next.getUTCDate() + 1);
  return next;
}
