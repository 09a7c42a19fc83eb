import type { Knex } from 'knex';

/** Table of the mails already written: one row per (event, kind), unique. */
export const SENT_MAILS = 'customer_mails';

export interface SentMail {
  event_id: number;
  kind: string;
  order_id: number;
  language: string;
  created_at: Date;
}

/** Records the mail in `trx`; a second record of the same (event, kind) fails on the unique key. */
export async function recordSent(trx: Knex.Transaction, row: SentMail): Promise<void> {
  await trx(SENT_MAILS).insert(row);
}

