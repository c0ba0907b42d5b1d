import { Button, Stack } from '@mantine/core';
import { IconArrowLeft, IconMailForward } from '@tabler/icons-react';
import { useState } from 'react';
import type { FormEvent } from 'react';

import { requestPasswordReset } from '../../features/auth/api';
import { errorMessage, notify } from '../../features/auth/notify';

import { EmailField, SubmitButton } from './fields';
import { FormHeader } from './FormHeader';

interface Props {
  email: string;
  onEmailChange: (email: string) => void;
  /** The reset mail is on its way (or the address is unknown: the answer is the same). */
  onSent: () => void;
  onBack: () => void;
}

export function ForgotPasswordForm({ email, onEmailChange, onSent, onBack }: Props) {
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const address = email.trim();
    if (!address) {
      notify('error', 'Please Enter Email', 'Enter the e-mail address you signed up with.');
      return;
    }
    setBusy(true);
    try {
      const { message } = await requestPasswordReset(address);
      notify('success', 'Reset Email Sent', message);
      onSent();
    } catch (error) {
      notify('error', 'Send Failed', errorMessage(error));
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} aria-label="Reset password">
      <Stack gap="lg">
        <FormHeader title="Reset your password">
          Enter the e-mail address of your account and we will send you a link to choose a new password.
        </FormHeader>
        <EmailField value={email} onChange={onEmailChange} required={false} />
        <Stack gap="xs">
          <SubmitButton busy={busy} icon={<IconMailForward size={18} />}>
            Send Reset Link
          </SubmitButton>
          <Button type="button" size="md" radius="md" variant="subtle" color="gray" leftSection={<IconArrowLeft size={18} />} onClick={onBack} fullWidth>
            Back to Sign In
          </Button>
        </Stack>
      </Stack>
    </form>
  );
}
