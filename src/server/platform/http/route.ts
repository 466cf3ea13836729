import { Schema } from "@effect/schema";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Permission } from "../../../domain/permissions/catalogue";
import type { PrintResourceKind } from "../../../contracts/print";
import type { TenantContext } from "../../db/tenancy";
import type { AppServices } from "../../services";
import type { RequestUser } from "../auth/authenticate";
import { ID_OUT_OF_RANGE } from "./decode";

/**
 * A route of the API, declared once (DESIGN.md section 4, "The route registry"): its method and
 * path, the contracts of its inputs and answer, who may call it, and its handler. Fastify is wired
 * from these declarations (register-routes.ts), /api/openapi.json and docs/api.md are generated
 * from them (openapi.ts), and the test suite walks them (test/server/registry/). A handler gets
 * its inputs already decoded and its caller already authorized; it stays thin.
 */
export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** Who may call a route. */
export type Access =
  /** Anyone: sign-in, password reset, health. The handler decides whatever else. */
  | { readonly kind: "public" }
  /** A credential other than an access token, checked by the handler (an MFA step token, the refresh cookie). */
  | { readonly kind: "credential"; readonly credential: string }
  /** A signed-in user holding any of `anyOf` (none listed: any signed-in user); staff pass. */
  | {
      readonly kind: "user";
      readonly anyOf: readonly Permission[];
      /** Reachable while a mandatory second factor is still to be set up. */
      readonly duringSecondFactorSetup: boolean;
      /** The 403's detail when the permission is missing. */
      readonly deniedDetail?: string;
      /** The company's feature flag (profile `features`) the route belongs to: off, the route answers 403 for everyone, staff too. */
      readonly feature?: string;
    };

export const PUBLIC: Access = { kind: "public" };
export const credential = (description: string): Access => ({ kind: "credential", credential: description });
export const signedIn = (options: { duringSecondFactorSetup?: boolean } = {}): UserAccess => ({
  kind: "user",
  anyOf: [],
  duringSecondFactorSetup: options.duringSecondFactorSetup ?? false,
});
export const needs = (anyOf: Permission | readonly Permission[], options: { deniedDetail?: string; feature?: string } = {}): UserAccess => ({
  kind: "user",
  anyOf: typeof anyOf === "string" ? [anyOf] : anyOf,
  duringSecondFactorSetup: false,
  ...(options.deniedDetail ? { deniedDetail: options.deniedDetail } : {}),
  ...(options.feature ? { feature: options.feature } : {}),
});

/** The 403 of a route whose feature the company has switched off. */
export const FEATURE_OFF = "This feature is not enabled for your company.";
export type UserAccess = Extract<Access, { kind: "user" }>;

/**
 * A GET route a print page reads may also be called with a print token (platform/print), as the
 * user the token prints for, with that user's permissions. `any`: every print token of the company
 * (shared reads: the company, KPI values); a resource kind: only a token printing the record whose
 * id is the path parameter `param` (another answers 404, as if it did not exist).
 */
export type PrintAccess = ({ readonly scope: "any" } | { readonly scope: PrintResourceKind; readonly param: string }) & {
  /** A read that takes its question as a POST body (spec API: POST /kpis/values/): declared so, it may take print tokens too. */
  readonly readByPost?: true;
};
/** Any print token of the company may read this. */
export const READ_WHILE_PRINTING: PrintAccess = { scope: "any" };
/** A POST that only reads (its question too long for a query): any print token of the company may ask it. */
export const READ_BY_POST_WHILE_PRINTING: PrintAccess = { scope: "any", readByPost: true };
/** Only a print token printing this record (its id in path parameter `param`) may read this. */
export const printedRecord = (kind: PrintResourceKind, param = "id"): PrintAccess => ({ scope: kind, param });

/** A file upload (multipart/form-data) instead of a JSON body. */
export interface Upload {
  readonly field: string;
  readonly maxBytes: number;
  readonly mediaTypes: readonly string[];
  /** The field message past maxBytes, where the spec has its own words (413); a generic one otherwise. */
  readonly tooLarge?: string;
}

