import type { Kysely } from "kysely";
import { run } from "./sql-helpers";

/**
 * Sign-in budgets (platform/auth/sign-in-budget.ts). Every failed sign-in is one row, so each
 * limit is an exact sliding window (at most 100 failures in any hour, not per clock hour), and
 * the addresses an account signed in from keep their own budget. Both are global like
 * auth_throttle: a sign-in starts from an e-mail, before any tenant is known. Accounts and
 * addresses are stored as keyed hashes: neither table names a person or an address.
 */
export async function up(db: Kysely<any>) {
  await run(
    db,
    `create table sign_in_failures (
       id bigint generated always as identity primary key,
       account text not null,
       source text not null,
       address text not null,
       failed_at timestamptz not null
     )`,
    `create index sign_in_failures_account on sign_in_failures (account, failed_at)`,
    `create index sign_in_failures_address on sign_in_failures (address, failed_at)`,
    `create index sign_in_failures_failed_at on sign_in_failures (failed_at)`,
    `create table sign_in_trusted_addresses (
       account text not null,
       address text not null,
       trusted_at timestamptz not null,
       primary key (account, address)
     )`,
  );
}

export async function down(db: Kysely<any>) {
  await run(db, "drop table sign_in_trusted_addresses", "drop table sign_in_failures");
}
