import { Button } from "../../../ui/button";
import { Cluster } from "../../../ui/layout";
import { Text } from "../../../ui/text";

export const PAGE_SIZE = 50;

/** "Bookings 51–100 of 1,473" with Previous and Next, above its table (where no toast covers it): the server pages, the person moves. */
export function Pager({ label, page, busy, onPage }: { label: string; page: { count: number; offset: number; limit: number; results: readonly unknown[] }; busy: boolean; onPage: (offset: number) => void }) {
  if (page.count === 0) return null;
  const first = page.offset + 1;
  const last = page.offset + page.results.length;
  return (
    <Cluster $justify="space-between">
      <Text $tone="muted" aria-live="polite">
        {`${label.charAt(0).toUpperCase()}${label.slice(1)} ${first.toLocaleString("en")}–${last.toLocaleString("en")} of ${page.count.toLocaleString("en")}`}
      </Text>
      <Cluster>
        <Button size="sm" disabled={busy || page.offset === 0} onClick={() => onPage(Math.max(0, page.offset - page.limit))}>
          Previous
        </Button>
        <Button size="sm" disabled={busy || last >= page.count} onClick={() => onPage(page.offset + page.limit)}>
          Next
        </Button>
      </Cluster>
    </Cluster>
  );
}
