import type { Deal, Employee, Product } from "../../../src/domain/warehouse/records";

/** A deal with nothing but what a test names: an open lead created on 2026-01-10. */
export const deal = (key: string, fields: Partial<Deal> = {}): Deal => ({
  key,
  name: `Deal ${key}`,
  customer: `Customer ${key}`,
  ownerKey: null,
  productKey: null,
  stage: "lead",
  amount: 1000,
  cost: null,
  recurringMonths: null,
  createdOn: "2026-01-10",
  mqlOn: null,
  sqlOn: null,
  proposalOn: null,
  negotiationOn: null,
  expectedCloseOn: null,
  closedOn: null,
  ...fields,
});

export const employee = (key: string, fields: Partial<Employee> = {}): Employee => ({ key, name: `Person ${key}`, department: "Sales", hiredOn: "2025-01-01", leftOn: null, fte: 1, ...fields });

export const product = (key: string, fields: Partial<Product> = {}): Product => ({ key, name: `Product ${key}`, category: "Subscription", price: 100, unitCost: 20, ...fields });
