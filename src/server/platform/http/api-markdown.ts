import type { openApiDocument } from "./openapi";

type Document = ReturnType<typeof openApiDocument>;
type Json = Record<string, unknown>;

/**
 * docs/api.md: the OpenAPI document as a reference to read — every route by root, who may call
 * it, its parameters, body and answer. Generated (scripts/api-docs.ts), never edited by hand.
 */
export function apiMarkdown(document: Document): string {
  const lines = [
    "# Meridian API",
    "",
    "<!-- Generated from the route registry by `npm run api-docs`: do not edit by hand. -->",
    "",
    "Every route of every root, as `GET /api/openapi.json` describes it. Errors answer one shape, `{ detail?, <field>: [messages] }`: 400 for malformed input (messages by field), 401 without a valid credential, 403 without the permission, 404 for an unknown id (also another company's), 413 for a body past the route's limit (256 KB unless a route says more).",
    "",
  ];
  const byTag = new Map<string, { path: string; method: string; operation: Json }[]>();
  for (const [path, operations] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(operations as Record<string, Json>)) {
      const tag = (operation["tags"] as string[])[0]!;
      byTag.set(tag, [...(byTag.get(tag) ?? []), { path, method, operation }]);
    }
  }
  lines.push(`${[...byTag.values()].reduce((count, routes) => count + routes.length, 0)} routes.`, "");
  for (const tag of document.tags) {
    const routes = byTag.get(tag.name) ?? [];
    lines.push(`## ${tag.name}`, "", tag.description, "");
    if (routes.length === 0) lines.push("No routes yet.", "");
    for (const { path, method, operation } of routes) {
      lines.push(`### ${method.toUpperCase()} ${path}`, "", String(operation["summary"]), "", `- Access: ${String(operation["x-access"])}`);
      const parameters = (operation["parameters"] as Json[] | undefined) ?? [];
      for (const parameter of parameters) {
        lines.push(`- ${parameter["in"] === "path" ? "Path" : "Query"} \`${String(parameter["name"])}\`${parameter["required"] ? "" : " (optional)"}: ${describe(parameter["schema"] as Json)}`);
      }
      const body = operation["requestBody"] as { content: Record<string, { schema: Json }> } | undefined;
      if (body) {
        const [mediaType, content] = Object.entries(body.content)[0]!;
        lines.push(`- Body (${mediaType}): ${describe(content.schema)}`);
      }
      const responses = operation["responses"] as Record<string, { description: string; content?: Record<string, { schema?: Json }> }>;
      const [status, success] = Object.entries(responses).find(([code]) => code.startsWith("2") || code.startsWith("3"))!;
      const answer = success.content ? Object.entries(success.content)[0]! : undefined;
      lines.push(`- Answer ${status}: ${answer ? (answer[1].schema ? describe(answer[1].schema) : `${answer[0]}, ${success.description}`) : success.description}`, "");
    }
  }
  return `${lines.join("\n").trimEnd()}\n`;
}

/** A JSON Schema in a line of TypeScript-like notation. */
function describe(schema: Json | undefined, depth = 0): string {
  if (!schema) return "anything";
  if (depth > 4) return "…";
  if (schema["$ref"]) return String(schema["$ref"]).split("/").pop()!;
  if (Array.isArray(schema["enum"])) return (schema["enum"] as unknown[]).map((value) => JSON.stringify(value)).join(" | ");
  if ("const" in schema) return JSON.stringify(schema["const"]);
  for (const key of ["anyOf", "oneOf"]) {
    if (Array.isArray(schema[key])) return (schema[key] as Json[]).map((member) => describe(member, depth + 1)).join(" | ");
  }
  const bounds = [
    schema["minLength"] !== undefined ? `min ${schema["minLength"]} chars` : "",
    schema["maxLength"] !== undefined ? `max ${schema["maxLength"]} chars` : "",
    schema["minimum"] !== undefined ? `≥ ${schema["minimum"]}` : "",
    schema["maximum"] !== undefined ? `≤ ${schema["maximum"]}` : "",
    schema["maxItems"] !== undefined ? `max ${schema["maxItems"]} items` : "",
    schema["format"] && !schema["description"] ? String(schema["format"]) : "",
    schema["description"] && schema["type"] !== "object" ? String(schema["description"]) : "",
  ].filter(Boolean);
  const suffix = bounds.length ? ` (${bounds.join(", ")})` : "";
  switch (schema["type"]) {
    case "object": {
      const properties = schema["properties"] as Record<string, Json> | undefined;
      if (!properties || Object.keys(properties).length === 0) return "object";
      const required = new Set((schema["required"] as string[] | undefined) ?? []);
      return `{ ${Object.entries(properties)
        .map(([name, field]) => `${name}${required.has(name) ? "" : "?"}: ${describe(field, depth + 1)}`)
        .join(", ")} }`;
    }
    case "array":
      return `${describe(schema["items"] as Json, depth + 1)}[]${suffix}`;
    case "integer":
      return `whole number${suffix}`;
    case "string":
    case "number":
    case "boolean":
    case "null":
      return `${String(schema["type"])}${suffix}`;
    default:
      return schema["description"] ? String(schema["description"]) : "anything";
  }
}
