import { useTranslation } from 'react-i18next';

import type { Session } from '../../features/auth/api';
import { useProfile } from '../../features/profile/api';
import type { Letter } from '../../features/welcome/letter';
import { welcomeLetter } from '../../features/welcome/letter';
import { productName } from '../../product';

/** The signed-in member's letter, in their language: their name and registration order, and the gift when they have it. */
export function useWelcomeLetter(session: Session) {
  const { t, i18n } = useTranslation('welcome');
  const { profile, error, mutate } = useProfile(Boolean(session.user));
  const subscription = session.subscription;
  const gift = subscription?.premiumType === 'early_user' ? { endsOn: subscription.subscriptionEnd } : null;
  const letter: Letter | null = profile
    ? welcomeLetter({ productName, name: profile.name, order: profile.registration_order, gift }, { t, language: i18n.language })
    : null;
  return { profile, letter, error: profile ? undefined : error, retry: () => void mutate() };
}
