import type { AppConfig } from "../../../contracts/app-config";
import type { Database } from "../database";

/** The installation key whose presence means "demo data is here" (and holds the logins). */
export const DEMO_INFO_KEY = "demo";

export type DemoInfo = NonNullable<AppConfig["demo"]>;

/** The demo logins for the sign-in page, or null when this installation has no demo data. */
export async function readDemoInfo(database: Database): Promise<DemoInfo | null> {
  const row = await database.system.selectFrom("installation").select("value").where("key", "=", DEMO_INFO_KEY).executeTakeFirst();
  return (row?.value as DemoInfo | undefined) ?? null;
}
