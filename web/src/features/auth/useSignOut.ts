import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';

import { logOut, signedOutSession } from './api';
import { errorMessage, notify } from './notify';
import { useSession } from './useSession';

/**
 * Signs out everywhere and goes home. `onLeave` runs before the navigation so a page's own
 * "not signed in → /auth" redirect does not race the way home.
 */
export function useSignOut(onLeave: () => void): { signingOut: boolean; signOut: () => Promise<void> } {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const { mutate } = useSession();
  const [signingOut, setSigningOut] = useState(false);

  const signOut = async () => {
    setSigningOut(true);
    try {
      const answer = await logOut();
      onLeave();
      if (answer?.endSessionUrl) {
        // Signed in by the campus: its own session ends too, and it sends the browser back here.
        window.location.assign(answer.endSessionUrl);
        return;
      }
      void navigate('/', { replace: true });
      void mutate(signedOutSession, { revalidate: false });
    } catch (failure) {
      notify('error', t('toast.signOutFailed'), errorMessage(failure));
      setSigningOut(false);
    }
  };

  return { signingOut, signOut };
}
