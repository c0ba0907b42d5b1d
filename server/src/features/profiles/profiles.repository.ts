import { type Kysely, type Selectable, sql, type Transaction } from 'kysely';

import type { ContactInfo, DB, Gender, LookingFor, ProfilesTable, RelationshipStatus } from '../../db/schema.js';
import type { Executor } from '../../db/transaction.js';

export type ProfileRow = Selectable<ProfilesTable>;

export interface BasicFields {
  name: string;
  birth_date: string;
  age: number;
  location: string;
  gender: Gender;
  profession: string;
  relationship_status: RelationshipStatus;
}

/** What the AI interview writes (features/chat). */
export interface InterviewFields {
  bio: string;
  enhanced_background: string;
  interests: string[];
  personality_type: string | null;
  social_style: string | null;
  relationship_style: string | null;
  core_values: string[];
  looking_for: LookingFor[];
}

export interface ProfileSettingsFields {
  name?: string;
  contact_info?: ContactInfo;
  notify_new_messages?: boolean;
  search_background_opacity?: number;
}

export type ProfileImageColumn = 'avatar_url' | 'search_background_url';

export class ProfilesRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async createInitial(db: Executor, userId: string, name: string, contactInfo: ContactInfo): Promise<void> {
    await db.insertInto('profiles').values({ user_id: userId, name, contact_info: contactInfo }).onConflict((oc) => oc.column('user_id').doNothing()).execute();
  }

  findByUserId(userId: string): Promise<ProfileRow | undefined> {
    return this.db.selectFrom('profiles').selectAll().where('user_id', '=', userId).executeTakeFirst();
  }

  /** Spec part 1 §3: complete when name, age, bio, location, birth_date, gender and relationship_status are all present. */
  async isComplete(userId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('profiles')
      .select(['name', 'age', 'bio', 'location', 'birth_date', 'gender', 'relationship_status'])
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!row) return false;
    return Object.values(row).every((value) => value !== null && (typeof value !== 'string' || value.trim() !== ''));
  }

  async saveInterview(db: Executor, userId: string, fields: InterviewFields): Promise<void> {
    await db.updateTable('profiles').set(fields).where('user_id', '=', userId).execute();
  }

  /** The spec's upsert on user_id; a profile created now starts with the account's e-mail as contact. */
  async saveBasic(userId: string, fields: BasicFields, contactInfo: ContactInfo): Promise<void> {
    await this.db
      .insertInto('profiles')
      .values({ user_id: userId, contact_info: contactInfo, ...fields })
      .onConflict((oc) => oc.column('user_id').doUpdateSet(fields))
      .execute();
  }

  /** Fields the member edits in Settings and General; only those given change. */
  async update(userId: string, fields: ProfileSettingsFields): Promise<void> {
    if (Object.keys(fields).length === 0) return;
    await this.db.updateTable('profiles').set(fields).where('user_id', '=', userId).execute();
  }

  /**
   * Points the avatar or the search background at a new file (or none) and returns the file it
   * pointed at before, so the caller can delete it once this commits. Locks the row: two uploads
   * at once replace one after the other and neither file is lost track of.
   */
  async replaceImage(trx: Transaction<DB>, userId: string, image: ProfileImageColumn, url: string | null, opacity?: number): Promise<{ previous: string | null } | undefined> {
    const row = await trx.selectFrom('profiles').select(image).where('user_id', '=', userId).forUpdate().executeTakeFirst();
    if (!row) return undefined;
    const set = image === 'search_background_url' && opacity !== undefined ? { [image]: url, search_background_opacity: opacity } : { [image]: url };
    await trx.updateTable('profiles').set(set).where('user_id', '=', userId).execute();
    return { previous: (row as Record<ProfileImageColumn, string | null>)[image] };
  }

  /** Every profile with an address or a profession: what the format fix looks at, oldest first. */
  formatCandidates(): Promise<{ id: string; name: string | null; location: string | null; profession: string | null }[]> {
    return this.db
      .selectFrom('profiles')
      .select(['id', 'name', 'location', 'profession'])
      .where((eb) => eb.or([eb('location', 'is not', null), eb('profession', 'is not', null)]))
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  }

  /** Writes fixed formats, only over the values the fix read (a member's own edit in between wins). */
  async fixFormats(profileId: string, seen: { location: string | null; profession: string | null }, fixed: { location?: string; profession?: string }): Promise<boolean> {
    let query = this.db.updateTable('profiles').set(fixed).where('id', '=', profileId);
    query = seen.location === null ? query.where('location', 'is', null) : query.where('location', '=', seen.location);
    query = seen.profession === null ? query.where('profession', 'is', null) : query.where('profession', '=', seen.profession);
    const result = await query.executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  // Identity fields are set once: each update only touches a row that does not have one yet, so
  // retries and concurrent saves never change a member's code, number or address.

  /** False when the row already had a code; throws a unique violation when `code` is taken. */
  async assignUserCode(userId: string, code: string): Promise<boolean> {
    const result = await this.db.updateTable('profiles').set({ user_code: code }).where('user_id', '=', userId).where('user_code', 'is', null).executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  async assignRegistrationOrder(userId: string): Promise<void> {
    await this.db
      .updateTable('profiles')
      .set({ registration_order: sql<number>`nextval('profiles_registration_order_seq')` })
      .where('user_id', '=', userId)
      .where('registration_order', 'is', null)
      .execute();
  }

  async assignMailboxAddress(userId: string, address: string): Promise<boolean> {
    const result = await this.db
      .updateTable('profiles')
      .set({ mailbox_address: address })
      .where('user_id', '=', userId)
      .where('mailbox_address', 'is', null)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }
}
