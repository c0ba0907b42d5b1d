import { Stack } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import type { Session } from '../../features/auth/api';
import { resetPassword } from '../../features/auth/api';
import { notify } from '../../features/auth/notify';

import { NewPasswordFields, SubmitButton, SwitchPrompt } from './fields';
import { FormHeader } from './FormHeader';
import { checkNewPassword, notifyNewPasswordFailure } from './validation';

interface Props {
  /** The token from the reset link; null when the link carried none. */
  token: string | null;
  onUpdated: (session: Session) => void;
  onRequestNewLink: () => void;
}

export function NewPasswordForm({ token, onUpdated, onRequestNewLink }: Props) {
  const { t } = useTranslation('auth');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy || !checkNewPassword(password, confirmation)) return;
    if (!token) {
      notify('error', t('reset.failedTitle'), t('reset.invalidLink'));
      return;
    }
    setBusy(true);
    try {
      onUpdated(await resetPassword(token, password));
    } catch (error) {
      notifyNewPasswordFailure(error, t('reset.failedTitle'));
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} aria-label={t('reset.formLabel')}>
      <Stack gap="lg">
        <FormHeader title={t('reset.title')}>{t('reset.intro')}</FormHeader>
        <Stack gap="md">
          <NewPasswordFields
            password={password}
            confirmation={confirmation}
            onPasswordChange={setPassword}
            onConfirmationChange={setConfirmation}
            passwordLabel={t('reset.newPassword')}
            confirmationLabel={t('reset.confirmNewPassword')}
          />
        </Stack>
        <SubmitButton busy={busy} icon={<IconDeviceFloppy size={18} />}>
          {t('reset.submit')}
        </SubmitButton>
        <SwitchPrompt prompt={t('reset.expired')} action={t('reset.sendNew')} onClick={onRequestNewLink} />
      </Stack>
    </form>
  );
}
