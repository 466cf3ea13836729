/**
 * Writes docs/api.md from the route registry's OpenAPI document (GET /api/openapi.json), so the
 * API reference never drifts from the code. `npm run api-docs`; a test fails when it is stale.
 */
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { apiMarkdown } from "../src/server/platform/http/api-markdown";
import { apiDocument } from "../src/server/routes";

const target = fileURLToPath(new URL("../docs/api.md", import.meta.url));
writeFileSync(target, apiMarkdown(apiDocument()));
console.log(`wrote ${target}`);
