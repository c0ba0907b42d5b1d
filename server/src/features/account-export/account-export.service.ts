import type { Kysely } from 'kysely';

import type { Clock } from '../../clock.js';
import type { DB } from '../../db/schema.js';
import { NotFoundError } from '../../errors.js';
import { UPLOADS_URL_PREFIX } from '../../storage/storage.js';
import type { AccountExportRepository, AccountRow, EmbeddingModelRow, ExportRow } from './account-export.repository.js';
import { transaction } from '../../db/transaction.js';

/** Raised when the document's shape changes in a way a reader of an older export would trip on. */
export const EXPORT_FORMAT = 1;

export interface FirstMoment {
  type: unknown;
  text: unknown;
  image_url: unknown;
  image_urls: unknown;
  video_url: unknown;
}

/** Everything Kindred holds about one member. Rows keep their column names (snake_case). */
export interface AccountExport {
  exportedAt: string;
  format: number;
  account: AccountRow & { email_confirmed: boolean; roles: string[]; campus_identities: ExportRow[] };
  profile: ExportRow | null;
  /** The models the profile is embedded with for search; the vectors are left out. */
  profileEmbeddings: EmbeddingModelRow[];
  chatSessions: Array<ExportRow & { messages: ExportRow[] }>;
  moments: { firstMoment: FirstMoment | null; posted: Array<ExportRow & { deleted: boolean }> };
  likes: ExportRow[];
  searches: ExportRow[];
  analyses: ExportRow[];
  messages: { sent: ExportRow[]; received: ExportRow[] };
  checkIns: ExportRow[];
  /** Comments on touchpoint walls, and the touchpoints that list the member now. */
  touchpoints: { comments: ExportRow[]; visits: ExportRow[] };
  /** "Your three for this week": each proposal from the member's side. */
  weeklyIntroductions: ExportRow[];
  /** What the moderators decided about the member: action, reason, note, when. */
  moderationActions: ExportRow[];
  subscription: { is_vip: unknown; vip_expires_at: unknown; premium_type: unknown; early_user_gift_at: unknown; payments: ExportRow[] };
}

export interface AccountExportServiceDeps {
  db: Kysely<DB>;
  exports: AccountExportRepository;
  clock: Clock;
  /** Uploaded files are stored as /uploads/… paths; the export gives full addresses. */
  publicUrl: string;
  productName: string;
  /** Writes what is still batched in memory (the search log), so the last second is in the export. */
  beforeExport?: () => Promise<void>;
}

/** The member's data export (GDPR-style "download my data"): the member's rows only, no secrets. */
export class AccountExportService {
  constructor(private readonly deps: AccountExportServiceDeps) {}

  async export(userId: string): Promise<{ filename: string; document: AccountExport }> {
    await this.deps.beforeExport?.();
    const exportedAt = this.deps.clock.now();
    // One snapshot, so a chat message or a like made meanwhile is either wholly in or wholly out.
    const document = await transaction(
      this.deps.db,
      async (trx) => {
        const { exports } = this.deps;
        const account = await exports.account(trx, userId);
        if (!account) throw new NotFoundError('Account not found.', 'account_not_found');
        const roles = await exports.roles(trx, userId);
        const campusIdentities = await exports.campusIdentities(trx, userId);
        const profile = (await exports.profile(trx, userId)) ?? null;
        const embeddings = profile ? await exports.embeddingModels(trx, String(profile.id)) : [];
        const sections = await exports.wholeRowSections(trx, userId);
        const chatMessages = await exports.chatMessages(trx, userId);
        const likes = await exports.likes(trx, userId);
        const mailbox = typeof profile?.mailbox_address === 'string' ? profile.mailbox_address : null;
        const received = await exports.receivedMessages(trx, userId, mailbox);
        const weeklyIntroductions = await exports.weeklyIntroductions(trx, userId);
        const section = (key: string): ExportRow[] => sections[key] ?? [];
        const bySession = new Map<unknown, ExportRow[]>();
        for (const m of chatMessages) {
          const list = bySession.get(m.session_id) ?? [];
          list.push(m);
          bySession.set(m.session_id, list);
        }
        return {
          exportedAt: exportedAt.toISOString(),
          format: EXPORT_FORMAT,
          account: { ...account, email_confirmed: account.email_confirmed_at !== null, roles, campus_identities: campusIdentities },
          profile: profile && this.withFileAddresses(profile),
          profileEmbeddings: embeddings,
          chatSessions: section('chatSessions').map((s) => ({ ...s, messages: bySession.get(s.id) ?? [] })),
          moments: {
            firstMoment: profile && this.firstMoment(profile),
            posted: section('moments').map((m) => ({ ...this.withFileAddresses(m), deleted: m.deleted_at !== null })),
          },
          likes,
          searches: section('searches'),
          analyses: section('analyses'),
          messages: { sent: section('sentMessages'), received },
          checkIns: section('checkIns'),
          touchpoints: { comments: section('touchpointComments'), visits: section('touchpointVisits') },
          weeklyIntroductions,
          moderationActions: section('moderationActions'),
          subscription: {
            is_vip: profile?.is_vip ?? false,
            vip_expires_at: profile?.vip_expires_at ?? null,
            premium_type: profile?.premium_type ?? null,
            early_user_gift_at: profile?.early_user_gift_at ?? null,
            payments: section('payments'),
          },
        } satisfies AccountExport;
      },
      { isolation: 'repeatable read', readOnly: true },
    );
    return { filename: `${this.fileStem()}-data-${exportedAt.toISOString().slice(0, 10)}.json`, document };
  }

  /** The profile's first moment lives in its card_* columns, not in user_moments. */
  private firstMoment(profile: ExportRow): FirstMoment | null {
    if (profile.card_type == null) return null;
    const files = this.withFileAddresses(profile);
    return { type: profile.card_type, text: profile.card_text, image_url: files.card_image_url, image_urls: files.card_image_urls, video_url: files.card_video_url };
  }

  /** Stored upload paths (and arrays of them) become full addresses that work outside the app. */
  private withFileAddresses(row: ExportRow): ExportRow {
    const address = (value: unknown): unknown =>
      typeof value === 'string' && value.startsWith(UPLOADS_URL_PREFIX) ? `${this.deps.publicUrl}${value}` : Array.isArray(value) ? value.map(address) : value;
    return Object.fromEntries(Object.entries(row).map(([column, value]) => [column, address(value)]));
  }

  /** The product name as a safe file-name part ("Kindred" → "kindred"). */
  private fileStem(): string {
    return this.deps.productName.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '') || 'account';
  }
}