/** An uploaded file, read whole within the route's declared size: the body of an upload route. */
export interface UploadedFile {
  readonly filename: string;
  readonly mediaType: string;
  readonly bytes: Buffer;
}

/** What a route answers when it is not JSON (a file, a redirect, an event stream). */
export interface OtherResponse {
  readonly mediaType: string;
  readonly description: string;
}

interface Inputs<P, Q, B> {
  readonly params: P;
  readonly query: Q;
  readonly body: B;
}

export interface PublicCall<P, Q, B> extends Inputs<P, Q, B> {
  readonly request: FastifyRequest;
  readonly reply: FastifyReply;
  readonly services: AppServices;
}

export interface Reader {
  readonly isStaff: boolean;
  readonly permissions: ReadonlySet<Permission>;
}

export interface UserCall<P, Q, B> extends PublicCall<P, Q, B> {
  readonly user: RequestUser;
  /** The caller's permissions, read in this request. */
  readonly reader: Reader;
  /** Runs `work` in one transaction of the caller's company, as the caller. */
  inTenant<T>(work: (context: TenantContext) => Promise<T>): Promise<T>;
}

interface Declaration<P, Q, B> {
  readonly method: Method;
  /** OpenAPI style: /auth/users/{id}/ */
  readonly path: string;
  readonly summary: string;
  readonly description?: string;
  readonly params?: Schema.Schema<P, any>;
  readonly query?: Schema.Schema<Q, any>;
  readonly body?: Schema.Schema<B, any>;
  readonly upload?: Upload;
  /** The answer's contract (JSON), or what else it answers. */
  readonly response?: Schema.Schema<any, any> | OtherResponse;
  /** The success status (200 unless said). */
  readonly status?: number;
  /** Bytes a request body may have; the platform default (256 KB) unless said. */
  readonly bodyLimit?: number;
}

export interface RouteDefinition<P = any, Q = any, B = any> extends Declaration<P, Q, B> {
  readonly access: Access;
  /** Also open to print tokens (userRoute only; GET only). */
  readonly print?: PrintAccess;
  readonly handle: (call: any) => Promise<unknown> | unknown;
}

/** A route anyone (or a holder of another credential) may call. */
export function publicRoute<P = undefined, Q = undefined, B = undefined>(
  declaration: Declaration<P, Q, B> & { access?: Access; handle: (call: PublicCall<P, Q, B>) => Promise<unknown> | unknown },
): RouteDefinition<P, Q, B> {
  return { access: PUBLIC, ...declaration };
}

/** A route of a signed-in user; the platform authenticates and checks the permission first. */
export function userRoute<P = undefined, Q = undefined, B = undefined>(
  declaration: Declaration<P, Q, B> & { access: UserAccess; print?: PrintAccess; handle: (call: UserCall<P, Q, B>) => Promise<unknown> | unknown },
): RouteDefinition<P, Q, B> {
  const reads = declaration.method === "GET" || (declaration.method === "POST" && declaration.print?.readByPost === true);
  if (declaration.print && !reads) throw new Error(`${declaration.method} ${declaration.path}: only reads may take print tokens (GET, or a POST declared READ_BY_POST_WHILE_PRINTING)`);
  return declaration;
}

/** A record id in a path: not a whole number → 400; a whole number no record can have → 404. */
export const PathId = Schema.String.pipe(
  Schema.filter((text) => /^\d+$/.test(text) || "must be a whole number", { jsonSchema: { pattern: "^\\d+$", description: "a record id" } }),
  Schema.transform(Schema.Number, { strict: true, decode: Number, encode: String }),
  Schema.filter((id) => (id >= 1 && Number.isSafeInteger(id)) || ID_OUT_OF_RANGE),
);

export const IdParams = Schema.Struct({ id: PathId });
