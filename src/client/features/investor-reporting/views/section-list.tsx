import { useEffect, useState } from "react";
import { styled } from "styled-components";
import { KPI_VARIANTS, type InvestorReport, type ReportData, type ReportSection } from "../../../../contracts/investor-reporting";
import { SECTION_VARIANT_LABELS } from "../../../../domain/investor-reporting/section-naming";
import type { AppState } from "../../../app/state";
import { useDispatch, useModel } from "../../../bus/use-model";
import { Alert } from "../../../ui/alert";
import { Badge } from "../../../ui/badge";
import { Button } from "../../../ui/button";
import { useConfirm } from "../../../ui/confirm";
import { FormField } from "../../../ui/form-field";
import { Select } from "../../../ui/inputs";
import { EmptyState } from "../../../ui/states";
import { RADIUS, SPACE } from "../../../ui/tokens";
import { VisuallyHidden } from "../../../ui/visually-hidden";
import { useReorderable } from "../../../ui/reorderable";
import { ReportSectionView } from "../report-view/section-view";
import { AttachmentsPanel } from "./attachments-panel";
import { useAction } from "./common";
import { NameDialog } from "./report-dialogs";
import { SectionSettingsDialog } from "./section-settings-dialog";
import { TextSectionEditor } from "./text-editor";

export const VIEW_LABEL = { actual_comparison: "Actual comparison", flexible_columns: "Flexible columns" } as const;
export const SORT_HINT = "Drag a section by its handle, or focus the handle and press the up and down arrow keys (Home and End: first and last) to change the order.";
const DRAG_TYPE = "application/x-meridian-report-section";

/**
 * The report's sections in order, each with its name, variant, view and figures (the report
 * view's ReportSectionView; text sections of a draft as their editor). A draft's writer adds a
 * section of each creatable variant, renames it, changes its settings, removes it and sorts the
 * sections by dragging a handle or with the arrow keys on it; each move is said in a live region.
 */
export function SectionList({ report, data }: { report: InvestorReport; data: ReportData | null }) {
  const dispatch = useDispatch();
  const confirm = useConfirm();
  const variants = useModel((state: AppState) => state.investorReporting.variants);
  const editable = report.canEdit && report.status === "draft";
  const [adding, setAdding] = useState("");
  const [dialog, setDialog] = useState<{ kind: "rename" | "settings"; section: ReportSection } | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const addState = useAction("add-section", report.id);
  const sortState = useAction("sort-sections", report.id);
  const removeState = useAction("remove-section", report.id);
  useEffect(() => {
    if (editable) dispatch({ _tag: "LoadSectionVariants" });
  }, [dispatch, editable]);
  const sections = report.schema.sections;
  const move = (section: ReportSection, to: number) => {
    const from = sections.findIndex((entry) => entry.id === section.id);
    if (to < 0 || to >= sections.length || to === from) return;
    dispatch({ _tag: "MoveReportSection", reportId: report.id, sectionId: section.id, position: to });
    setAnnouncement(`Moved “${section.name}” to place ${to + 1} of ${sections.length}.`);
  };
  const remove = async (section: ReportSection) => {
    const yes = await confirm({ title: `Remove ${section.name}?`, message: "The section and its settings are removed from the report; the KPIs, charts and files it shows stay.", confirmLabel: "Remove", tone: "danger" });
    if (yes) dispatch({ _tag: "RemoveReportSection", reportId: report.id, sectionId: section.id, name: section.name });
  };
  const creatable = variants.variants.filter((entry) => entry.creatable);

  return (
    <Stack>
      {editable ? <p className="hint">{SORT_HINT}</p> : null}
      {sortState.message ? <Alert tone="danger">The order was not saved: {sortState.message}</Alert> : null}
      {removeState.message ? <Alert tone="danger">The section was not removed: {removeState.message}</Alert> : null}
      {sections.length === 0 ? (
        <EmptyState title="No sections yet" text={editable ? "Add a section below: KPIs, the financials, a chart, a letter or attachments." : "This report has no sections."} headingLevel={2} />
      ) : (
        <ol aria-label="Sections" className="sections">
          {sections.map((section, index) => (
            <SectionItem
              key={section.id}
              report={report}
              section={section}
              index={index}
              count={sections.length}
              data={data}
              editable={editable}
              onMove={(to) => move(section, to)}
              onDropOn={(draggedId) => {
                const dragged = sections.find((entry) => entry.id === draggedId);
                if (dragged) move(dragged, index);
              }}
              onRename={() => setDialog({ kind: "rename", section })}
              onSettings={() => setDialog({ kind: "settings", section })}
              onRemove={() => void remove(section)}
            />
          ))}
        </ol>
      )}
      <VisuallyHidden aria-live="polite">{announcement}</VisuallyHidden>
      {editable ? (
        <form
          className="add"
          aria-label="Add a section"
          onSubmit={(event) => {
            event.preventDefault();
            if (adding) dispatch({ _tag: "AddReportSection", reportId: report.id, variant: adding as ReportSection["variant"] });
          }}
        >
          <FormField label="Section type" error={variants.status === "error" ? variants.message : addState.message}>
            <Select value={adding} onChange={(event) => setAdding(event.target.value)} options={[{ value: "", label: "Choose a type…" }, ...creatable.map((entry) => ({ value: entry.variant, label: entry.label }))]} />
          </FormField>
          <Button type="submit" disabled={!adding} busy={addState.busy}>
            Add section
          </Button>
        </form>
      ) : null}
      {dialog?.kind === "rename" ? (
        <NameDialog
          title={`Rename ${dialog.section.name}`}
          confirmLabel="Rename"
          initialName={dialog.section.name}
          action="edit-section"
          reportId={report.id}
          onClose={() => setDialog(null)}
          onSubmit={(name) => dispatch({ _tag: "EditReportSection", reportId: report.id, sectionId: dialog.section.id, name })}
        />
      ) : null}
      {dialog?.kind === "settings" ? <SectionSettingsDialog report={report} section={dialog.section} onClose={() => setDialog(null)} /> : null}
    </Stack>
  );
}

