import { AST, JSONSchema, Schema } from "@effect/schema";
import { Option } from "effect";
import type { OtherResponse, RouteDefinition } from "./route";

/** Where a set of routes is mounted, and what they are. */
export interface MountedRoutes {
  readonly name: string;
  readonly prefix: string;
  readonly description: string;
  readonly routes: readonly RouteDefinition[];
}

type JsonSchema = Record<string, unknown>;

/**
 * The OpenAPI 3.1 document of every declared route, generated from the registry: the one
 * description of the API that the docs (docs/api.md) and the test suites walk. Input schemas are
 * the wire form (what a client sends), with the bounds the contracts annotate.
 */
export function openApiDocument(mounts: readonly MountedRoutes[], info: { title: string; version: string }) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const mount of mounts) {
    for (const route of mount.routes) {
      const path = `${mount.prefix}${route.path}`;
      (paths[path] ??= {})[route.method.toLowerCase()] = operation(mount, route);
    }
  }
  return {
    openapi: "3.1.0",
    info: { ...info, description: "Generated from the route registry (src/server/routes.ts). Every error answers the error shape: { detail?, <field>: [messages] }." },
    servers: [{ url: "/" }],
    tags: mounts.map((mount) => ({ name: mount.name, description: mount.description })),
    components: {
      securitySchemes: {
        accessToken: { type: "http", scheme: "bearer", bearerFormat: "JWT", description: "The access token of POST /auth-api/auth/token/ or /api/auth/token/refresh/" },
        printToken: { type: "http", scheme: "bearer", bearerFormat: "JWT", description: "A print token (two minutes, one printed record; POST /api/print-tokens/): only on the GET routes a print page reads" },
      },
      schemas: { Error: ERROR_SCHEMA },
    },
    paths,
  };
}

const ERROR_SCHEMA: JsonSchema = {
  type: "object",
  description: "One error shape for every root: a detail, and messages by field",
  properties: { detail: { type: "string" } },
  additionalProperties: { type: "array", items: { type: "string" } },
};

function operation(mount: MountedRoutes, route: RouteDefinition) {
  const access = route.access;
  const parameters = [...fieldsOf(route.params, "path"), ...fieldsOf(route.query, "query")];
  const status = String(route.status ?? 200);
  const errors: Record<string, string> = { "400": "Malformed input: messages by field" };
  if (route.params) errors["404"] = "No such record (or another company's)";
  if (access.kind !== "public") errors["401"] = "Not signed in, or the credential is not valid";
  if (access.kind === "user") {
    const permission = access.anyOf.length > 0 ? `Needs one of: ${access.anyOf.join(", ")}` : "Refused by a rule of the route";
    errors["403"] = access.feature ? `${permission}; or the company's feature ${access.feature} is off` : permission;
  }
  if (route.upload || route.body) errors["413"] = "The body is larger than the route allows";
  return {
    tags: [mount.name],
    operationId: `${route.method.toLowerCase()}${`${mount.prefix}${route.path}`.replace(/[{}]/g, "").replace(/[^A-Za-z0-9]+(.)?/g, (_match, next: string | undefined) => (next ?? "").toUpperCase())}`,
    summary: route.summary,
    ...(route.description ? { description: route.description } : {}),
    ...(access.kind === "user" ? { security: route.print ? [{ accessToken: [] }, { printToken: [] }] : [{ accessToken: [] }] } : { security: [] }),
    "x-access": accessText(route),
    "x-tenant-scoped": access.kind === "user",
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(route.body || route.upload ? { requestBody: requestBody(route) } : {}),
    responses: {
      [status]: responseOf(route, status),
      ...Object.fromEntries(Object.entries(errors).map(([code, description]) => [code, { description, content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } } }])),
    },
  };
}

