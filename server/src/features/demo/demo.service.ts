import type { Kysely } from 'kysely';
import type { Logger } from 'pino';

import type { Clock } from '../../clock.js';
import type { DB } from '../../db/schema.js';
import { type FileStorage, keyFromUrl, newKey, variantKey } from '../../storage/storage.js';
import type { ProcessedImage } from '../../storage/images.js';
import type { EmbeddingsService } from '../embeddings/embeddings.service.js';
import { isoDay } from '../profiles/age.js';
import { mailboxName } from '../profiles/profiles.service.js';
import { DEFAULT_DEMO_SEED, type DemoImage, type DemoMember, type DemoMoment, demoProfileColumns, generateDemoMembers, MAX_DEMO_MEMBERS, Random } from './demo.generator.js';
import { demoImageSvg, renderDemoImage } from './demo.images.js';
import type { DemoRepository, DemoRows } from './demo.repository.js';
import { transaction } from '../../db/transaction.js';

export interface DemoServiceDeps {
  db: Kysely<DB>;
  demo: DemoRepository;
  storage: FileStorage;
  embeddings: EmbeddingsService;
  clock: Clock;
  logger: Logger;
  mailDomain: string;
}

export interface SeedOptions {
  seed?: string;
  /** Members are written (and embedded) this many at a time; each batch is one short transaction. */
  batchSize?: number;
  /** After each batch: how many are done and how long the batch took. */
  onProgress?: (progress: { done: number; total: number; batchMs: number; batchSize: number }) => void;
}

export interface SeedResult {
  created: number;
  /** The members' numbers: demo+<first>@… to demo+<last>@…. */
  first: number;
  last: number;
  imageMoments: number;
  textMoments: number;
  /** Every moment, first moments included. */
  moments: number;
  embedded: number;
  ms: number;
}

/** A batch whose pictures are stored and whose rows are not written yet. */
interface PreparedBatch {
  members: DemoMember[];
  imageUrls: Map<DemoMoment, string>;
  /** Stored keys (pictures and thumbnails), removed again if the batch fails. */
  written: string[];
}

export interface RemoveResult {
  members: number;
  files: number;
}

/** No password hashes to this: verify fails on it, so a sample account can never sign in. */
export const SAMPLE_PASSWORD_HASH = '!sample-member-no-login';

/** Texts per model call (regenerate-embeddings' size). */
const EMBED_BATCH = 64;

const SAMPLE_COMMAND = 'npm run cli -- seed --demo 200';

/**
 * Sample communities (`seed --demo <n>`, `seed --remove-demo`): complete members marked
 * `is_sample` on their profile and moments, embedded for search, and removable at any time
 * without touching a real member.
 */
export class DemoService {
  constructor(private readonly deps: DemoServiceDeps) {}

  async seed(count: number, options: SeedOptions = {}): Promise<SeedResult> {
    if (!Number.isInteger(count) || count < 1 || count > MAX_DEMO_MEMBERS) {
      throw new RangeError(`The number of sample members must be a whole number from 1 to ${MAX_DEMO_MEMBERS}.`);
    }
    const seed = options.seed ?? DEFAULT_DEMO_SEED;
    const batchSize = options.batchSize ?? 100;
    const started = Date.now();
    const today = isoDay(this.deps.clock.now());
    const first = (await this.deps.demo.highestDemoIndex(this.deps.mailDomain)) + 1;
    const result: SeedResult = { created: 0, first, last: first + count - 1, imageMoments: 0, textMoments: 0, moments: 0, embedded: 0, ms: 0 };

    // The next batch's pictures are drawn (sharp's threads) while this batch is embedded (this thread).
    // Each look is rendered once per run (a few hundred cover any community); every moment still gets its own files.
    const looks = new Map<string, Promise<ProcessedImage>>();
    const prepare = (done: number) => {
      const batch = this.prepare(generateDemoMembers(seed, first + done, Math.min(batchSize, count - done), today), looks);
      batch.catch(() => undefined); // awaited below; a failure must not count as unhandled meanwhile
      return batch;
    };
    let next: Promise<PreparedBatch> | null = prepare(0);
    try {
      for (let done = 0; done < count; ) {
        const batchStarted = Date.now();
        const batch = await next!;
        next = null;
        const { members } = batch;
        const inserting = Date.now();
        const profileIds = await this.insertBatch(batch, seed);
        if (done + members.length < count) next = prepare(done + members.length);
        const embedding = Date.now();
        for (let i = 0; i < profileIds.length; i += EMBED_BATCH) {
          const outcomes = await this.deps.embeddings.embedProfiles(profileIds.slice(i, i + EMBED_BATCH));
          for (const outcome of outcomes.values()) if (outcome !== 'missing') result.embedded += 1;
        }
        this.deps.logger.debug({ waitMs: inserting - batchStarted, insertMs: embedding - inserting, embedMs: Date.now() - embedding }, 'sample batch');

        for (const moment of members.flatMap((m) => [m.firstMoment, ...m.moments])) {
          result.moments += 1;
          if (moment.content.type === 'image') result.imageMoments += 1;
          else result.textMoments += 1;
        }
        done += members.length;
        result.created = done;
        options.onProgress?.({ done, total: count, batchMs: Date.now() - batchStarted, batchSize: members.length });
      }
    } catch (error) {
      const pending = next && (await next.catch(() => null));
      if (pending) await this.removeFiles(pending.written);
      throw error;
    }
    result.ms = Date.now() - started;
    this.deps.logger.info({ created: result.created, first: result.first, last: result.last, ms: result.ms }, 'sample members added');
    return result;
  }

