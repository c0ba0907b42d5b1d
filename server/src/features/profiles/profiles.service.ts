import { randomInt } from 'node:crypto';

import type { Clock } from '../../clock.js';
import { AppError, BadRequestError, NotFoundError } from '../../errors.js';
import type { StandardizationService } from '../standardize/standardize.service.js';
import { ageOn, isoDay, parseCalendarDate } from './age.js';
import type { OwnProfile } from '../../../../contract/profile.js';
import { initialContactInfo, storedContactInfo } from './contact-info.js';
import { ownProfileOf } from './own-profile.js';
import type { BasicInfoInput, ProfileUpdateInput } from '../../../../contract/profile.js';
import type { ProfilesRepository } from './profiles.repository.js';

const MIN_BIRTH_DATE = '1900-01-01';
const IDENTITY_ATTEMPTS = 8;

export interface ProfilesServiceDeps {
  profiles: ProfilesRepository;
  standardization: StandardizationService;
  clock: Clock;
  mailDomain: string;
  /** n random decimal digits; tests force collisions through it. */
  randomDigits?: (n: number) => string;
}

const cryptoDigits = (n: number) => Array.from({ length: n }, () => randomInt(10)).join('');

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}

/** The mailbox name: the member's name in plain lower-case letters and digits, else "member". */
export function mailboxName(name: string): string {
  const ascii = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '');
  return ascii.slice(0, 20) || 'member';
}

export class ProfilesService {
  private readonly randomDigits: (n: number) => string;

  constructor(private readonly deps: ProfilesServiceDeps) {
    this.randomDigits = deps.randomDigits ?? cryptoDigits;
  }

  /** The member's own row, its contact info in today's shape (older rows kept another). */
  async own(userId: string): Promise<OwnProfile> {
    const profile = await this.deps.profiles.findByUserId(userId);
    if (!profile) throw new NotFoundError('Profile not found.', 'profile_not_found');
    return ownProfileOf(profile);
  }

  /** Settings and General: display name, contact info, mail notifications, background opacity. */
  async update(userId: string, input: ProfileUpdateInput): Promise<OwnProfile> {
    await this.own(userId);
    await this.deps.profiles.update(userId, {
      ...(input.name !== undefined && { name: input.name }),
      ...(input.contactInfo !== undefined && { contact_info: storedContactInfo(input.contactInfo) }),
      ...(input.notifyNewMessages !== undefined && { notify_new_messages: input.notifyNewMessages }),
      ...(input.searchBackgroundOpacity !== undefined && { search_background_opacity: input.searchBackgroundOpacity }),
    });
    return this.own(userId);
  }

  /**
   * Basic information (spec part 1 §4): validate, standardize, compute the age, upsert. The first
   * save also gives the profile its 8-digit user code, its registration order and its mailbox.
   */
  async saveBasic(user: { id: string; email: string }, input: BasicInfoInput): Promise<OwnProfile> {
    const today = isoDay(this.deps.clock.now());
    if (!parseCalendarDate(input.birthDate) || input.birthDate < MIN_BIRTH_DATE || input.birthDate > today) {
      throw new BadRequestError(`Birth date must be a date between ${MIN_BIRTH_DATE} and today.`, 'invalid_birth_date');
    }

    const [location, profession] = await Promise.all([
      this.deps.standardization.location(input.location),
      this.deps.standardization.profession(input.profession),
    ]);
    if (location.standardized === null) throw new AppError(422, location.error.code, location.error.message);
    if (profession.standardized === null) throw new AppError(422, profession.error.code, profession.error.message);

    const { profiles } = this.deps;
    await profiles.saveBasic(
      user.id,
      {
        name: input.name,
        birth_date: input.birthDate,
        age: ageOn(input.birthDate, today),
        location: location.standardized,
        gender: input.gender,
        profession: profession.standardized,
        relationship_status: input.relationshipStatus,
      },
      initialContactInfo(user.email),
    );
    await this.assignIdentity(user.id, input.name);
    return this.own(user.id);
  }

  private async assignIdentity(userId: string, name: string): Promise<void> {
    const { profiles } = this.deps;
    await profiles.assignRegistrationOrder(userId);
    // 8 digits, kept as text: a leading zero is part of the code.
    await this.retryOnCollision(() => profiles.assignUserCode(userId, this.randomDigits(8)));
    const local = mailboxName(name);
    await this.retryOnCollision(() => profiles.assignMailboxAddress(userId, `${local}${this.randomDigits(4)}@${this.deps.mailDomain}`));
  }

  private async retryOnCollision(assign: () => Promise<boolean>): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        await assign();
        return;
      } catch (error) {
        if (!isUniqueViolation(error) || attempt >= IDENTITY_ATTEMPTS) throw error;
      }
    }
  }
}
