import { Anchor, Group, Stack } from '@mantine/core';
import { IconLogin2 } from '@tabler/icons-react';
import { useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import type { Session } from '../../features/auth/api';
import { logIn } from '../../features/auth/api';
import { errorCode, errorMessage, notify } from '../../features/auth/notify';
import { productName } from '../../product';

import { CurrentPasswordField, EmailField, SubmitButton, SwitchPrompt } from './fields';
import { FormHeader } from './FormHeader';

interface Props {
  /** The campus account's button, above the e-mail form (when the campus's sign-in is set up). */
  campus?: ReactNode;
  email: string;
  onEmailChange: (email: string) => void;
  onSignedIn: (session: Session) => void;
  /** The address has no account: the page switches to sign-up, keeping it. */
  onUnknownEmail: () => void;
  onForgotPassword: () => void;
  onSignUp: () => void;
}

export function SignInForm({ email, onEmailChange, onSignedIn, onUnknownEmail, onForgotPassword, onSignUp, campus }: Props) {
  const { t } = useTranslation('auth');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      onSignedIn(await logIn(email.trim(), password));
      // Stay busy: the page is navigating away.
    } catch (error) {
      notify('error', t('toast.signInFailed'), errorMessage(error));
      if (errorCode(error) === 'user_not_found') onUnknownEmail();
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} aria-label={t('signIn.formLabel')}>
      <Stack gap="lg">
        <FormHeader title={t('signIn.title', { product: productName })}>{t('signIn.intro')}</FormHeader>
        {campus}
        <Stack gap="md">
          <EmailField value={email} onChange={onEmailChange} />
          <div>
            <CurrentPasswordField value={password} onChange={setPassword} />
            <Group justify="flex-end" mt={6}>
              <Anchor component="button" type="button" size="sm" fw={500} onClick={onForgotPassword}>
                {t('signIn.forgot')}
              </Anchor>
            </Group>
          </div>
        </Stack>
        <SubmitButton busy={busy} icon={<IconLogin2 size={18} />}>
          {t('signIn.submit')}
        </SubmitButton>
        <SwitchPrompt prompt={t('signIn.newHere', { product: productName })} action={t('signIn.createAccount')} onClick={onSignUp} />
      </Stack>
    </form>
  );
}