  /** Deletes every sample member (all their rows cascade) and their stored files. Safe to repeat. */
  async removeAll(): Promise<RemoveResult> {
    const result: RemoveResult = { members: 0, files: 0 };
    for (;;) {
      const batch = await this.deps.demo.sampleBatch(500);
      if (batch.userIds.length === 0) break;
      const deleted = await this.deps.demo.deleteSampleUsers(batch.userIds);
      result.members += deleted;
      // After the rows are gone (as a replaced moment's files are): a crash here leaves files, never broken rows.
      for (const url of batch.urls) {
        const key = keyFromUrl(url);
        if (!key) continue;
        for (const k of [key, variantKey(key, 'thumb')]) {
          try {
            if (await this.deps.storage.open(k)) result.files += 1;
            await this.deps.storage.remove(k);
          } catch (error) {
            this.deps.logger.warn({ err: error, key: k }, 'could not delete a file of a sample member');
          }
        }
      }
      if (deleted === 0) break; // nothing more this process may delete
    }
    if (result.members > 0) this.deps.logger.info(result, 'sample members removed');
    return result;
  }

  /** Logs the first start's offer of a sample community when nobody is there to search yet. Never fails the start. */
  async offerSampleCommunity(): Promise<void> {
    try {
      const hint = await this.firstStartHint();
      if (hint) this.deps.logger.info(hint);
    } catch (error) {
      this.deps.logger.debug({ err: error }, 'could not check for a sample community');
    }
  }

  /**
   * The first start's offer: a line saying how to add a sample community, when there is nobody to
   * search yet (no complete real profile and no samples); null otherwise.
   */
  async firstStartHint(): Promise<string | null> {
    const { samples, realComplete } = await this.deps.demo.communityCounts();
    if (samples > 0 || realComplete > 0) return null;
    return `No members to search yet. To try Kindred with a sample community, run: ${SAMPLE_COMMAND} (remove it any time with: npm run cli -- seed --remove-demo)`;
  }

  /** Re-draws user codes and mailbox digits that collide with each other or with stored ones. */
  private async makeIdentitiesUnique(members: DemoMember[], seed: string): Promise<void> {
    const mailbox = (m: DemoMember) => `${mailboxName(m.name)}${m.mailboxDigits}@${this.deps.mailDomain}`.toLowerCase();
    for (let attempt = 1; ; attempt++) {
      const codes = await this.deps.demo.takenUserCodes(members.map((m) => m.userCode));
      const boxes = await this.deps.demo.takenMailboxes(members.map(mailbox));
      const seenCodes = new Set<string>();
      const seenBoxes = new Set<string>();
      let redrawn = 0;
      for (const m of members) {
        const rng = new Random(`${seed}#${m.index}#identity#${attempt}`);
        if (codes.has(m.userCode) || seenCodes.has(m.userCode)) {
          m.userCode = rng.digits(8);
          redrawn += 1;
        }
        if (boxes.has(mailbox(m)) || seenBoxes.has(mailbox(m))) {
          m.mailboxDigits = rng.digits(4);
          redrawn += 1;
        }
        seenCodes.add(m.userCode);
        seenBoxes.add(mailbox(m));
      }
      if (redrawn === 0) return;
      if (attempt >= 20) throw new Error('Could not find free user codes and mailbox addresses for the sample members.');
    }
  }

