// Every migration. Kysely runs them sorted by name, so the NNNN prefix fixes the
// order of a fresh database; a pending one that sorts before an applied one still
// runs (migrate.ts allows unordered migrations, since numbers land out of order). Names are stored
// in the database: never rename one. To add one: create NNNN_<name>.ts exporting
// up/down, import it below as mNNNN, and add it as an entry of the record.
import type { Migration } from 'kysely';
import * as m0000 from './0000_platform';
import * as m0001 from './0001_account';
import * as m0002 from './0002_site';
import * as m0004 from './0004_judge';
import * as m0003 from './0003_problem';
import * as m0005 from './0005_contest';
import * as m0006 from './0006_discussion';
import * as m0007 from './0007_training';
import * as m0008 from './0008_discussion_post';
import * as m0009 from './0009_message';
import * as m0010 from './0010_group';
import * as m0011 from './0011_admin';
import * as m0012 from './0012_judge_outbox';
import * as m0014 from './0014_contest_reads';
import * as m0015 from './0015_languages';
import * as m0016 from './0016_remote_judge';
import * as m0017 from './0017_contest_board_lease';
import * as m0018 from './0018_submit_idempotency';
import * as m0019 from './0019_blob_copy';
import * as m0020 from './0020_testcase_upload';
import * as m0021 from './0021_training_problem_fk';
import * as m0022 from './0022_case_sample_io';
import * as m0025 from './0025_problem_verification';
import * as m0024 from './0024_ccs_organization';
import * as m0026 from './0026_similarity';
import * as m0027 from './0027_contest_virtual';
import * as m0030 from './0030_contest_replay';
import * as m0031 from './0031_problem_verification_rule';
import * as m0032 from './0032_case_visible';
import * as m0028 from './0028_ccs_event_log';

export const migrations: Record<string, Migration> = {
  '0000_platform': m0000,
  '0001_account': m0001,
  '0002_site': m0002,
  '0004_judge': m0004,
  '0003_problem': m0003,
  '0005_contest': m0005,
  '0006_discussion': m0006,
  '0007_training': m0007,
  '0008_discussion_post': m0008,
  '0009_message': m0009,
  '0010_group': m0010,
  '0011_admin': m0011,
  '0012_judge_outbox': m0012,
  '0014_contest_reads': m0014,
  '0015_languages': m0015,
  '0016_remote_judge': m0016,
  '0017_contest_board_lease': m0017,
  '0018_submit_idempotency': m0018,
  '0019_blob_copy': m0019,
  '0020_testcase_upload': m0020,
  '0021_training_problem_fk': m0021,
  '0022_case_sample_io': m0022,
  '0025_problem_verification': m0025,
  '0024_ccs_organization': m0024,
  '0026_similarity': m0026,
  '0027_contest_virtual': m0027,
  '0030_contest_replay': m0030,
  '0028_ccs_event_log': m0028,
  '0031_problem_verification_rule': m0031,
  '0032_case_visible': m0032,
};
