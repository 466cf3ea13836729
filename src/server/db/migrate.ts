import { Migrator } from "kysely/migration";
import type { Database } from "./database";
import { migrationProvider } from "./migrations";

/** Brings the schema up to date; throws with the failing migration's name and cause. */
export async function migrateToLatest(database: Database): Promise<string[]> {
  // Features land from parallel branches, each with its own number: a database that already ran a
  // later number still takes an earlier one that arrives afterwards (each migration stands alone).
  const migrator = new Migrator({ db: database.system, provider: migrationProvider, allowUnorderedMigrations: true });
  const { error, results = [] } = await migrator.migrateToLatest();
  const failed = results.find((result) => result.status === "Error");
  if (error) {
    const name = failed ? ` (${failed.migrationName})` : "";
    throw new Error(`Database migration failed${name}: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  }
  return results.filter((result) => result.status === "Success").map((result) => result.migrationName);
}
