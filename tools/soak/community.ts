/**
 * The soak's community, written straight into a fresh, migrated database with the search bench's
 * bulk loader (tools/search-bench/sample-members.ts): complete sample members with built-in
 * embeddings, the first `users` of them the virtual users (a password to sign in with, half of
 * them premium), everyone with an in-product mailbox address, and the text moments the demo
 * generator wrote for them (first moments on the profile card and later posts), so the feed has
 * real moments from the start. They are ordinary members (not `is_sample`): samples cannot sign in
 * and the feed would treat them apart.
 */
import { randomUUID } from 'node:crypto';

import type pg from 'pg';

import { buildHnswIndex, dropHnswIndex, loadSampleMembers, type SampleMember } from '../search-bench/sample-members.js';
import type { VirtualUser } from './scenarios.js';

export interface Community {
  users: VirtualUser[];
  profileIds: string[];
  moments: number;
  loadMs: number;
}

const DAY_MS = 86_400_000;

/** The virtual user `index`'s e-mail (they sign in with it). */
export const userEmail = (index: number) => `vu${index}@soak.kindred.local`;

export async function loadCommunity(pool: pg.Pool, options: { members: number; users: number; passwordHash: string; mailDomain: string }): Promise<Community> {
  const t0 = performance.now();
  const ddl = await dropHnswIndex(pool);
  const profileIds: string[] = [];
  const users: VirtualUser[] = [];
  const extras: Array<{ user_id: string; mailbox: string; vip: boolean; card_text: string | null }> = [];
  const moments: Array<{ id: string; user_id: string; text_content: string; caption: string | null; created_at: string }> = [];
  const now = Date.now();

  const collect = (batch: readonly SampleMember[]) => {
    for (const m of batch) {
      const index = m.generated.index;
      const isUser = index <= options.users;
      const mailbox = `${isUser ? 'vu' : 'm'}${index}@${options.mailDomain}`;
      profileIds.push(m.profileId);
      if (isUser) {
        users.push({ index, email: m.email, mailbox, profileId: m.profileId, ip: `10.${(index >> 8) & 255}.${index & 255}.${1 + (index % 250)}`, cookie: undefined, liked: new Set(), seen: [] });
      }
      const first = m.generated.firstMoment.content;
      extras.push({ user_id: m.userId, mailbox, vip: isUser && index % 2 === 0, card_text: first.type === 'text' ? first.text : null });
      for (const moment of m.generated.moments) {
        if (moment.content.type !== 'text') continue;
        const createdAt = new Date(now - moment.daysAgo * DAY_MS - (index % 1440) * 60_000).toISOString();
        moments.push({ id: randomUUID(), user_id: m.userId, text_content: moment.content.text, caption: moment.caption, created_at: createdAt });
      }
    }
  };

  await loadSampleMembers(pool, { from: 1, count: options.users, email: userEmail, passwordHash: options.passwordHash, onBatch: collect });
  await loadSampleMembers(pool, {
    from: options.users + 1,
    count: options.members - options.users,
    email: (i) => `member${i}@soak.kindred.local`,
    passwordHash: 'not-a-real-hash',
    onBatch: collect,
  });

  await pool.query(
    `UPDATE profiles p SET mailbox_address = x.mailbox, card_type = CASE WHEN x.card_text IS NULL THEN NULL ELSE 'text' END, card_text = x.card_text,
       is_vip = x.vip, vip_expires_at = NULL, premium_type = CASE WHEN x.vip THEN 'paid' ELSE p.premium_type END
     FROM jsonb_to_recordset($1::jsonb) AS x(user_id uuid, mailbox text, vip boolean, card_text text) WHERE p.user_id = x.user_id`,
    [JSON.stringify(extras)],
  );
  await pool.query(
    `INSERT INTO user_moments (id, user_id, moment_type, text_content, caption, created_at)
     SELECT id, user_id, 'text', text_content, caption, created_at FROM jsonb_to_recordset($1::jsonb) AS x(id uuid, user_id uuid, text_content text, caption text, created_at timestamptz)`,
    [JSON.stringify(moments)],
  );
  await buildHnswIndex(pool, ddl);
  await pool.query('VACUUM ANALYZE');
  // Flush the load's dirty pages now, so the checkpointer does not write them during the run.
  await pool.query('CHECKPOINT');
  users.sort((a, b) => a.index - b.index);
  return { users, profileIds, moments: moments.length, loadMs: performance.now() - t0 };
}
