import { ROLE_PERMISSIONS } from "../../../../src/domain/permissions/roles";
import { testApp } from "../../../support/app";
import { createTestTenant, createTestUser } from "../../../support/database";

/** The raw data of a small company, as CSV files (dates in 2025; the open deal closes far ahead, so nothing is overdue). */
export const FIXTURE_FILES = {
  employees: ["Employee ID,Name,Department,Hired,Left,FTE", "E1,Ann Archer,Sales,2024-01-01,,", "E2,Ben Baker,Sales,2025-02-01,,0.5", "E3,Cid Carter,Engineering,2024-06-01,2025-01-31,"],
  products: ["Product ID,Name,Category,Price,Unit cost", "SUB,Core,Subscription,1200,240", "SRV,Setup,Services,5000,3000"],
  "sales-targets": ["Month,Target", "2025-01,10000", "2025-02,10000", "2025-03,20000"],
  deals: [
    "Deal ID,Name,Customer,Owner ID,Product ID,Stage,Amount,Cost,Recurring months,Created,MQL date,SQL date,Proposal date,Negotiation date,Expected close,Closed",
    "D1,Acme core,Acme,E1,SUB,Won,12000,2400,12,2025-01-05,2025-01-06,2025-01-10,2025-01-15,2025-01-20,,2025-01-25",
    "D2,Bolt setup,Bolt,E2,SRV,Won,5000,3000,,2025-01-10,2025-01-12,2025-01-20,2025-02-01,,,2025-02-15",
    "D3,Crane setup,Crane,E1,SRV,Lost,8000,,,2025-02-01,2025-02-03,2025-02-10,,,,2025-02-20",
    "D4,Delta core,Delta,E2,SUB,Proposal,6000,,12,2025-02-10,2025-02-11,2025-02-15,2025-03-01,,2199-01-15,",
    "D5,Echo lead,Echo,E1,SRV,Lead,3000,,,2025-03-01,,,,,,",
    "D6,Broken,Fox,E9,SUB,,1000,,,2025-03-02,,,,,,",
  ],
} as const;

/** A multipart body with one file, as a browser sends an upload. */
export function csvUpload(content: string | Buffer, name = "data.csv") {
  const boundary = "----meridian-warehouse-boundary";
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: text/csv\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, Buffer.from(content), tail]), headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}

/** A company whose administrator uploads `files` (the fixture unless told otherwise). */
export async function warehouseCompany(files: Partial<Record<keyof typeof FIXTURE_FILES, readonly string[]>> = FIXTURE_FILES) {
  const { app, services } = await testApp();
  const tenantId = await createTestTenant();
  const tokenOf = async (permissions: readonly string[], name = "Administrator") => {
    const user = await createTestUser(tenantId, { groups: [{ name, permissions: [...permissions] }] });
    return { userId: user.id, headers: { authorization: `Bearer ${await services.signer.sign("access", { tenantId, userId: user.id }, 600)}` } };
  };
  const admin = await tokenOf(ROLE_PERMISSIONS.Administrator);
  const upload = (kind: string, content: string | Buffer, headers = admin.headers, name = `${kind}.csv`) => {
    const body = csvUpload(content, name);
    return app.inject({ method: "POST", url: `/warehouse-api/raw-data/${kind}/`, headers: { ...headers, ...body.headers }, payload: body.payload });
  };
  for (const kind of ["employees", "products", "sales-targets", "deals"] as const) {
    const lines = files[kind];
    if (!lines) continue;
    const answer = await upload(kind, lines.join("\n"));
    if (answer.statusCode !== 201) throw new Error(`fixture upload of ${kind}: ${answer.statusCode} ${answer.body}`);
  }
  const get = (url: string, headers = admin.headers) => app.inject({ method: "GET", url: `/warehouse-api${url}`, headers });
  return { app, services, tenantId, admin, tokenOf, upload, get };
}
