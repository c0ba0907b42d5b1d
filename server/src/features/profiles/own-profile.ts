import type { OwnProfile } from '../../../../contract/profile.js';
import { readContactInfo } from './contact-info.js';
import type { ProfileRow } from './profiles.repository.js';

/**
 * The member's own row as the contract sends it: dates as ISO strings, contact info in today's
 * shape (older rows kept another), and nothing only the server uses (last address seen, the card
 * provider's ids, the sample flag, the gift's date).
 */
export function ownProfileOf(row: ProfileRow): OwnProfile {
  const {
    ip_address: _ip,
    last_ip_update: _lastIp,
    stripe_customer_id: _customer,
    stripe_subscription_id: _subscription,
    is_sample: _sample,
    early_user_gift_at: _gift,
    contact_info,
    vip_expires_at,
    hidden_at,
    created_at,
    updated_at,
    ...rest
  } = row;
  return {
    ...rest,
    contact_info: readContactInfo(contact_info),
    vip_expires_at: vip_expires_at?.toISOString() ?? null,
    hidden_at: hidden_at?.toISOString() ?? null,
    created_at: created_at.toISOString(),
    updated_at: updated_at.toISOString(),
  };
}
