// Writes the demo company's sample accounting archive (the same bytes "Download the sample
// archive" in the wizard gives): a year of bookings up to last month, over 33 accounts, with the
// open positions of debtors and creditors. For looking at the format or uploading by hand.
//   npx tsx scripts/demo/accounting-sample.ts [file] [YYYY-MM]
// The month is the one after the archive's last (default: this month); Northwind AG's sample
// with MERIDIAN_SAMPLE_COMPANY=northwind.
import { writeFileSync } from "node:fs";
import { DEMO_GMBH_ID, NORTHWIND_ID } from "../../src/server/db/seed/demo-companies";
import { sampleArchiveFor } from "../../src/server/features/accounting/accounting-sample";

const [file = "accounting-sample.zip", month] = process.argv.slice(2);
if (month && !/^\d{4}-(0[1-9]|1[0-2])$/.test(month)) throw new Error(`the month must be YYYY-MM, not ${month}`);
const now = month ? new Date(`${month}-15T12:00:00Z`) : new Date();
const company = process.env["MERIDIAN_SAMPLE_COMPANY"] === "northwind" ? NORTHWIND_ID : DEMO_GMBH_ID;
const archive = sampleArchiveFor(company, now)!;
writeFileSync(file, archive);
console.log(`wrote ${file} (${archive.length} bytes)`);
