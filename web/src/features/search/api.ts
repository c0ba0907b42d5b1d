// Search (spec: the search screen): the typed endpoints, the spec's defaults for missing fields and
// the thumbnail variant of an uploaded image. What the server sends is contract/search.ts's.
import type { FirstMoment, ProfileCard, VisibleContactInfo, VisitorCard } from '../../../../contract/profile-card';
import type { AnalysisData, AnalysisResponse, RuleChip, RuleKind, SearchResponse, SearchResult as ServerSearchResult } from '../../../../contract/search';
import { api } from '../../api/client';
import { i18next } from '../../i18n/i18n';

export type { FirstMoment, RuleKind };
/** A rule as the server read it, shown as a removable chip. */
export type SearchRule = RuleChip;
export type { AnalysisResponse };
export type Analysis = AnalysisData;

/**
 * What a result card is made from: a search result, a profile card (no match yet), or a visitor's
 * card (no user id, no contact details), all as the contract (contract/) says the server sends them.
 */
export type RawSearchResult = VisitorCard & Partial<Pick<ProfileCard, 'userId' | 'contactInfo'>> & Partial<Omit<ServerSearchResult, keyof ProfileCard>>;

/** Contact details as a card shows them. */
export interface ContactInfo {
  available: boolean;
  entries: { label: string; value: string }[];
  /** Shared, but only premium members see the details (the server sends none). */
  premiumOnly: boolean;
}

function contactOf(info: VisibleContactInfo | undefined): ContactInfo | null {
  if (!info) return null;
  return { available: info.available, entries: 'entries' in info ? info.entries : [], premiumOnly: 'premiumOnly' in info };
}

/** A result with the spec's defaults applied (in the reader's language at the time it is read). */
export interface SearchResult {
  id: string;
  userId: string;
  name: string;
  age: number;
  location: string;
  profession: string;
  matchPercentage: number;
  avatarUrl: string | null;
  bio: string;
  enhancedBackground: string;
  interests: string[];
  whyMatch: string;
  isVip: boolean;
  campusVerified: boolean;
  contactInfo: ContactInfo | null;
  connectionType: string;
  personalityType: string | null;
  socialStyle: string | null;
  relationshipStyle: string | null;
  coreValues: string[];
  /** Scores 0–100, null when unknown. */
  personalityMatch: number | null;
  lifestyleAlignment: number | null;
  growthPotential: number | null;
  firstMoment: FirstMoment | null;
  /** Meets every rule the query states (always true when it states none); listed before those who do not. */
  meetsRules: boolean;
}

export interface SearchOutcome {
  results: SearchResult[];
  rules: SearchRule[];
}

const text = (value: string | null | undefined): string => value?.trim() ?? '';
const optional = (value: string | null | undefined): string | null => text(value) || null;
const score = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? Math.max(0, Math.min(100, Math.round(value))) : null);

export function normalizeResult(raw: RawSearchResult): SearchResult {
  return {
    id: raw.id,
    userId: raw.userId ?? '',
    name: text(raw.name) || i18next.t('search:defaults.member'),
    age: raw.age ?? 25,
    location: text(raw.location) || i18next.t('search:defaults.location'),
    profession: text(raw.profession) || i18next.t('search:defaults.profession'),
    matchPercentage: raw.matchPercentage ?? 70,
    avatarUrl: optional(raw.avatarUrl),
    bio: text(raw.bio),
    enhancedBackground: text(raw.enhancedBackground),
    interests: (raw.interests ?? []).filter((interest) => interest.trim()),
    whyMatch: text(raw.whyMatch),
    isVip: raw.isVip === true,
    campusVerified: raw.campusVerified === true,
    contactInfo: contactOf(raw.contactInfo),
    connectionType: text(raw.connectionType) || 'match',
    personalityType: optional(raw.personalityType),
    socialStyle: optional(raw.socialStyle),
    relationshipStyle: optional(raw.relationshipStyle),
    coreValues: (raw.coreValues ?? []).filter((value) => value.trim()),
    personalityMatch: score(raw.personalityMatch),
    lifestyleAlignment: score(raw.lifestyleAlignment),
    growthPotential: score(raw.growthPotential),
    firstMoment: raw.firstMoment,
    meetsRules: raw.meetsRules !== false,
  };
}

/** Who a search shows, beyond what its words ask: kept by the search screen from one search to the next. */
export interface SearchScope {
  /** The "Campus-verified only" chip. */
  verifiedOnly: boolean;
  /** The "Show everyone" switch: also members whose own wishes leave the searcher out. */
  showEveryone: boolean;
}

export const DEFAULT_SCOPE: SearchScope = { verifiedOnly: false, showEveryone: false };

/**
 * POST /api/search. Callers never send a blank query (the server answers 400). `ignore`: the
 * rules the member removed (their chips), searched without. Only what differs from the defaults is sent.
 */
export async function search(
  query: string,
  { signal, ignore = [], scope = DEFAULT_SCOPE }: { signal?: AbortSignal; ignore?: readonly RuleKind[]; scope?: SearchScope } = {},
): Promise<SearchOutcome> {
  const body = {
    query,
    ...(ignore.length > 0 ? { ignore } : {}),
    ...(scope.verifiedOnly ? { verifiedOnly: true } : {}),
    ...(scope.showEveryone ? { showEveryone: true } : {}),
  };
  const response = await api<SearchResponse>('/api/search', { method: 'POST', body, signal });
  return { results: response.results.map(normalizeResult), rules: response.rules };
}

/** POST /api/search/analysis: starts the detailed analysis or reports how far it has got. */
export function requestAnalysis(profileId: string, searchQuery: string, signal?: AbortSignal): Promise<AnalysisResponse> {
  return api<AnalysisResponse>('/api/search/analysis', { method: 'POST', body: { profileId, searchQuery }, signal });
}

const UPLOAD = /^\/uploads\/([0-9a-f]{32})\.(png|jpg|jpeg|webp)$/;

/** The thumbnail (`<key>.thumb.<ext>`) of one of our uploaded images; any other URL as it is. */
export function thumbnailUrl(url: string): string {
  const match = UPLOAD.exec(url);
  return match ? `/uploads/${match[1] ?? ''}.thumb.${match[2] ?? ''}` : url;
}

/** GET /api/profiles/:id: a profile without match information (the liked profiles list's eye button). */
export async function getProfileCard(profileId: string): Promise<SearchResult> {
  return normalizeResult(await api<ProfileCard>(`/api/profiles/${encodeURIComponent(profileId)}`));
}
