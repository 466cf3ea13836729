import type { Kysely } from "kysely";
import { protectTenantTable, run } from "./sql-helpers";

/**
 * The AI copilot (issue 18): each person's conversations and their messages, the company's
 * copilot settings (its own model endpoint, the API key sealed, the monthly token budget and
 * warning threshold, the data processing agreement's acceptance) and the log of every request
 * sent to an external model, which is also the token meter.
 *
 * - The company flag (canViewChatgptFunctionalities) is not stored here: it is the profile
 *   feature `copilot_chat` in tenants.features, the one source of truth the route guard reads.
 * - A conversation's title stays null until it is given or the first question names it.
 * - A message keeps what its answer cited and drew (citations, blocks, tool calls) as jsonb:
 *   they are read back whole with the message, never queried apart.
 * - copilot_model_requests keeps the acceptor's and asker's names beside their ids, so the
 *   record still reads after a user is deleted.
 */
export async function up(db: Kysely<any>) {
  await run(
    db,
    `create table copilot_settings (
       tenant_id uuid primary key references tenants (id) on delete cascade,
       base_url text check (base_url is null or length(base_url) between 1 and 500),
       model text check (model is null or length(model) between 1 and 120),
       api_key_sealed text,
       monthly_token_budget integer not null default 500000 check (monthly_token_budget between 0 and 1000000000),
       warning_threshold smallint not null default 80 check (warning_threshold between 1 and 100),
       dpa_accepted_at timestamptz,
       dpa_accepted_by bigint,
       dpa_accepted_by_name text,
       updated_at timestamptz not null default now(),
       check ((dpa_accepted_at is null) = (dpa_accepted_by_name is null)),
       foreign key (tenant_id, dpa_accepted_by) references users (tenant_id, id) on delete set null (dpa_accepted_by)
     )`,
    `create table copilot_conversations (
       tenant_id uuid not null references tenants (id) on delete cascade,
       id bigint generated always as identity,
       owner_user_id bigint not null,
       title text check (title is null or length(title) between 1 and 120),
       created_at timestamptz not null default now(),
       updated_at timestamptz not null default now(),
       primary key (tenant_id, id),
       foreign key (tenant_id, owner_user_id) references users (tenant_id, id) on delete cascade
     )`,
    `create index copilot_conversations_owner on copilot_conversations (tenant_id, owner_user_id, updated_at desc)`,
    `create table copilot_messages (
       tenant_id uuid not null references tenants (id) on delete cascade,
       id bigint generated always as identity,
       conversation_id bigint not null,
       role text not null check (role in ('user', 'assistant')),
       content text not null,
       citations jsonb not null default '[]'::jsonb,
       blocks jsonb not null default '[]'::jsonb,
       tool_calls jsonb not null default '[]'::jsonb,
       model text,
       snapshot jsonb,
       created_at timestamptz not null default now(),
       primary key (tenant_id, id),
       foreign key (tenant_id, conversation_id) references copilot_conversations (tenant_id, id) on delete cascade
     )`,
    `create index copilot_messages_conversation on copilot_messages (tenant_id, conversation_id, id)`,
    // One row per request to an external model: what was sent (the messages and tool schemas as
    // JSON), the tokens it cost and the company month (YYYY-MM) they count in.
    `create table copilot_model_requests (
       tenant_id uuid not null references tenants (id) on delete cascade,
       id bigint generated always as identity,
       user_id bigint,
       user_name text not null,
       month text not null check (month ~ '^[0-9]{4}-[0-9]{2}$'),
       model text not null,
       base_url text not null,
       prompt_tokens integer not null default 0 check (prompt_tokens >= 0),
       completion_tokens integer not null default 0 check (completion_tokens >= 0),
       sent text not null,
       ok boolean not null,
       created_at timestamptz not null default now(),
       primary key (tenant_id, id),
       foreign key (tenant_id, user_id) references users (tenant_id, id) on delete set null (user_id)
     )`,
    `create index copilot_model_requests_month on copilot_model_requests (tenant_id, month)`,
  );
  for (const table of ["copilot_settings", "copilot_conversations", "copilot_messages", "copilot_model_requests"]) {
    await protectTenantTable(db, table);
  }
}

export async function down(db: Kysely<any>) {
  await run(db, `drop table copilot_model_requests`, `drop table copilot_messages`, `drop table copilot_conversations`, `drop table copilot_settings`);
}
