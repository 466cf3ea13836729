#!/usr/bin/env node
// Folds a recorded session log headless and prints the read models.
//   node scripts/replay.mjs LOG.json               steps and the final read models
//   node scripts/replay.mjs LOG.json --at N        the read models after step N
//   node scripts/replay.mjs LOG.json --diff A B    what changed between steps A and B
//   add --json for machine output
import { register } from "tsx/esm/api";

register();
const { main } = await import("./replay/cli.ts");
process.exitCode = await main(process.argv.slice(2));
