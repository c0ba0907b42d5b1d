import type { Migration } from 'kysely';

import * as vectorExtension from './20261121000000_vector_extension.js';
import * as users from './20261121000100_users.js';
import * as sessions from './20261121000200_sessions.js';
import * as profiles from './20261121000300_profiles.js';
import * as auth from './20261121000400_auth.js';
import * as registrationOrder from './20261122000000_registration_order.js';
import * as profileEmbeddings from './20261122000100_profile_embeddings.js';
import * as chat from './20261122000200_chat.js';
import * as premium from './20261122000300_premium.js';
import * as dailyUse from './20261123000000_daily_use.js';
import * as search from './20261123000100_search.js';
import * as searchDocuments from './20261124000000_search_documents.js';
import * as hnswRecall from './20261124000100_hnsw_recall.js';
import * as halfvecHnsw from './20261125000000_halfvec_hnsw.js';
import * as accounts from './20261126000000_accounts.js';
import * as jobs from './20261127000000_jobs.js';
import * as searchModel from './20261128000000_search_model.js';
import * as outgoingMail from './20261128000200_outgoing_mail.js';
import * as moderation from './20261128000300_moderation.js';
import * as admin from './20261128000100_admin.js';
import * as touchpoints from './20261129000000_touchpoints.js';
import * as payments from './20261130000000_payments.js';
import * as stripeSubscriptions from './20261201000000_stripe_subscriptions.js';
import * as suspensions from './20261202000000_suspensions.js';
import * as emailChanges from './20261202100000_email_changes.js';
import * as campusIdentity from './20261202200000_campus_identity.js';
import * as feedIndexes from './20261203000000_feed_indexes.js';
import * as profilesCityIndex from './20261203100000_profiles_city_index.js';
import * as weeklyIntroductions from './20261204000000_weekly_introductions.js';
import * as builtinEmbedV2 from './20261204120000_builtin_embed_v2.js';
import * as builtinEmbedV3 from './20261206000000_builtin_embed_v3.js';
import * as builtinEmbedV4 from './20261207000000_builtin_embed_v4.js';
import * as memberLanguage from './20261205000000_member_language.js';
import * as inboxControl from './20261208000000_inbox_control.js';
import * as moderationActions from './20261209000000_moderation_actions.js';

/**
 * Every migration, by its file name (which starts with its UTC timestamp). Listed explicitly
 * rather than discovered on disk, so the same list works from source (tsx, jest) and from the
 * compiled build; a test checks that no file in this folder is missing here.
 */
export const migrations: Record<string, Migration> = {
  '20261121000000_vector_extension': vectorExtension,
  '20261121000100_users': users,
  '20261121000200_sessions': sessions,
  '20261121000300_profiles': profiles,
  '20261121000400_auth': auth,
  '20261122000000_registration_order': registrationOrder,
  '20261122000100_profile_embeddings': profileEmbeddings,
  '20261122000200_chat': chat,
  '20261122000300_premium': premium,
  '20261123000000_daily_use': dailyUse,
  '20261123000100_search': search,
  '20261124000000_search_documents': searchDocuments,
  '20261124000100_hnsw_recall': hnswRecall,
  '20261125000000_halfvec_hnsw': halfvecHnsw,
  '20261126000000_accounts': accounts,
  '20261127000000_jobs': jobs,
  '20261128000000_search_model': searchModel,
  '20261128000100_admin': admin,
  '20261128000200_outgoing_mail': outgoingMail,
  '20261128000300_moderation': moderation,
  '20261129000000_touchpoints': touchpoints,
  '20261130000000_payments': payments,
  '20261201000000_stripe_subscriptions': stripeSubscriptions,
  '20261202000000_suspensions': suspensions,
  '20261202100000_email_changes': emailChanges,
  '20261202200000_campus_identity': campusIdentity,
  '20261203000000_feed_indexes': feedIndexes,
  '20261203100000_profiles_city_index': profilesCityIndex,
  '20261204000000_weekly_introductions': weeklyIntroductions,
  '20261204120000_builtin_embed_v2': builtinEmbedV2,
  '20261205000000_member_language': memberLanguage,
  '20261206000000_builtin_embed_v3': builtinEmbedV3,
  '20261207000000_builtin_embed_v4': builtinEmbedV4,
  '20261208000000_inbox_control': inboxControl,
  '20261209000000_moderation_actions': moderationActions,
};
