import type { ColumnType, Generated } from 'kysely';

import type { StartConversations } from '../../../contract/inbox.js';
import type { ModerationAction } from '../../../contract/moderation.js';
import type { Language } from '../i18n/languages.js';

/**
 * Row types of every table, as Kysely sees them. They mirror migrations/; a test checks the
 * migrated database has exactly these columns.
 */

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type CreatedAt = ColumnType<Date, never, never>;
type UpdatedAt = ColumnType<Date, never, never>;

export interface UsersTable {
  id: Generated<string>;
  email: string;
  /** Null for a campus-only account (signs in with the campus provider alone). */
  password_hash: string | null;
  email_confirmed_at: Timestamp | null;
  deleted_at: Timestamp | null;
  /** Last shown to be of the campus: a campus sign-in, or an address in SIGNUP_EMAIL_DOMAINS. */
  campus_verified_at: Timestamp | null;
  /** Set while the administrator has suspended the account: no sign-in, no session. */
  suspended_at: Timestamp | null;
  /** The member's language (content/i18n/languages.json): screens on a new device, and every e-mail. */
  language: Generated<Language>;
  /** Who may start a conversation with the member (features/inbox): everyone, members they liked, campus-verified members. */
  start_conversations: Generated<StartConversations>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

/** A campus (OpenID Connect) identity: the provider's issuer and subject, linked to one account. */
export interface UserIdentitiesTable {
  issuer: string;
  subject: string;
  user_id: string;
  /** The verified address the provider gave when the identity was linked or last used. */
  email: string;
  created_at: CreatedAt;
  last_sign_in_at: Timestamp;
}

export interface UserRolesTable {
  user_id: string;
  role: 'admin';
  created_at: CreatedAt;
}

export interface SessionsTable {
  sid: string;
  sess: unknown;
  expire: Timestamp;
}

export type Gender = 'male' | 'female' | 'non-binary' | 'prefer-not-to-say';
export type RelationshipStatus = 'single_straight' | 'single_lgbtq' | 'not_single';
export type CardType = 'image' | 'video' | 'text';
/** The three kinds of people the product helps find (spec part 1 §1). */
export type LookingFor = 'friend' | 'activity_partner' | 'partner';

export interface ContactInfo {
  email?: string;
  available?: boolean;
  [label: string]: unknown;
}

export interface ProfilesTable {
  id: Generated<string>;
  user_id: string;
  name: string | null;
  age: number | null;
  bio: string | null;
  location: string | null;
  /** yyyy-MM-dd */
  birth_date: string | null;
  gender: Gender | null;
  profession: string | null;
  relationship_status: RelationshipStatus | null;
  contact_info: ColumnType<ContactInfo, ContactInfo | undefined, ContactInfo>;
  interests: ColumnType<string[], string[] | undefined, string[]>;
  enhanced_background: string | null;
  card_type: CardType | null;
  card_image_url: string | null;
  card_image_urls: ColumnType<string[], string[] | undefined, string[]>;
  card_video_url: string | null;
  card_text: string | null;
  user_code: string | null;
  mailbox_address: string | null;
  registration_order: number | null;
  avatar_url: string | null;
  is_vip: Generated<boolean>;
  vip_expires_at: Timestamp | null;
  search_background_url: string | null;
  search_background_opacity: Generated<number>;
  ip_address: string | null;
  personality_type: string | null;
  social_style: string | null;
  relationship_style: string | null;
  core_values: ColumnType<string[], string[] | undefined, string[]>;
  looking_for: ColumnType<LookingFor[], LookingFor[] | undefined, LookingFor[]>;
  premium_type: 'early_user' | 'paid' | null;
  early_user_gift_at: Timestamp | null;
  /** Stripe's customer for this member (set at their first checkout). */
  stripe_customer_id: string | null;
  /** The member's current Stripe subscription, if any. */
  stripe_subscription_id: string | null;
  premium_plan: 'monthly' | 'yearly' | null;
  /** The subscription renews at vip_expires_at (false once cancelled). */
  premium_renews: Generated<boolean>;
  is_sample: Generated<boolean>;
  /** Whether a new mailbox message is also announced by e-mail (General settings). */
  notify_new_messages: Generated<boolean>;
  /** Hidden from search by the administrator pending review of reports. */
  hidden_at: Timestamp | null;
  /** "Show me at places I tap" (General): listed at touchpoints tapped while signed in. */
  show_at_touchpoints: Generated<boolean>;
  /** "Weekly introductions" (General): proposed up to three members a week (features/weekly-introductions). */
  weekly_introductions: Generated<boolean>;
  last_ip_update: Timestamp | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface PendingSignupsTable {
  email: string;
  password_hash: string;
  code_hash: string;
  code_issued_at: Timestamp;
  attempts: Generated<number>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface PendingEmailChangesTable {
  user_id: string;
  new_email: string;
  code_hash: string;
  code_issued_at: Timestamp;
  attempts: Generated<number>;
  created_at: CreatedAt;
}

export interface PasswordResetTokensTable {
  token_hash: string;
  user_id: string;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: CreatedAt;
}

export interface RateLimitHitsTable {
  key: string;
  window_start: Timestamp;
  hits: number;
}

/** Written only by the profiles trigger (migrations/20261124000000_search_documents.ts); read by full-text search. */
export interface ProfileSearchDocumentsTable {
  profile_id: string;
  /** tsvector */
  document: string;
}

export interface ProfileEmbeddingsTable {
  profile_id: string;
  model: string;
  dimensions: number;
  content_hash: string;
  /** pgvector text form '[0.1,0.2,…]' when written; read back as the same text. */
  embedding: string;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export type ChatSessionType = 'onboarding' | 'profile_update';

export interface ChatSessionsTable {
  id: Generated<string>;
  user_id: string;
  session_type: ChatSessionType;
  /** The interviewer's state; its shape is owned by features/chat/interview. */
  state: ColumnType<unknown, string, string>;
  completed_at: Timestamp | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface ChatMessagesTable {
  id: Generated<string>;
  session_id: string;
  role: 'user' | 'assistant';
  content: string;
  created_at: CreatedAt;
}

export interface UserMomentsTable {
  id: Generated<string>;
  user_id: string;
  moment_type: CardType;
  image_url: string | null;
  video_url: string | null;
  text_content: string | null;
  caption: string | null;
  is_first_moment: Generated<boolean>;
  is_sample: Generated<boolean>;
  created_at: ColumnType<Date, Date | string | undefined, never>;
  deleted_at: Timestamp | null;
}

export interface LikedProfilesTable {
  user_id: string;
  liked_user_id: string;
  liked_profile_id: string;
  created_at: CreatedAt;
}

export interface SearchCheckInsTable {
  user_id: string;
  /** yyyy-MM-dd */
  date: string;
  streak_days: number;
  streak_boxes: number;
  /** yyyy-MM-dd */
  last_check_in_date: string;
  created_at: CreatedAt;
}

/** The in-product mailbox (spec part 2 §3 messages); introductions are delivered here. */
export interface MessagesTable {
  id: Generated<string>;
  sender_id: string | null;
  sender_email: string;
  recipient_email: string;
  recipient_id: string | null;
  subject: string;
  content: string;
  is_read: Generated<boolean>;
  /** Sent while the recipient had blocked the sender: never shown to the recipient. */
  withheld: Generated<boolean>;
  created_at: CreatedAt;
}

export type SearchAnalysisStatus = 'pending' | 'generating' | 'completed' | 'failed';

/** One row per search a member ran (features/search). */
export interface UserSearchesTable {
  id: Generated<string>;
  user_id: string;
  query: string;
  intent: LookingFor;
  result_count: number;
  created_at: CreatedAt;
}

/** The detailed analysis of one search result, cached per (viewer, profile, query). */
export interface SearchAnalysesTable {
  viewer_id: string;
  profile_id: string;
  query_hash: string;
  query: string;
  status: ColumnType<SearchAnalysisStatus, SearchAnalysisStatus | undefined, SearchAnalysisStatus>;
  /** The analysis (contract/search.ts AnalysisData) once completed. */
  data: ColumnType<unknown, string | null | undefined, string | null>;
  error: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

/** One row per account deletion (spec part 3 §3); removed with the account by the purge. */
export interface DeletedProfilesTable {
  id: Generated<string>;
  user_id: string;
  deleted_email: string;
  name: string | null;
  deleted_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export type JobRunState = 'running' | 'completed' | 'failed';
export type JobItemStatus = 'succeeded' | 'failed' | 'skipped';

/** One run of a batch job (server/src/jobs). */
export interface JobRunsTable {
  id: Generated<string>;
  name: string;
  options: ColumnType<Record<string, unknown>, string | undefined, string>;
  dry_run: Generated<boolean>;
  state: JobRunState;
  total: Generated<number>;
  processed: Generated<number>;
  succeeded: Generated<number>;
  failed: Generated<number>;
  skipped: Generated<number>;
  started_by: string | null;
  error: string | null;
  started_at: Timestamp;
  heartbeat_at: Timestamp;
  finished_at: Timestamp | null;
}

/** The embedding model search reads (one row; features/embeddings/embedding-models.ts). */
export interface SearchModelTable {
  id: Generated<boolean>;
  model: string;
  dimensions: number;
  switched_at: Timestamp;
}

/** One member blocking another (features/moderation): each is hidden from the other everywhere. */
export interface BlocksTable {
  blocker_id: string;
  blocked_id: string;
  created_at: CreatedAt;
}

export type ReportReason = 'harassment' | 'spam' | 'fake_profile' | 'inappropriate_content' | 'underage' | 'other';
export type ReportStatus = 'open' | 'dismissed' | 'warned' | 'hidden' | 'deleted' | 'suspended';

/** A member's report of another, with the evidence as it was when reported. */
export interface ReportsTable {
  id: Generated<string>;
  reporter_id: string | null;
  reported_user_id: string;
  reason: ReportReason;
  note: string | null;
  evidence: ColumnType<unknown, string, string>;
  status: Generated<ReportStatus>;
  resolved_by: string | null;
  resolved_at: Timestamp | null;
  created_at: CreatedAt;
}

/** One moderation action on a member (due process): why, and the administrator's note to them. */
export interface ModerationActionsTable {
  id: Generated<string>;
  /** Null once the member's account is purged (the row stays for the transparency counts). */
  user_id: string | null;
  actor_id: string | null;
  action: ModerationAction;
  reason: ReportReason | null;
  note: string | null;
  /** The service's clock (the counts go by month, and tests move the clock). */
  created_at: ColumnType<Date, Date, never>;
}

export type OutgoingMailState = 'queued' | 'sending' | 'sent' | 'failed';

/** A message waiting for, or done with, delivery (mail/mail-queue.ts). */
export interface OutgoingMailTable {
  id: Generated<string>;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  state: Generated<OutgoingMailState>;
  attempts: Generated<number>;
  next_attempt_at: Timestamp;
  locked_at: Timestamp | null;
  last_error: string | null;
  created_at: CreatedAt;
  sent_at: Timestamp | null;
}

/** What a run did with one item (a profile, an account). */
export interface JobRunItemsTable {
  run_id: string;
  item_key: string;
  status: JobItemStatus;
  result: ColumnType<unknown, string | undefined, string>;
  created_at: CreatedAt;
}

/** What the administrator did (features/audit-log); one row per change made from the admin area. */
export interface AdminAuditLogTable {
  id: Generated<string>;
  /** Null once the administrator's account is purged; actor_email still says who it was. */
  actor_id: string | null;
  actor_email: string;
  /** A dotted name: 'user.delete', 'nfc_location.create', … */
  action: string;
  target_type: string;
  target_id: string | null;
  details: ColumnType<Record<string, unknown>, string | undefined, string>;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}

/** A physical touchpoint (spec part 3 §3 nfc_locations); location_id never changes after creation. */
export interface NfcLocationsTable {
  id: Generated<string>;
  location_id: ColumnType<string, string, never>;
  name: string;
  address: string | null;
  is_active: Generated<boolean>;
  visitor_count: Generated<number>;
  created_by: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

/** One visitor at one touchpoint on one day (a reload counts nothing). */
export interface LocationVisitsTable {
  location_id: string;
  /** yyyy-MM-dd in the campus's time zone */
  day: ColumnType<string, string, never>;
  /** A keyed hash of the visitor cookie or of the account: never the cookie or an address. */
  visitor_key: string;
  /** Only for a member who may be shown at places they tap. */
  user_id: string | null;
  /** visitor_count after this visit was counted: "you are visitor #n". */
  ordinal: number;
  /** The day's first tap, by the app's clock: what the listing window and delay read. */
  created_at: ColumnType<Date, Date | string | undefined, never>;
  last_seen_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** The community wall of a touchpoint (spec part 3 §3 location_comments). */
export interface LocationCommentsTable {
  id: Generated<string>;
  location_id: string;
  /** null: a visitor who was not signed in */
  user_id: string | null;
  comment: string;
  parent_comment_id: string | null;
  created_at: CreatedAt;
}

export type PaymentType = 'donation' | 'monthly' | 'yearly';
export type PaymentStatus = 'completed' | 'pending' | 'failed' | 'refunded';

/** One payment (spec part 3 §3 payments); amounts in cents. Kept when the account is purged (user_id null). */
export interface PaymentsTable {
  id: Generated<string>;
  user_id: string | null;
  payment_type: PaymentType;
  amount_cents: number;
  currency: Generated<string>;
  status: PaymentStatus;
  stripe_session_id: string | null;
  /** A renewal's invoice (the first one is the Checkout Session's row). */
  stripe_invoice_id: string | null;
  /** What a refund names. */
  stripe_payment_intent_id: string | null;
  created_at: ColumnType<Date, Date | string | undefined, never>;
  updated_at: ColumnType<Date, Date | string | undefined, never>;
}

/** Webhook events applied, by Stripe's event id: each is applied once. */
export interface StripeEventsTable {
  id: string;
  type: string;
  processed_at: ColumnType<Date, Date | string | undefined, never>;
}

/**
 * The freshest read of each Stripe subscription, by the ticket taken before the read
 * (stripe_read_ticket_seq): a read with a lower ticket never replaces it.
 */
export interface StripeSubscriptionsTable {
  id: string;
  status: string;
  plan: 'monthly' | 'yearly' | null;
  period_end: Timestamp;
  /** Neither cancelled at the period's end nor at a set time. */
  renews: boolean;
  read_ticket: number;
  read_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** One run of the weekly introductions (features/weekly-introductions): its week and what it found. */
export interface WeeklyIntroductionRoundsTable {
  /** yyyy-MM-dd, the Monday of the week in CRON_TIMEZONE. */
  week: ColumnType<string, string, string>;
  members_in: number;
  pairs_made: number;
  skipped: ColumnType<Record<string, number>, string | undefined, string>;
  created_at: CreatedAt;
  /** When the round's mails were sent; null while they are owed. */
  mailed_at: Date | null;
}

export type WeeklyAnswer = 'hello' | 'pass';

/** Two members proposed to each other for a week; user_a < user_b; each pair at most once ever. */
export interface WeeklyIntroductionsTable {
  id: Generated<string>;
  week: ColumnType<string, string, string>;
  user_a: string;
  user_b: string;
  mutual_fit: number;
  a_answer: WeeklyAnswer | null;
  b_answer: WeeklyAnswer | null;
  /** Both said hello: their introductions were delivered to each other's mailbox then. */
  mutual_at: Timestamp | null;
  created_at: CreatedAt;
}

export interface DB {
  users: UsersTable;
  user_identities: UserIdentitiesTable;
  user_roles: UserRolesTable;
  sessions: SessionsTable;
  profiles: ProfilesTable;
  pending_signups: PendingSignupsTable;
  pending_email_changes: PendingEmailChangesTable;
  password_reset_tokens: PasswordResetTokensTable;
  rate_limit_hits: RateLimitHitsTable;
  profile_embeddings: ProfileEmbeddingsTable;
  profile_search_documents: ProfileSearchDocumentsTable;
  chat_sessions: ChatSessionsTable;
  chat_messages: ChatMessagesTable;
  user_moments: UserMomentsTable;
  liked_profiles: LikedProfilesTable;
  search_check_ins: SearchCheckInsTable;
  messages: MessagesTable;
  user_searches: UserSearchesTable;
  search_analyses: SearchAnalysesTable;
  deleted_profiles: DeletedProfilesTable;
  job_runs: JobRunsTable;
  job_run_items: JobRunItemsTable;
  search_model: SearchModelTable;
  outgoing_mail: OutgoingMailTable;
  blocks: BlocksTable;
  reports: ReportsTable;
  moderation_actions: ModerationActionsTable;
  admin_audit_log: AdminAuditLogTable;
  nfc_locations: NfcLocationsTable;
  location_visits: LocationVisitsTable;
  location_comments: LocationCommentsTable;
  payments: PaymentsTable;
  stripe_events: StripeEventsTable;
  stripe_subscriptions: StripeSubscriptionsTable;
  weekly_introduction_rounds: WeeklyIntroductionRoundsTable;
  weekly_introductions: WeeklyIntroductionsTable;
}
