import { Stack } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useState } from 'react';
import type { FormEvent } from 'react';

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
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy || !checkNewPassword(password, confirmation)) return;
    if (!token) {
      notify('error', 'Update Failed', 'This password reset link is invalid or has expired. Please request a new one.');
      return;
    }
    setBusy(true);
    try {
      onUpdated(await resetPassword(token, password));
    } catch (error) {
      notifyNewPasswordFailure(error, 'Update Failed');
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} aria-label="Set a new password">
      <Stack gap="lg">
        <FormHeader title="Set a new password">Choose a new password for your account. You will be signed in right after.</FormHeader>
        <Stack gap="md">
          <NewPasswordFields
            password={password}
            confirmation={confirmation}
            onPasswordChange={setPassword}
            onConfirmationChange={setConfirmation}
            passwordLabel="New password"
            confirmationLabel="Confirm new password"
          />
        </Stack>
        <SubmitButton busy={busy} icon={<IconDeviceFloppy size={18} />}>
          Update Password
        </SubmitButton>
        <SwitchPrompt prompt="Link expired?" action="Send a new one" onClick={onRequestNewLink} />
      </Stack>
    </form>
  );
}
