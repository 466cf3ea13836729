/** The custom dashboards' texts the server answers with (the contract holds the spec's own). */
export const DASHBOARD_EDIT_FORBIDDEN = "You may view this dashboard but not change it.";
export const DASHBOARD_MANAGE_FORBIDDEN = "Only the dashboard's owner or an administrator may share or delete it.";
/** A layout change made on an older revision (409): the body's `revision` holds the current one. */
export const DASHBOARD_CHANGED = "Someone else changed this dashboard in the meantime. Reload it and try again.";
export const LOCK_NEEDS_CANVAS = "Only a canvas dashboard can be locked.";
export const CARD_NOT_ON_DASHBOARD = "This card is not on this dashboard.";
export const CARD_LISTED_TWICE = "Each card may be listed once.";
export const POSITION_TWICE = "Each position may be given once.";
export const KPI_NOT_READABLE = "This KPI does not exist or you may not read it.";
export const KPI_ALREADY_ON_DASHBOARD = "This KPI is already on this dashboard.";
export const TOO_MANY_CARDS = "A dashboard holds at most 60 cards.";
export const CANVAS_FULL = "There is no room left on this canvas below its cards.";
export const SHARE_WITH_OWNER = "The owner always has access; leave them out of the list.";
export const SHARE_USER_UNKNOWN = "Choose a user of your company.";
export const SHARE_USER_TWICE = "Each user may be listed once.";
export const POSITIONS_INCOMPLETE = "List every dashboard you see, each once.";
/** A chart card whose chart was deleted (a KPI's cards go with the KPI; a chart's stay and say so). */
export const CHART_GONE = "This chart no longer exists.";
export const CHART_UNKNOWN = "Choose a saved chart of your company.";
