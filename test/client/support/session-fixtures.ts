/**
 * A signed-in person's company and profile for screen tests, as the session holds them: the
 * demo company unless a test names another, the person's permissions as the test gives them.
 */
export const demoCompany = (overrides: Partial<{ name: string; kind: "company" | "investor" | "holding"; isInvestorInstance: boolean }> = {}) => ({
  name: "Demo GmbH",
  kind: "company" as "company" | "investor" | "holding",
  multiCurrency: false,
  isInvestorInstance: false,
  localCurrency: "EUR",
  fiscal_year_offset: 0,
  fxRates: [],
  ...overrides,
});

export const profileWith = (permissions: string[], person: { email: string; first_name: string; last_name: string } = { email: "ada@demo.example", first_name: "Ada", last_name: "Administrator" }) => ({
  id: 1,
  ...person,
  features: [],
  is_holding_instance: false,
  access_custom_dashboard: false,
  is_staff: false,
  user_permissions: permissions,
  groups: [],
  two_factor: { enabled: false, required: false },
});