  /** Draws and stores the batch's pictures; if that fails, the ones already stored go again. */
  private async prepare(members: DemoMember[], looks: Map<string, Promise<ProcessedImage>>): Promise<PreparedBatch> {
    const written: string[] = [];
    const imageUrls = new Map<DemoMoment, string>();
    try {
      const moments = members.flatMap((m) => [m.firstMoment, ...m.moments]);
      // Two at a time: sharp uses threads of its own, and these machines may have two cores.
      await eachLimit(moments, 2, async (moment) => {
        if (moment.content.type === 'image') imageUrls.set(moment, await this.storeImage(moment.content.image, looks, written));
      });
    } catch (error) {
      await this.removeFiles(written);
      throw error;
    }
    return { members, imageUrls, written };
  }

  /** Writes the batch's rows in one short transaction; if that fails, its pictures go again. */
  private async insertBatch({ members, imageUrls, written }: PreparedBatch, seed: string): Promise<string[]> {
    try {
      await this.makeIdentitiesUnique(members, seed);
      const now = this.deps.clock.now();
      const rows = members.map((m) => this.rowsOf(m, imageUrls, now));
      return await transaction(this.deps.db, (trx) => this.deps.demo.insertMembers(trx, rows));
    } catch (error) {
      await this.removeFiles(written);
      throw error;
    }
  }

  private async removeFiles(keys: string[]): Promise<void> {
    await Promise.all(keys.map((key) => this.deps.storage.remove(key).catch(() => undefined)));
  }

  /** As MomentsService stores an upload: a random key, the picture and its `.thumb` variant. */
  private async storeImage(image: DemoImage, looks: Map<string, Promise<ProcessedImage>>, written: string[]): Promise<string> {
    const look = demoImageSvg(image);
    let rendering = looks.get(look);
    if (!rendering) looks.set(look, (rendering = renderDemoImage(image)));
    const processed = await rendering;
    const key = newKey(processed.image.extension);
    const thumbKey = variantKey(key, 'thumb', processed.thumbnail.extension);
    written.push(key, thumbKey);
    const { url } = await this.deps.storage.save(key, processed.image.data);
    await this.deps.storage.save(thumbKey, processed.thumbnail.data);
    return url;
  }

  private rowsOf(m: DemoMember, imageUrls: Map<DemoMoment, string>, now: Date): DemoRows {
    const email = `demo+${m.index}@${this.deps.mailDomain}`;
    const first = m.firstMoment.content;
    const firstUrl = imageUrls.get(m.firstMoment) ?? null;
    const momentRow = (moment: DemoMoment, isFirst: boolean) => ({
      moment_type: moment.content.type,
      image_url: imageUrls.get(moment) ?? null,
      text_content: moment.content.type === 'text' ? moment.content.text : null,
      caption: moment.caption,
      is_first_moment: isFirst,
      is_sample: true,
      created_at: new Date(now.getTime() - moment.daysAgo * 86_400_000 - (m.index % 1440) * 60_000),
    });
    return {
      email,
      passwordHash: SAMPLE_PASSWORD_HASH,
      confirmedAt: now,
      profile: {
        ...demoProfileColumns(m, email),
        card_type: first.type,
        card_image_url: firstUrl,
        card_image_urls: firstUrl ? [firstUrl] : [],
        card_text: first.type === 'text' ? first.text : null,
        user_code: m.userCode,
        mailbox_address: `${mailboxName(m.name)}${m.mailboxDigits}@${this.deps.mailDomain}`,
        // registration_order stays NULL: pioneer numbers belong to real members.
        is_sample: true,
      },
      moments: [momentRow(m.firstMoment, true), ...m.moments.map((moment) => momentRow(moment, false))],
    };
  }
}

/** Runs `task` over `items`, at most `limit` at once; the first failure rejects (after the running ones settle). */
async function eachLimit<T>(items: readonly T[], limit: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  let failure: unknown;
  const worker = async () => {
    while (failure === undefined && next < items.length) {
      const item = items[next++]!;
      try {
        await task(item);
      } catch (error) {
        failure ??= error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  if (failure !== undefined) throw failure;
}
