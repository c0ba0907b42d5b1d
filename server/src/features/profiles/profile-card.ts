import type { Selectable } from 'kysely';

import type { FirstMoment, ProfileCard, VisitorCard } from '../../../../contract/profile-card.js';
import type { ProfilesTable } from '../../db/schema.js';
import { vipActive } from '../../policies/premium.js';
import { type ContactViewer, visibleContactInfo } from './contact-info.js';

/**
 * A profile as another member sees it (contract/profile-card.ts). An absent value is null: the web
 * shows the reader's-language default ("Location not specified", « Lieu non précisé »).
 */
export type { ProfileCard, VisitorCard };


/** The profile columns a card shows. */
export type CardRow = Pick<
  Selectable<ProfilesTable>,
  | 'id' | 'user_id' | 'name' | 'age' | 'location' | 'profession' | 'avatar_url' | 'bio' | 'enhanced_background' | 'interests' | 'is_vip' | 'vip_expires_at'
  | 'contact_info' | 'personality_type' | 'social_style' | 'relationship_style' | 'core_values' | 'card_type' | 'card_image_url' | 'card_image_urls'
  | 'card_video_url' | 'card_text'
> & { campus_verified?: boolean };

function firstMoment(row: CardRow): FirstMoment | null {
  if (!row.card_type) return null;
  return {
    type: row.card_type,
    imageUrl: row.card_type === 'image' ? (row.card_image_url ?? row.card_image_urls[0] ?? null) : null,
    videoUrl: row.card_type === 'video' ? row.card_video_url : null,
    textContent: row.card_type === 'text' ? row.card_text : null,
    caption: null,
  };
}

const text = (value: string | null) => value?.trim() || null;

/** The fields of a profile that any member who may see it sees; `viewer` null: nobody's contact details. */
export function profileCard(row: CardRow, viewer: ContactViewer | null, now: Date): ProfileCard {
  return {
    id: row.id,
    userId: row.user_id,
    name: text(row.name),
    age: row.age,
    location: text(row.location),
    profession: text(row.profession),
    avatarUrl: row.avatar_url,
    bio: row.bio,
    enhancedBackground: row.enhanced_background,
    interests: row.interests,
    isVip: vipActive(row.is_vip, row.vip_expires_at, now),
    campusVerified: row.campus_verified === true,
    contactInfo: viewer === null ? { available: false } : visibleContactInfo(viewer, row.user_id, row.contact_info),
    personalityType: row.personality_type,
    socialStyle: row.social_style,
    relationshipStyle: row.relationship_style,
    coreValues: row.core_values,
    firstMoment: firstMoment(row),
  };
}

/** A card as a visitor sees it: no user id, no contact details. */
export function visitorCard(row: CardRow, now: Date): VisitorCard {
  const { userId: _userId, contactInfo: _contactInfo, ...card } = profileCard(row, null, now);
  return card;
}
