import { cleanup, fireEvent, screen } from "@testing-library/react";
import { useState } from "react";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { SqlEditor } from "../../../../src/client/features/query-builder/views/sql-editor";
import { FormField } from "../../../../src/client/ui/form-field";
import { renderWithBus } from "../../support/dom";

test.after.each(() => cleanup());

function Editor({ error }: { error?: string }) {
  const [sql, setSql] = useState("select month from qb.kpi_values -- note");
  return (
    <FormField label="SQL" error={error}>
      <SqlEditor value={sql} onChange={setSql} />
    </FormField>
  );
}

test("the textarea is the labelled control; the highlighted copy behind it always shows its text", async () => {
  const view = await renderWithBus(<Editor />);
  const box = screen.getByLabelText("SQL") as HTMLTextAreaElement;
  assert.is(box.tagName, "TEXTAREA");
  const backdrop = view.container.querySelector("pre[aria-hidden=true]")!;
  assert.is(backdrop.textContent, `${box.value}\n`);
  assert.is(backdrop.querySelector(".k")?.textContent, "select");
  assert.is(backdrop.querySelector(".c")?.textContent, "-- note");
  fireEvent.change(box, { target: { value: "select 'x'" } });
  assert.is(backdrop.textContent, "select 'x'\n");
  assert.is(backdrop.querySelector(".s")?.textContent, "'x'");
});

test("the field's error is read with the textarea", async () => {
  await renderWithBus(<Editor error="The query's syntax is incorrect. (line 1, column 8)" />);
  const box = screen.getByLabelText("SQL");
  assert.is(box.getAttribute("aria-invalid"), "true");
  const described = document.getElementById(box.getAttribute("aria-describedby")!.split(" ")[0]!);
  assert.match(described?.textContent ?? "", /syntax is incorrect/);
});

test.run();
