/** The forecasting texts: the spec's (sections 5 and 8) verbatim, the rest written once here. */
export const FORECAST_NAME_TAKEN = "A forecast with this name already exists.";
export const NEEDS_TWO_MONTHS = "Linear progression needs at least 2 months of data.";
export const SPREADSHEET_NEEDS_DATA = "A spreadsheet-service forecast needs data in the integration.";
export const SPREADSHEET_NO_KPI_DATA = "The spreadsheet has no values for this KPI in the forecast timeframe.";
export const ACTUALS_ORDER = "The actuals timeframe must end on or after its first month.";
export const FORECAST_ORDER = "The forecast timeframe must end on or after its first month.";
export const FORECAST_AFTER_ACTUALS = "The forecast timeframe must start after the actuals timeframe.";
export const ACTUALS_TOO_SHORT = "The actuals timeframe needs at least 2 months.";
export const TIMEFRAME_TOO_LONG = "A timeframe may span at most 120 months.";
export const ACTUALS_IN_FUTURE = "The actuals timeframe cannot end after last month.";
export const CATEGORY_UNKNOWN = "Choose a category of your company.";
export const ACCURACY_ZERO_ACTUALS = "Months with an actual of 0 are left out of the accuracy (a percentage of 0 is not defined).";
export const ACCURACY_NO_ACTUALS = "No actuals have arrived for this forecast's months yet.";
export const FORECAST_WRITE_FORBIDDEN = "You need permission to write forecasts.";
export const VALUES_FORBIDDEN = "You may not write forecast values of this KPI.";
export const VALUE_OUTSIDE_TIMEFRAME = "This month is outside the forecast timeframe.";
export const SYSTEM_FORECAST_DELETE = "A system forecast cannot be deleted.";
export const ACTIVE_FORECAST_DELETE = "Deactivate or switch the active forecast before deleting it.";
/** A timeframe may span at most this many months. */
export const MAX_TIMEFRAME_MONTHS = 120;
