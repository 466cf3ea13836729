import { cleanup } from "@testing-library/react";
import { test } from "uvu";
import * as assert from "uvu/assert";
import type { DomainEvent } from "../../../../src/contracts/messages";
import { initialState } from "../../../../src/client/app/state";
import { initialKpis, kpisReducer, type KpisModel } from "../../../../src/client/features/kpis/model";
import { useKpiMeta, useKpiView } from "../../../../src/client/features/kpis/views/hooks";
import { KpiDataChangedElsewhere, KpiMetaLoaded, KpiMetaLoadFailed, KpiMetaLoadStarted } from "../../../../src/contracts/messages/kpis";
import { kpiMeta } from "../../../support/kpi-meta";
import { renderWithBus } from "../../support/dom";

test.after.each(() => cleanup());

const fold = (model: KpisModel, ...events: DomainEvent[]): KpisModel =>
  events.reduce((folded, event, index) => kpisReducer(folded, event, { seq: index + 1, type: event._tag, version: 1, payload: event, occurredAt: "", origin: "local" }), model);
const catalogue = [kpiMeta(7, { name: "Revenue" })];
const loaded = fold(initialKpis, KpiMetaLoadStarted.make({}), KpiMetaLoaded.make({ kpis: catalogue }));

test("a catalogue reload keeps the loaded KPIs and status, so open views keep their data", () => {
  assert.is(loaded.meta.answers, 0);
  const changed = fold(loaded, KpiDataChangedElsewhere.make({ kpiIds: [7] }));
  const reloading = fold(changed, KpiMetaLoadStarted.make({}));
  assert.is(reloading.meta.status, "loaded");
  assert.is(reloading.meta.refreshing, true);
  assert.equal(reloading.meta.kpis, catalogue);
  const failed = fold(reloading, KpiMetaLoadFailed.make({ message: "offline" }));
  assert.is(failed.meta.status, "loaded", "a failed refresh keeps what the screens show");
  assert.is(failed.meta.answers, 1, "and does not ask again until the data changes again");
  const first = fold(initialKpis, KpiMetaLoadStarted.make({}), KpiMetaLoadFailed.make({ message: "offline" }));
  assert.is(first.meta.status, "error");
});

function Screen() {
  const meta = useKpiMeta();
  useKpiView(meta.status === "loaded" ? { _tag: "LoadKpiValues", key: "test", startDate: "2026-01-01", date: "2026-10-01", type: "all", idList: [7], includePlanning: true, fxRate: null } : null);
  return <p>{meta.kpis.length} KPIs</p>;
}

const tagsOf = (commands: { _tag: string }[]) => commands.map((command) => command._tag);

test("a screen change does not load the catalogue again; a screen asks for its values once, after the saved settings", async () => {
  const kpis = { ...loaded, settingsLoaded: true };
  const first = await renderWithBus(<Screen />, { state: { kpis } });
  first.unmount();
  const second = await renderWithBus(<Screen />, { state: { kpis } });
  assert.equal(tagsOf(first.commands), ["LoadKpiValues"]);
  assert.equal(tagsOf(second.commands), ["LoadKpiValues"]);
  second.unmount();

  const waiting = await renderWithBus(<Screen />, { state: { kpis: { ...loaded, settingsLoaded: false } } });
  assert.equal(tagsOf(waiting.commands), ["LoadAppSettings"], "no values request before the saved period is known");
  waiting.unmount();

  const stale = await renderWithBus(<Screen />, { state: { ...initialState, kpis: { ...kpis, revision: 1 } } });
  assert.equal(tagsOf(stale.commands).sort(), ["LoadKpiMeta", "LoadKpiValues"], "changed data: the catalogue loads again");
});

test.run();
