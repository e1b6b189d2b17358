import { sql, type Kysely } from 'kysely';

// Code similarity reports (issue #28): an analysis per request (scope, options, state and
// progress), and the pairs it found (per problem and language) with their matched fragments.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table if not exists similarity_analysis (
      id serial primary key,
      scope text not null,
      scope_id integer not null,
      all_accepted boolean not null default false,
      base_code text,
      state text not null default 'queued',
      done integer not null default 0,
      total integer not null default 0,
      submissions integer not null default 0,
      pairs integer not null default 0,
      runs integer not null default 0,
      error text,
      created_by text not null,
      gmt_create timestamptz not null default now(),
      gmt_modified timestamptz not null default now(),
      finished_at timestamptz
    )`.execute(db);
  await sql`create index if not exists similarity_analysis_scope_idx on similarity_analysis (scope, scope_id, id desc)`.execute(
    db,
  );
  await sql`
    create table if not exists similarity_pair (
      id serial primary key,
      analysis_id integer not null references similarity_analysis (id) on delete cascade,
      pid integer not null,
      display_pid text not null,
      language text not null,
      left_submit_id bigint not null,
      right_submit_id bigint not null,
      left_uid text not null,
      right_uid text not null,
      left_username text not null,
      right_username text not null,
      similarity double precision not null,
      longest integer not null,
      fragments jsonb not null,
      reviewed boolean not null default false,
      reviewed_by text,
      unique (analysis_id, left_submit_id, right_submit_id)
    )`.execute(db);
  await sql`create index if not exists similarity_pair_rank_idx on similarity_pair (analysis_id, similarity desc)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists similarity_pair`.execute(db);
  await sql`drop table if exists similarity_analysis`.execute(db);
}
