import { Anchor, Checkbox, Stack } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';

import { signUp } from '../../features/auth/api';
import { errorStatus, notify } from '../../features/auth/notify';
import { productName } from '../../product';

import { EmailField, NewPasswordFields, SubmitButton, SwitchPrompt } from './fields';
import { FormHeader } from './FormHeader';
import { checkNewPassword, notifyNewPasswordFailure } from './validation';
import { codeLength } from './VerifyCodeForm';

interface Props {
  /** The campus account's button, above the e-mail form (when the campus's sign-in is set up). */
  campus?: ReactNode;
  email: string;
  onEmailChange: (email: string) => void;
  /** The code was e-mailed to `email`: the page moves on to the code form. */
  onCodeSent: (email: string) => void;
  onSignIn: () => void;
}

export function SignUpForm({ email, onEmailChange, onCodeSent, onSignIn, campus }: Props) {
  const { t } = useTranslation('auth');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [agreed, setAgreed] = useState(false);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy || !agreed || !checkNewPassword(password, confirmation)) return;
    setBusy(true);
    try {
      const sent = await signUp(email.trim(), password);
      notify('success', t('toast.codeSentTitle'), t('signUp.codeSentText', { digits: codeLength, email: sent.email }));
      onCodeSent(sent.email);
    } catch (error) {
      if (errorStatus(error) === 502) notify('error', t('signUp.sendFailedTitle'), t('signUp.sendFailedText'));
      else notifyNewPasswordFailure(error, t('signUp.failedTitle'));
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} aria-label={t('signUp.formLabel')}>
      <Stack gap="lg">
        <FormHeader title={t('signUp.title')}>{t('signUp.intro', { product: productName })}</FormHeader>
        {campus}
        <Stack gap="md">
          <EmailField value={email} onChange={onEmailChange} />
          <NewPasswordFields
            password={password}
            confirmation={confirmation}
            onPasswordChange={setPassword}
            onConfirmationChange={setConfirmation}
          />
          <Checkbox
            checked={agreed}
            onChange={(event) => {
              setAgreed(event.currentTarget.checked);
            }}
            color="violet"
            label={
              <Trans
                t={t}
                i18nKey="signUp.agree"
                components={{
                  terms: <Anchor href="/terms-of-service" target="_blank" rel="noopener" inherit />,
                  privacy: <Anchor href="/privacy-policy" target="_blank" rel="noopener" inherit />,
                }}
              />
            }
          />
        </Stack>
        <SubmitButton busy={busy} disabled={!agreed} icon={<IconUserPlus size={18} />}>
          {t('signUp.submit')}
        </SubmitButton>
        <SwitchPrompt prompt={t('signUp.haveAccount')} action={t('signUp.signIn')} onClick={onSignIn} />
      </Stack>
    </form>
  );
}
