// Kysely table type of the mail outbox (DDL in platform/db/migrations/0001_account.ts).
import type { ColumnType, Generated } from 'kysely';

export interface MailOutboxTable {
  id: Generated<string>;
  to_address: string;
  subject: string;
  body: string;
  /** 'sent' | 'failed' | 'kept' (mail disabled: kept for the operator and tests). */
  status: string;
  error: string | null;
  gmt_create: ColumnType<Date, Date | undefined, never>;
  sent_at: Date | null;
}

export interface MailTables {
  mail_outbox: MailOutboxTable;
}
