import type { Clock } from '../../clock.js';
import { AppError, BadRequestError, ConflictError, NotFoundError } from '../../errors.js';
import { authorize } from '../../policies/index.js';
import type { LikesRepository } from '../likes/likes.repository.js';
import type { ProfilesRepository } from '../profiles/profiles.repository.js';
import type { ProfileCard } from '../profiles/profile-card.js';
import type { SearchService } from '../search/search.service.js';
import { vipActive } from '../../policies/premium.js';
import type { ConnectionsRepository } from './connections.repository.js';
import { type ConnectRequest, type ConnectResponse, CONNECTION_MESSAGES as M, type ExchangeTokenResponse, type LookupResponse, USER_CODE } from '../../../../contract/connections.js';
import type { ExchangeTokens } from './exchange-token.js';

/** A bio longer than this is cut in the payload: it is a preview; the server resolves the token to the live profile. */
const PAYLOAD_BIO_MAX = 140;
const PAYLOAD_INTERESTS_MAX = 5;

export interface ConnectionsServiceDeps {
  connections: ConnectionsRepository;
  likes: LikesRepository;
  profiles: ProfilesRepository;
  search: SearchService;
  tokens: ExchangeTokens;
  clock: Clock;
  productName: string;
}

/**
 * Meeting in person (spec part 3: NFC profile exchange, find by code): a member connects to
 * someone standing with them by their 8-digit code or by the token in their QR code or tag.
 * Connecting saves the other profile to the member's liked profiles once; it gives the other
 * member nothing of the member's (each scans the other's code for both to connect).
 */
export class ConnectionsService {
  constructor(private readonly deps: ConnectionsServiceDeps) {}

  /** `kindred_profile` for the product Kindred: the payload's type marker. */
  get payloadType(): string {
    return `${this.deps.productName.toLowerCase().replace(/[^a-z0-9]+/g, '')}_profile`;
  }

  /** The member's own payload for a QR code or an NFC tag, with a fresh token. */
  async exchangePayload(userId: string): Promise<ExchangeTokenResponse> {
    const { connections, tokens, clock } = this.deps;
    await this.requireReady(userId);
    const own = await connections.ownCard(userId);
    if (!own) throw new ConflictError(M.notReady, 'profile_not_ready');
    const now = clock.now();
    const { token, expiresAt } = tokens.issue(own.id, now);
    const bio = own.bio && [...own.bio].length > PAYLOAD_BIO_MAX ? `${[...own.bio].slice(0, PAYLOAD_BIO_MAX - 1).join('')}…` : own.bio;
    return {
      payload: {
        type: this.payloadType,
        profile: {
          id: own.id,
          name: own.name?.trim() || 'Member',
          age: own.age,
          location: own.location,
          profession: own.profession,
          bio,
          interests: own.interests.slice(0, PAYLOAD_INTERESTS_MAX),
          avatar_url: own.avatar_url,
          user_code: own.user_code,
          is_vip: vipActive(own.is_vip, own.vip_expires_at, now),
          created_at: own.created_at.toISOString(),
        },
        token,
        timestamp: now.getTime(),
      },
      expiresAt: expiresAt.toISOString(),
    };
  }

  /** Find by code: the member with that code, and whether they are already in the liked profiles. */
  async lookup(userId: string, code: string): Promise<LookupResponse> {
    await this.requireReady(userId);
    const target = await this.byCode(userId, code);
    const profile = await this.card(userId, target.id);
    return { profile, connected: await this.deps.likes.isLiked(userId, target.id) };
  }

  /** Saves the other profile to the liked profiles if it is not there (at most once, however many requests race). */
  async connect(userId: string, input: ConnectRequest): Promise<ConnectResponse> {
    await this.requireReady(userId);
    const target = input.userCode !== undefined ? await this.byCode(userId, input.userCode) : await this.byToken(userId, input.token ?? '');
    const profile = await this.card(userId, target.id);
    const added = await this.deps.likes.like(userId, { profileId: target.id, userId: target.user_id });
    return { status: added ? 'connected' : 'already_connected', profile };
  }

  private async requireReady(userId: string): Promise<void> {
    if (!(await this.deps.profiles.isComplete(userId))) throw new ConflictError(M.notReady, 'profile_not_ready');
  }

  private async byCode(userId: string, code: string): Promise<{ id: string; user_id: string }> {
    // Codes are 8 digits: anything else cannot be one, and costs a try all the same.
    const target = USER_CODE.test(code) ? await this.deps.connections.byCode(code) : undefined;
    if (!target) throw new NotFoundError(M.notFound, 'user_not_found');
    authorize({ id: userId }, 'profile.connect', { userId: target.user_id }, { message: M.self, code: 'self_connect' });
    return target;
  }

  private async byToken(userId: string, token: string): Promise<{ id: string; user_id: string }> {
    const check = this.deps.tokens.check(token, this.deps.clock.now());
    if (!check.ok) {
      if (check.reason === 'expired') throw new AppError(410, 'exchange_expired', M.exchangeExpired);
      throw new BadRequestError(M.exchangeInvalid, 'exchange_invalid');
    }
    const target = await this.deps.connections.byId(check.profileId);
    if (!target) throw new NotFoundError(M.notFound, 'user_not_found');
    authorize({ id: userId }, 'profile.connect', { userId: target.user_id }, { message: M.self, code: 'self_connect' });
    return target;
  }

  /** The card as a member sees it; deleted, incomplete or blocked (either way) members are not found. */
  private async card(userId: string, profileId: string): Promise<ProfileCard> {
    try {
      return await this.deps.search.profileCard(userId, profileId);
    } catch (error) {
      if (error instanceof NotFoundError) throw new NotFoundError(M.notFound, 'user_not_found');
      throw error;
    }
  }
}
