import type { Kysely, Transaction } from 'kysely';

import type { DB } from '../../db/schema.js';

export interface NfcLocationRow {
  id: string;
  location_id: string;
  name: string;
  address: string | null;
  is_active: boolean;
  visitor_count: number;
  created_at: Date;
}

const COLUMNS = ['id', 'location_id', 'name', 'address', 'is_active', 'visitor_count', 'created_at'] as const;

export class NfcLocationsRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** Every location, newest first (the admin list; spec part 3 §7). */
  list(): Promise<NfcLocationRow[]> {
    return this.db.selectFrom('nfc_locations').select(COLUMNS).orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
  }

  insert(
    trx: Transaction<DB>,
    values: { location_id: string; name: string; address: string | null; is_active: boolean; created_by: string },
  ): Promise<NfcLocationRow> {
    return trx.insertInto('nfc_locations').values(values).returning(COLUMNS).executeTakeFirstOrThrow();
  }

  /** The location, locked until the transaction ends (two edits at once take turns). */
  forUpdate(trx: Transaction<DB>, id: string): Promise<NfcLocationRow | undefined> {
    return trx.selectFrom('nfc_locations').select(COLUMNS).where('id', '=', id).forUpdate().executeTakeFirst();
  }

  /** location_id is not among the columns this can set: it never changes. */
  update(trx: Transaction<DB>, id: string, values: { name?: string; address?: string | null; is_active?: boolean }): Promise<NfcLocationRow> {
    return trx.updateTable('nfc_locations').set(values).where('id', '=', id).returning(COLUMNS).executeTakeFirstOrThrow();
  }

  delete(trx: Transaction<DB>, id: string): Promise<NfcLocationRow | undefined> {
    return trx.deleteFrom('nfc_locations').where('id', '=', id).returning(COLUMNS).executeTakeFirst();
  }
}
