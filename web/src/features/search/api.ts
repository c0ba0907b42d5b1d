// Search (spec: the search screen): the typed endpoints, the spec's defaults for missing fields and
// the thumbnail variant of an uploaded image.
import { api } from '../../api/client';
import { i18next } from '../../i18n/i18n';

export type FirstMomentType = 'image' | 'video' | 'text';

export interface FirstMoment {
  type: FirstMomentType;
  imageUrl: string | null;
  videoUrl: string | null;
  textContent: string | null;
  caption: string | null;
}

/** A member's Quick Contact: label and value pairs, sent only when the member made them available. */
export interface ContactInfo {
  available: boolean;
  entries?: { label: string; value: string }[];
  /** Shared, but only premium members see the details (the server sends none). */
  premiumOnly?: boolean;
}

/** One result of POST /api/search, as the server sends it (fields may be null). */
export interface RawSearchResult {
  id: string;
  userId: string;
  name: string | null;
  age: number | null;
  /** Not in the contract yet; shown when the server sends it. */
  gender?: string | null;
  location: string | null;
  profession: string | null;
  matchPercentage: number | null;
  avatarUrl: string | null;
  bio: string | null;
  enhancedBackground: string | null;
  interests: string[] | null;
  whyMatch: string | null;
  isVip: boolean | null;
  /** Signed in with the campus account, or an address in the campus's domains. */
  campusVerified?: boolean | null;
  contactInfo: ContactInfo | null;
  connectionType: string | null;
  personalityType: string | null;
  socialStyle: string | null;
  relationshipStyle: string | null;
  coreValues: string[] | null;
  /** Scores 0–100. */
  personalityMatch: number | null;
  lifestyleAlignment: number | null;
  growthPotential: number | null;
  vectorSimilarity: number | null;
  firstMoment: FirstMoment | null;
  analysisStatus: string | null;
  /** Meets every rule the query states; absent (true) outside a search. */
  meetsRules?: boolean;
}

/** A result with the spec's defaults applied (in the reader's language at the time it is read). */
export interface SearchResult {
  id: string;
  userId: string;
  name: string;
  age: number;
  gender: string | null;
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

/** What a query states as a rule (an age range, a gender, the kind of relationship, a place). */
export type RuleKind = 'age' | 'gender' | 'intent' | 'city';

/** A rule as the server read it, shown as a removable chip. */
export interface SearchRule {
  kind: RuleKind;
  label: string;
}

export interface SearchResponse {
  query: string;
  intent: unknown;
  rules?: SearchRule[];
  results: RawSearchResult[];
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
    userId: raw.userId,
    name: text(raw.name) || i18next.t('search:defaults.member'),
    age: raw.age ?? 25,
    gender: optional(raw.gender),
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
    contactInfo: raw.contactInfo,
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

/**
 * POST /api/search. Callers never send a blank query (the server answers 400). `ignore`: the
 * rules the member removed (their chips), searched without.
 */
export async function search(query: string, signal?: AbortSignal, ignore: readonly RuleKind[] = []): Promise<SearchOutcome> {
  const body = ignore.length > 0 ? { query, ignore } : { query };
  const response = await api<SearchResponse>('/api/search', { method: 'POST', body, signal });
  return { results: response.results.map(normalizeResult), rules: response.rules ?? [] };
}

export type AnalysisStatus = 'pending' | 'generating' | 'completed' | 'failed';

export interface Analysis {
  whyMatch: string;
  compatibilityAnalysis: string;
  sharedInterests: string[];
  conversationStarters: string[];
  potentialChallenges: string[];
}

export interface AnalysisResponse {
  status: AnalysisStatus;
  data?: Analysis;
  error?: string;
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
  const raw = await api<Omit<RawSearchResult, 'matchPercentage' | 'whyMatch' | 'connectionType' | 'personalityMatch' | 'lifestyleAlignment' | 'growthPotential' | 'vectorSimilarity' | 'analysisStatus'>>(`/api/profiles/${encodeURIComponent(profileId)}`);
  return normalizeResult({ ...raw, matchPercentage: null, whyMatch: null, connectionType: null, personalityMatch: null, lifestyleAlignment: null, growthPotential: null, vectorSimilarity: null, analysisStatus: null });
}
