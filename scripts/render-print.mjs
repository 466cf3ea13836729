#!/usr/bin/env node
// Renders a print route to PDF from the command line, with the server's own renderer, against the
// configured database (DATABASE_URL, or the embedded one in DATA_DIR: stop the server first, an
// embedded database has one process at a time). Needs the built client (npm run build).
//   node scripts/render-print.mjs /export/custom-dashboard/12 --user anna@example.com --out board.pdf
//   options: --theme light|dark  --orientation landscape|portrait  --tenant "Company name or id"
import { register } from "tsx/esm/api";

register();
const { main } = await import("./print/cli.ts");
process.exitCode = await main(process.argv.slice(2));