/** Who may call a route, in words (docs/api.md prints it). */
export function accessText(route: RouteDefinition): string {
  const access = route.access;
  if (access.kind === "public") return "public";
  if (access.kind === "credential") return `public, with ${access.credential}`;
  const permitted = access.anyOf.length > 0 ? `signed in with ${access.anyOf.join(" or ")}` : "signed in";
  const who = access.feature ? `${permitted}, where the company's feature ${access.feature} is on` : permitted;
  const printing = route.print ? (route.print.scope === "any" ? "; also with a print token" : `; also with a print token of this ${route.print.scope}`) : "";
  return access.duringSecondFactorSetup ? `${who} (also while a mandatory second factor is still to be set up)${printing}` : `${who}${printing}`;
}

function requestBody(route: RouteDefinition) {
  if (route.upload) {
    return {
      required: true,
      content: {
        "multipart/form-data": {
          schema: { type: "object", required: [route.upload.field], properties: { [route.upload.field]: { type: "string", format: "binary", description: `at most ${route.upload.maxBytes} bytes; ${route.upload.mediaTypes.join(", ")}` } } },
        },
      },
    };
  }
  return { required: true, content: { "application/json": { schema: wireSchema(route.body!) } } };
}

function responseOf(route: RouteDefinition, status: string) {
  const response = route.response;
  if (status === "204" || !response) return { description: status === "204" ? "Done, no content" : "Done" };
  if (isOther(response)) return { description: response.description, content: { [response.mediaType]: {} } };
  return { description: "Done", content: { "application/json": { schema: wireSchema(response) } } };
}

const isOther = (response: NonNullable<RouteDefinition["response"]>): response is OtherResponse => !Schema.isSchema(response);

/** Path or query fields as OpenAPI parameters. */
function fieldsOf(schema: Schema.Schema<any, any> | undefined, where: "path" | "query") {
  if (!schema) return [];
  const json = wireSchema(schema) as { properties?: Record<string, JsonSchema>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, field]) => ({
    name,
    in: where,
    required: where === "path" || (json.required ?? []).includes(name),
    schema: field,
  }));
}

/**
 * The JSON Schema of what a client sends or receives: the encoded side (before any
 * transformation), with every bound a JSON Schema can say. Built-in refinements (lengths, ranges,
 * patterns) and our field vocabulary say theirs; a contract's own check that has no JSON Schema
 * form (a rule across fields, a list of allowed values in a filter) is left out rather than
 * failing the document.
 */
export function wireSchema(schema: Schema.Schema<any, any>): JsonSchema {
  try {
    const { $schema: _dialect, ...json } = JSONSchema.make(Schema.make(withoutUnsayableChecks(AST.encodedBoundAST(schema.ast)))) as unknown as JsonSchema;
    return json;
  } catch {
    return { description: String(AST.encodedAST(schema.ast)) };
  }
}

/** The AST with every refinement that carries no JSON Schema annotation replaced by what it refines. */
function withoutUnsayableChecks(ast: AST.AST): AST.AST {
  switch (ast._tag) {
    case "Refinement":
      return Option.isSome(AST.getJSONSchemaAnnotation(ast)) ? new AST.Refinement(withoutUnsayableChecks(ast.from), ast.filter, ast.annotations) : withoutUnsayableChecks(ast.from);
    case "TypeLiteral":
      return new AST.TypeLiteral(
        ast.propertySignatures.map((field) => new AST.PropertySignature(field.name, withoutUnsayableChecks(field.type), field.isOptional, field.isReadonly, field.annotations)),
        ast.indexSignatures.map((index) => new AST.IndexSignature(withoutUnsayableChecks(index.parameter), withoutUnsayableChecks(index.type), index.isReadonly)),
        ast.annotations,
      );
    case "Union":
      return AST.Union.make(ast.types.map(withoutUnsayableChecks), ast.annotations);
    case "TupleType":
      return new AST.TupleType(
        ast.elements.map((element) => new AST.OptionalType(withoutUnsayableChecks(element.type), element.isOptional, element.annotations)),
        ast.rest.map((rest) => new AST.Type(withoutUnsayableChecks(rest.type), rest.annotations)),
        ast.isReadonly,
        ast.annotations,
      );
    case "Suspend":
      return new AST.Suspend(() => withoutUnsayableChecks(ast.f()), ast.annotations);
    default:
      return ast;
  }
}
