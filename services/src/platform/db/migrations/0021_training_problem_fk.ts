import { sql, type Kysely } from 'kysely';

// A training's problem rows follow their problem (issue #23 item 17): deleting a problem left
// training_problem rows pointing at nothing (the training listed a problem that no longer exists).
// Rows already orphaned are removed; from now on the database removes them with the problem.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`delete from training_problem tp where not exists (select 1 from problem p where p.id = tp.pid)`.execute(
    db,
  );
  await sql`alter table training_problem add constraint training_problem_pid_fk
    foreign key (pid) references problem (id) on delete cascade`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table training_problem drop constraint training_problem_pid_fk`.execute(db);
}
