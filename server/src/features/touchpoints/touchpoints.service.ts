import { createHmac } from 'node:crypto';

import type { Kysely } from 'kysely';

import type { Presence, Touchpoint, TouchpointProfiles, TouchpointView, VisitResponse } from '../../../../contract/touchpoints.js';
import type { Clock } from '../../clock.js';
import type { DB } from '../../db/schema.js';
import { NotFoundError } from '../../errors.js';
import type { Language } from '../../i18n/languages.js';
import { translate } from '../../i18n/translator.js';
import { type ActorFor, may } from '../../policies/index.js';
import type { EmbeddingModels } from '../embeddings/embedding-models.js';
import { nameIn } from '../matching/why-match.js';
import { queryHash, type SearchService } from '../search/search.service.js';
import type { TouchpointRow, TouchpointsRepository } from './touchpoints.repository.js';
import { TOUCHPOINT_MESSAGES as M } from './touchpoints.schema.js';
import { transaction } from '../../db/transaction.js';

/** The touchpoint every install has (migration 20261129000000_touchpoints); /nfc opens it by default. */
export const DEMO_LOCATION_ID = 'demo';
/** Profiles on a touchpoint's page at most: the grid of one place, not a directory. */
export const PRESENT_LIMIT = 60;
const DAY_MS = 86_400_000;

export type { Presence, TouchpointProfiles, TouchpointView };

export interface Visitor {
  userId: string | null;
  /** The anonymous visitor cookie (a random id the browser keeps). */
  cookieId: string;
}

export interface TouchpointsServiceDeps {
  db: Kysely<DB>;
  touchpoints: TouchpointsRepository;
  search: SearchService;
  embeddingModels: EmbeddingModels;
  clock: Clock;
  /** Keys the visitor hashes, so the table holds neither cookies nor account ids in the clear. */
  secret: string;
  windowDays: number;
  /** Minutes before a tap lists its member. */
  listDelayMinutes: number;
  /** IANA time zone of the campus day (a visit counts once per day); unset: the server's. */
  timeZone: string | undefined;
}

/**
 * Touchpoints (spec part 3, Touchpoint landing page): the page of a physical tag, the visits
 * counted once per visitor and day, and the members listed there. What a member's presence
 * reveals is decided here: only taps made while signed in, within the window and at least the
 * listing delay ago, and only by members who let themselves be shown; never when or how often.
 */
export class TouchpointsService {
  private readonly day: Intl.DateTimeFormat;

