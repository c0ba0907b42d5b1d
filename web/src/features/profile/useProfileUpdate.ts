import { useState } from 'react';

import { errorMessage, notify } from '../auth/notify';
import { type ProfileUpdate, updateProfile } from './api';

/**
 * Saves a change of Settings or General: "Profile updated" with `success` when one is given (a
 * switch that shows its own state needs none), the spec's "Update failed" with the server's
 * reason otherwise; `onSaved` refreshes what the page shows.
 */
export function useProfileUpdate(onSaved: () => void): { saving: boolean; save: (update: ProfileUpdate, success?: string) => Promise<void> } {
  const [saving, setSaving] = useState(false);
  const save = async (update: ProfileUpdate, success?: string) => {
    setSaving(true);
    try {
      await updateProfile(update);
      if (success) notify('success', 'Profile updated', success);
      onSaved();
    } catch (failure) {
      notify('error', 'Update failed', errorMessage(failure));
    } finally {
      setSaving(false);
    }
  };
  return { saving, save };
}
