import { alertCheckJob } from "./features/alerts/alert-check-job";
import { integrationSyncJob } from "./features/integrations/integration-sync";
import { queryRecalculationJob } from "./features/query-builder/query-recalculation";
import { okrReminderJob } from "./features/okr-scheduler/reminder-job";
import type { AppServices } from "./services";

/**
 * THE JOB REGISTRY: every job the server runs, defined once before the runner starts (bootstrap,
 * and the test app). A feature adds its job here; it is then queued by name with
 * `services.jobs.enqueue(context, name, data)`.
 */
export function defineJobs(services: AppServices) {
  services.jobs.define(integrationSyncJob(services));
  services.jobs.define(queryRecalculationJob(services));
  services.jobs.define(alertCheckJob(services));
  services.jobs.define(okrReminderJob(services));
}