interface SectionItemProps {
  readonly report: InvestorReport;
  readonly section: ReportSection;
  readonly index: number;
  readonly count: number;
  readonly data: ReportData | null;
  readonly editable: boolean;
  readonly onMove: (to: number) => void;
  readonly onDropOn: (draggedId: number) => void;
  readonly onRename: () => void;
  readonly onSettings: () => void;
  readonly onRemove: () => void;
}

function SectionItem({ report, section, index, count, data, editable, onMove, onDropOn, onRename, onSettings, onRemove }: SectionItemProps) {
  const hasSettings = KPI_VARIANTS.includes(section.variant) || section.variant === "chart";
  const { itemProps, handleProps } = useReorderable({ dragType: DRAG_TYPE, id: section.id, index, count, enabled: editable, onMove, onDropOn });
  return (
    <Item {...itemProps} aria-label={section.name} data-section-id={section.id}>
      <header>
        {editable ? (
          <button {...handleProps} className="handle" aria-label={`Move ${section.name}, place ${index + 1} of ${count}`}>
            <span aria-hidden="true">⠿</span>
          </button>
        ) : null}
        <h2>{section.name}</h2>
        <Badge>{SECTION_VARIANT_LABELS[section.variant]}</Badge>
        {KPI_VARIANTS.includes(section.variant) ? <span className="view">{VIEW_LABEL[section.selectedView]}</span> : null}
        {editable ? (
          <div className="actions">
            <Button size="sm" variant="quiet" aria-label={`Rename ${section.name}`} onClick={onRename}>
              Rename
            </Button>
            {hasSettings ? (
              <Button size="sm" variant="quiet" aria-label={`Settings of ${section.name}`} onClick={onSettings}>
                Settings
              </Button>
            ) : null}
            <Button size="sm" variant="quiet" aria-label={`Remove ${section.name}`} onClick={onRemove}>
              Remove
            </Button>
          </div>
        ) : null}
      </header>
      <div className="body">
        {section.variant === "text" && editable ? (
          <TextSectionEditor reportId={report.id} section={section} />
        ) : section.variant === "attachments" ? (
          <AttachmentsPanel report={report} editable={editable} />
        ) : KPI_VARIANTS.includes(section.variant) && !section.settings.categoryId && !section.settings.kpiIds?.length ? (
          <p className="muted">{editable ? "No KPIs chosen yet: choose a category or KPIs in the section's settings." : "This section shows no KPIs."}</p>
        ) : data === null ? (
          <p className="muted">Loading the figures…</p>
        ) : (
          <ReportSectionView section={section} data={data.data[section.slug]} currency={data.currency} mode="screen" titled={false} />
        )}
      </div>
    </Item>
  );
}

const Stack = styled.div`
  display: grid;
  gap: ${SPACE.md};
  .hint, .muted { margin: 0; color: ${(p) => p.theme.textMuted}; }
  .sections { list-style: none; margin: 0; padding: 0; display: grid; gap: ${SPACE.md}; }
  .add { display: flex; gap: ${SPACE.sm}; align-items: end; flex-wrap: wrap; }
  .add > div { min-width: 240px; }
`;

const Item = styled.li`
  border: 1px solid ${(p) => p.theme.border};
  border-radius: ${RADIUS.lg};
  background: ${(p) => p.theme.surface};
  padding: ${SPACE.md};
  display: grid;
  gap: ${SPACE.sm};
  &.drop-target { box-shadow: inset 0 3px 0 ${(p) => p.theme.accent}; }
  header { display: flex; align-items: center; gap: ${SPACE.sm}; flex-wrap: wrap; }
  h2 { margin: 0; font-size: 17px; }
  .view { color: ${(p) => p.theme.textMuted}; font-size: 13px; }
  .actions { margin-left: auto; display: flex; gap: ${SPACE.xs}; }
  .handle {
    cursor: grab;
    border: 1px solid transparent;
    background: transparent;
    color: ${(p) => p.theme.textMuted};
    border-radius: ${RADIUS.sm};
    padding: 2px 6px;
    font-size: 16px;
  }
  .handle:hover { border-color: ${(p) => p.theme.border}; }
  .handle:focus-visible { outline: 2px solid ${(p) => p.theme.focus}; outline-offset: 1px; }
  .body { min-width: 0; }
  .muted { margin: 0; color: ${(p) => p.theme.textMuted}; }
`;
