import { readEventsAfter } from "../../../../src/server/db/event-log";
import { testApp } from "../../../support/app";
import { createTestTenant, createTestUser, testDatabase } from "../../../support/database";

const system = { kind: "system", name: "test" } as const;
const BOUNDARY = "----company-settings-test";

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/**
 * A company with an administrator (manage_company_settings), a reader of reporting
 * (read_non_sensitive), an employee without grants, a staff user and an inactive user; and a
 * stranger: another company's administrator.
 */
export async function settingsCompany() {
  const { app, services } = await testApp();
  const { withTenant } = await testDatabase();
  const tenantId = await createTestTenant({ name: "Acme GmbH" });
  let groups = 0;
  const headersOf = async (tenant: string, userId: number) => ({ authorization: `Bearer ${await services.signer.sign("access", { tenantId: tenant, userId }, 300)}` });
  const userWith = async (permissions: string[], options: { isStaff?: boolean; isActive?: boolean; tenant?: string } = {}) => {
    const tenant = options.tenant ?? tenantId;
    const user = await createTestUser(tenant, { isStaff: options.isStaff ?? false, isActive: options.isActive ?? true, groups: [{ name: `g${groups++}`, permissions }] });
    return { id: user.id, headers: await headersOf(tenant, user.id) };
  };
  const admin = await userWith(["manage_company_settings", "read_non_sensitive"]);
  const reader = await userWith(["read_non_sensitive"]);
  const employee = await userWith([]);
  const staff = await userWith([], { isStaff: true });
  const inactive = await userWith([], { isActive: false });
  const strangerTenant = await createTestTenant({ name: "Other AG" });
  const stranger = await userWith(["manage_company_settings"], { tenant: strangerTenant });

  const call = async (headers: Record<string, string>, method: Method, url: string, payload?: unknown) => {
    const response = await app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
    const json = response.headers["content-type"]?.toString().startsWith("application/json");
    return { status: response.statusCode, body: json && response.body ? response.json() : null, raw: response.rawPayload, headers: response.headers };
  };
  /** Uploads `bytes` as the file field of a multipart request, named and typed as said (the server judges the bytes). */
  const upload = async (headers: Record<string, string>, url: string, bytes: Buffer, fileName = "logo.png", mediaType = "image/png") => {
    const payload = Buffer.concat([
      Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: ${mediaType}\r\n\r\n`),
      bytes,
      Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
    ]);
    const response = await app.inject({ method: "POST", url, headers: { ...headers, "content-type": `multipart/form-data; boundary=${BOUNDARY}` }, payload });
    return { status: response.statusCode, body: response.body ? response.json() : null };
  };
  const events = (type: string, tenant = tenantId) => withTenant(tenant, system, async ({ db }) => (await readEventsAfter(db, 0, 1000)).filter((event) => event.type === type));
  const rows = <T>(work: (db: Parameters<Parameters<typeof withTenant>[2]>[0]["db"]) => Promise<T>, tenant = tenantId) => withTenant(tenant, system, ({ db }) => work(db));
  return { app, tenantId, admin, reader, employee, staff, inactive, stranger, strangerTenant, userWith, call, upload, events, rows };
}
