import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { errorMessage, notify } from '../auth/notify';
import { type ProfileUpdate, updateProfile } from './api';

/**
 * Saves a change of Settings or General: "Profile updated" with `success` when one is given (a
 * switch that shows its own state needs none), the spec's "Update failed" with the server's
 * reason otherwise; `onSaved` refreshes what the page shows.
 */
export function useProfileUpdate(onSaved: () => void): { saving: boolean; save: (update: ProfileUpdate, success?: string) => Promise<void> } {
  const { t } = useTranslation('profile');
  const [saving, setSaving] = useState(false);
  const save = async (update: ProfileUpdate, success?: string) => {
    setSaving(true);
    try {
      await updateProfile(update);
      if (success) notify('success', t('update.saved'), success);
      onSaved();
    } catch (failure) {
      notify('error', t('update.failed'), errorMessage(failure));
    } finally {
      setSaving(false);
    }
  };
  return { saving, save };
}
