import type { Insertable } from "kysely";
import type { OpenDeal } from "../../../domain/warehouse/pipeline";
import type { Deal, Employee, Product, RawDataKind, SalesTarget, WarehouseData } from "../../../domain/warehouse/records";
import type { DatabaseSchema } from "../../db/schema";
import type { TenantContext } from "../../db/tenancy";

/**
 * The raw data of the caller's company, read in its transaction (row-level security keeps it to
 * the company). Every analytics view reads the whole of it and computes in the domain: a company's
 * raw data is bounded by the upload limit, and one set of rules serves every view.
 */
export async function loadWarehouseData({ db }: TenantContext): Promise<WarehouseData> {
  const [deals, employees, products, salesTargets] = await Promise.all([
    db.selectFrom("warehouse_deals").selectAll().orderBy("deal_key").execute(),
    db.selectFrom("warehouse_employees").selectAll().orderBy("employee_key").execute(),
    db.selectFrom("warehouse_products").selectAll().orderBy("product_key").execute(),
    db.selectFrom("warehouse_sales_targets").selectAll().orderBy("month").execute(),
  ]);
  return {
    deals: deals.map(
      (row): Deal => ({
        key: row.deal_key,
        name: row.name,
        customer: row.customer,
        ownerKey: row.owner_key,
        productKey: row.product_key,
        stage: row.stage,
        amount: row.amount,
        cost: row.cost,
        recurringMonths: row.recurring_months,
        createdOn: row.created_on,
        mqlOn: row.mql_on,
        sqlOn: row.sql_on,
        proposalOn: row.proposal_on,
        negotiationOn: row.negotiation_on,
        expectedCloseOn: row.expected_close_on,
        closedOn: row.closed_on,
      }),
    ),
    employees: employees.map((row): Employee => ({ key: row.employee_key, name: row.name, department: row.department, hiredOn: row.hired_on, leftOn: row.left_on, fte: row.fte })),
    products: products.map((row): Product => ({ key: row.product_key, name: row.name, category: row.category, price: row.price, unitCost: row.unit_cost })),
    salesTargets: salesTargets.map((row): SalesTarget => ({ month: row.month, amount: row.amount })),
  };
}

/** Rows per statement: well under PostgreSQL's 65,535 bind parameters at 17 columns. */
const BATCH = 1000;

/** Replaces every row of one kind with `records` (a kind is uploaded whole, as its source exports it). */
export async function replaceRawData(context: TenantContext, kind: RawDataKind, records: readonly (Deal | Employee | Product | SalesTarget)[]) {
  const { db, tenantId } = context;
  const insert = async <T extends keyof DatabaseSchema>(table: T, rows: Insertable<DatabaseSchema[T]>[]) => {
    await db.deleteFrom(table).execute();
    for (let start = 0; start < rows.length; start += BATCH) await db.insertInto(table).values(rows.slice(start, start + BATCH) as never).execute();
  };
  switch (kind) {
    case "deals":
      return insert("warehouse_deals", (records as Deal[]).map((deal) => dealRow(tenantId, deal)));
    case "employees":
      return insert(
        "warehouse_employees",
        (records as Employee[]).map((employee) => ({ tenant_id: tenantId, employee_key: employee.key, name: employee.name, department: employee.department, hired_on: employee.hiredOn, left_on: employee.leftOn, fte: employee.fte })),
      );
    case "products":
      return insert(
        "warehouse_products",
        (records as Product[]).map((product) => ({ tenant_id: tenantId, product_key: product.key, name: product.name, category: product.category, price: product.price, unit_cost: product.unitCost })),
      );
    case "sales-targets":
      return insert("warehouse_sales_targets", (records as SalesTarget[]).map((target) => ({ tenant_id: tenantId, month: target.month, amount: target.amount })));
  }
}

export const dealRow = (tenantId: string, deal: Deal): Insertable<DatabaseSchema["warehouse_deals"]> => ({
  tenant_id: tenantId,
  deal_key: deal.key,
  name: deal.name,
  customer: deal.customer,
  owner_key: deal.ownerKey,
  product_key: deal.productKey,
  stage: deal.stage,
  amount: deal.amount,
  cost: deal.cost,
  recurring_months: deal.recurringMonths,
  created_on: deal.createdOn,
  mql_on: deal.mqlOn,
  sql_on: deal.sqlOn,
  proposal_on: deal.proposalOn,
  negotiation_on: deal.negotiationOn,
  expected_close_on: deal.expectedCloseOn,
  closed_on: deal.closedOn,
});

/** Keeps a snapshot's open deals. */
export async function insertSnapshotDeals({ db, tenantId }: TenantContext, snapshotId: number, open: readonly OpenDeal[]) {
  const rows = open.map((deal) => ({ tenant_id: tenantId, snapshot_id: snapshotId, deal_key: deal.key, name: deal.name, stage: deal.stage, amount: deal.amount, expected_close_on: deal.expectedCloseOn }));
  for (let start = 0; start < rows.length; start += BATCH) await db.insertInto("warehouse_snapshot_deals").values(rows.slice(start, start + BATCH)).execute();
}
