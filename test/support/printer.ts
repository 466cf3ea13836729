import type { PdfPrinter } from "../../src/server/platform/print/pdf-pool";
import type { PrintJob } from "../../src/server/platform/print/render-page";

/** A one-page PDF of the words "test print", small and valid enough for a viewer to open. */
export const TEST_PDF = Buffer.from(
  "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj 3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 842 595]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
);

/**
 * The printer of API tests (fastify.inject has no listening server a browser could load pages
 * from): records the jobs it is given and answers TEST_PDF. The real pool has its own tests
 * (test/server/platform/print) and the browser test prints for real (test/e2e/print.test.ts).
 */
export function recordingPrinter(): PdfPrinter & { readonly jobs: PrintJob[] } {
  const jobs: PrintJob[] = [];
  return {
    jobs,
    print: async (job) => {
      jobs.push(job);
      return TEST_PDF;
    },
    warm: async () => {},
    stats: () => ({ running: 0, waiting: 0, idlePages: 0, browserStarts: 0, pagesOpened: 0 }),
    close: async () => {},
  };
}
