import type { Insertable } from 'kysely';

import type { ProfilesTable } from '../src/db/schema.js';
import { uniqueEmail } from './auth-helpers.js';
import type { TestApp } from './test-app.js';

export type ProfileOverrides = Partial<Insertable<ProfilesTable>> & { deleted?: boolean; email?: string };

export interface MadeProfile {
  userId: string;
  profileId: string;
  email: string;
}

/**
 * A member with a complete, interviewed profile, inserted directly (no sign-up flow), and
 * embedded with the app's AI provider unless `embed` is false. Overrides replace any column;
 * set a column to null to make the profile incomplete.
 */
export async function makeProfile(t: TestApp, overrides: ProfileOverrides = {}, options: { embed?: boolean } = {}): Promise<MadeProfile> {
  const { deleted, email: givenEmail, ...columns } = overrides;
  const email = givenEmail ?? uniqueEmail('profile');
  const user = await t.ctx.db
    .insertInto('users')
    .values({ email, password_hash: 'not-a-real-hash', email_confirmed_at: new Date(), deleted_at: deleted ? new Date() : null })
    .returning('id')
    .executeTakeFirstOrThrow();
  const profile = await t.ctx.db
    .insertInto('profiles')
    .values({
      user_id: user.id,
      name: 'Sam Taylor',
      birth_date: '2003-05-01',
      age: 23,
      location: 'Vancouver, British Columbia, Canada',
      gender: 'female',
      profession: 'Student',
      relationship_status: 'single_straight',
      contact_info: { email, available: false },
      bio: "I'm into reading and coffee.",
      enhanced_background: 'Sam is a student based in Vancouver.',
      interests: ['Reading', 'Coffee'],
      personality_type: 'Ambivert',
      social_style: 'Enjoys small groups; free on weekends',
      relationship_style: 'Looking for new friends',
      core_values: ['Honesty'],
      looking_for: ['friend'],
      ...columns,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (options.embed !== false) await t.ctx.services.embeddings.embedProfile(profile.id);
  return { userId: user.id, profileId: profile.id, email };
}
