import type { Kysely } from "kysely";
import { run } from "./sql-helpers";

/**
 * Report text sections move from structured plain text ({ blocks: [{ type, text }] }) to rich
 * text ({ html }) kept through the server's allow-list. Existing texts become the same HTML:
 * headings h2, paragraphs p, bullets li (each its own list), the text escaped. Frozen reports keep
 * their texts in frozen_data too; the freeze guards are set aside for this one rewrite, since the
 * wording of a frozen text does not change, only its form.
 */
export async function up(db: Kysely<any>) {
  await run(
    db,
    `create function pg_temp.report_blocks_html(content jsonb) returns text language sql as $$
       select coalesce(string_agg(
         case block->>'type' when 'heading' then '<h2>' || escaped || '</h2>' when 'bullet' then '<ul><li>' || escaped || '</li></ul>' else '<p>' || escaped || '</p>' end,
         '' order by ordinal), '')
       from jsonb_array_elements(coalesce(content->'blocks', '[]'::jsonb)) with ordinality as blocks(block, ordinal),
            lateral (select replace(replace(replace(coalesce(block->>'text', ''), '&', '&amp;'), '<', '&lt;'), '>', '&gt;') as escaped) as text
     $$`,
    `alter table investor_report_sections disable trigger investor_report_sections_frozen`,
    `alter table investor_reports disable trigger investor_reports_frozen`,
    `update investor_report_sections set content = jsonb_build_object('html', pg_temp.report_blocks_html(content)) where content ? 'blocks'`,
    `update investor_reports set frozen_data = (
       select jsonb_object_agg(key, case when value->>'kind' = 'text' and value->'content' ? 'blocks'
         then jsonb_set(value, '{content}', jsonb_build_object('html', pg_temp.report_blocks_html(value->'content'))) else value end)
       from jsonb_each(frozen_data))
     where frozen_data is not null and frozen_data <> '{}'::jsonb`,
    `alter table investor_report_sections enable trigger investor_report_sections_frozen`,
    `alter table investor_reports enable trigger investor_reports_frozen`,
  );
}

/** Going back keeps the words, one paragraph per line of text. */
export async function down(db: Kysely<any>) {
  await run(
    db,
    `update investor_report_sections set content = jsonb_build_object('blocks', jsonb_build_array(jsonb_build_object('type', 'paragraph', 'text', left(regexp_replace(content->>'html', '<[^>]*>', ' ', 'g'), 5000))))
     where content ? 'html'`,
  );
}
