import type { FastifyRequest } from "fastify";
import { canReadSensitivity } from "../../../domain/permissions/sensitivity";
import type { TenantContext } from "../../db/tenancy";
import { authenticate, type RequestUser } from "../../platform/auth/authenticate";
import { permissionsOf } from "../../platform/auth/permissions";
import { forbidden, notFound } from "../../platform/http/errors";
import type { AppServices } from "../../services";
import type { Reader } from "./kpi-service";

/**
 * Who may do what in KPI reporting beyond a single KPI's sensitivity:
 * - reading company-wide reporting settings (currencies, categories) needs any KPI read
 *   permission (level 0 is readable with any of them), since they only make sense next to values;
 * - changing them (named FX rates, the corporate currency, a category's columns) is company
 *   administration: manage_company_settings (docs/decisions.md, "KPI reporting API").
 * Staff pass both.
 */
export const mayReadReporting = (reader: Reader) => reader.isStaff || canReadSensitivity(reader.permissions, 0);
export const mayManageReporting = (reader: Reader) => reader.isStaff || reader.permissions.has("manage_company_settings");

export interface UserWork {
  readonly context: TenantContext;
  readonly user: RequestUser;
  readonly reader: Reader;
}

/** Authenticates the request and runs `work` in the user's tenant transaction with their permissions. */
export function asUser(services: Pick<AppServices, "signer" | "withTenant">) {
  return async <T>(request: FastifyRequest, work: (scope: UserWork) => Promise<T>): Promise<T> => {
    const user = await authenticate(request, services.signer, services.withTenant);
    return services.withTenant(user.tenantId, { kind: "user", userId: user.userId }, async (context) =>
      work({ context, user, reader: await permissionsOf(context, user.userId) }),
    );
  };
}

export const requireReportingRead = (reader: Reader) => {
  if (!mayReadReporting(reader)) throw forbidden();
};

export const requireReportingManage = (reader: Reader) => {
  if (!mayManageReporting(reader)) throw forbidden();
};

/** A path id: a positive whole number, or the resource is unknown (404, never a database error). */
export function pathId(raw: string): number {
  if (!/^\d{1,15}$/.test(raw)) throw notFound();
  return Number(raw);
}