  constructor(private readonly deps: TouchpointsServiceDeps) {
    this.day = new Intl.DateTimeFormat('en-CA', { timeZone: deps.timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
  }

  /** The page as the viewer sees it; the figures only for whom the policy allows (the administrator). */
  async view(locationId: string, viewer: ActorFor<'touchpoint.figures'> | null): Promise<TouchpointView> {
    const row = await this.location(locationId);
    const location = toTouchpoint(row);
    if (!viewer) return { location, viewer: 'visitor' };
    if (!may(viewer, 'touchpoint.figures')) return { location, viewer: 'member' };
    const figures = await this.deps.touchpoints.figures(row.id, this.taps(), this.withSamples(row));
    return { location, viewer: 'admin', figures: { profiles: figures.profiles, visitors: row.visitor_count, comments: figures.comments } };
  }

  /**
   * Counts the visit once per visitor, touchpoint and campus day, however often the page is
   * reloaded, and returns the visitor's ordinal (spec: visitor_count + 1 for a new visitor, the
   * same number again on a reload). A visitor who signs in the same day is the same visitor.
   */
  async visit(locationId: string, visitor: Visitor): Promise<VisitResponse> {
    const { db, touchpoints, clock } = this.deps;
    const row = await this.location(locationId);
    const now = clock.now();
    const day = this.day.format(now);
    const cookieKey = this.key(`cookie:${visitor.cookieId}`);
    const memberKey = visitor.userId ? this.key(`member:${visitor.userId}`) : null;
    const listed = visitor.userId !== null && (await touchpoints.showsAtTouchpoints(visitor.userId));
    const values = { userId: listed ? visitor.userId : null, at: now };
    return transaction(db, async (trx) => {
      // Visits of one touchpoint take turns: ordinals are consecutive and never shared.
      await touchpoints.lockLocation(trx, row.id);
      const ownKey = memberKey ?? cookieKey;
      const seen = await touchpoints.findVisit(trx, row.id, day, ownKey);
      let ordinal: number;
      if (seen) {
        await touchpoints.touchVisit(trx, row.id, day, ownKey, values);
        ordinal = seen.ordinal;
      } else {
        const asVisitor = memberKey ? await touchpoints.findVisit(trx, row.id, day, cookieKey) : undefined;
        if (asVisitor) {
          await touchpoints.rekeyVisit(trx, row.id, day, cookieKey, ownKey, values);
          ordinal = asVisitor.ordinal;
        } else {
          ordinal = await touchpoints.countVisit(trx, row.id, day, ownKey, values);
        }
      }
      const visitorCount = (await touchpoints.lockLocation(trx, row.id)) ?? ordinal;
      return { ordinal, visitorCount };
    });
  }

  /**
   * The members listed at a touchpoint: with match information for a member, without for a
   * visitor. `language`: the viewer's, which the reasons are written in.
   */
  async profiles(locationId: string, viewerId: string | null, language: Language = 'en'): Promise<TouchpointProfiles> {
    const { touchpoints, search, embeddingModels } = this.deps;
    const row = await this.location(locationId);
    const location = toTouchpoint(row);
    const base = { locationId: row.id, taps: this.taps(), withSamples: this.withSamples(row), limit: PRESENT_LIMIT };
    if (!viewerId) {
      const rows = await touchpoints.present({ ...base, viewer: null });
      // By name: the order must not tell a visitor who tapped last.
      const profiles = search.visitorCards(rows).sort((a, b) => (a.name ?? '').localeCompare(b.name ?? '') || a.id.localeCompare(b.id));
      return { viewer: 'visitor', location, profiles };
    }
    const query = await search.intentQuery(viewerId);
    const { model } = await embeddingModels.forSearch();
    const rows = await touchpoints.present({ ...base, viewer: { userId: viewerId, model, queryHash: queryHash(query) } });
    const profiles = await search.rankFound(viewerId, rows, query, (name) => translate(language, 'match:why.beenAt', { name: nameIn(language, name), place: row.name }), language);
    return { viewer: 'member', location, query, profiles };
  }

  /** "Show me at places I tap" (General settings), with the listing's delay and window the switch explains. */
  async presence(userId: string): Promise<Presence> {
    return { showAtTouchpoints: await this.deps.touchpoints.showsAtTouchpoints(userId), listDelayMinutes: this.deps.listDelayMinutes, windowDays: this.deps.windowDays };
  }

  /** Switches "show me at places I tap". Off also forgets where the member was listed. */
  async setShowAtTouchpoints(userId: string, show: boolean): Promise<Presence> {
    await transaction(this.deps.db, (trx) => this.deps.touchpoints.setShowAtTouchpoints(trx, userId, show));
    return this.presence(userId);
  }

  /** Deletes visits older than the listing window (housekeeping): nobody needs them any more. */
  pruneVisits(): Promise<number> {
    return this.deps.touchpoints.pruneVisits(this.day.format(new Date(this.windowStart().getTime() - DAY_MS)));
  }

  private async location(locationId: string): Promise<TouchpointRow> {
    const row = await this.deps.touchpoints.activeLocation(locationId);
    if (!row) throw new NotFoundError(M.notFound, 'location_not_found');
    return row;
  }

  private windowStart(): Date {
    return new Date(this.deps.clock.now().getTime() - this.deps.windowDays * DAY_MS);
  }

  /**
   * The taps that list their member: within the window, and older than the listing delay, so a
   * page watched again and again does not tell anyone who has just arrived.
   */
  private taps(): { since: Date; until: Date } {
    return { since: this.windowStart(), until: new Date(this.deps.clock.now().getTime() - this.deps.listDelayMinutes * 60_000) };
  }

  private withSamples(row: TouchpointRow): boolean {
    return row.location_id.toLowerCase() === DEMO_LOCATION_ID;
  }

  private key(text: string): string {
    return createHmac('sha256', this.deps.secret).update(`visitor:${text}`).digest('base64url');
  }
}

function toTouchpoint(row: TouchpointRow): Touchpoint {
  return { locationId: row.location_id, name: row.name, address: row.address, visitorCount: row.visitor_count };
}
