import { Button, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAt, IconKey, IconMailCheck } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';

import { changePassword, confirmEmailChange, requestEmailChange } from '../../features/auth/api';
import { errorMessage, notify } from '../../features/auth/notify';
import { isStepUpCancelled, useStepUp } from '../../features/auth/stepUp';
import { useSession } from '../../features/auth/useSession';
import { NewPasswordFields } from '../auth/fields';
import { checkNewPassword, notifyNewPasswordFailure } from '../auth/validation';

/** Settings' Change password: the new one twice (the spec's rules), then the current one in the step-up dialog. */
function ChangePasswordForm({ onDone }: { onDone: () => void }) {
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [busy, setBusy] = useState(false);
  const { t } = useTranslation('settings');
  const { mutate } = useSession();
  const stepUp = useStepUp(t('signIn.password.stepUp'));

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy || !checkNewPassword(password, confirmation)) return;
    setBusy(true);
    try {
      const { message, ...session } = await stepUp.run((currentPassword) => changePassword(password, currentPassword));
      void mutate(session, { revalidate: true });
      notify('success', t('signIn.password.updated'), message);
      onDone();
    } catch (error) {
      if (!isStepUpCancelled(error)) notifyNewPasswordFailure(error, t('signIn.password.failed'));
      setBusy(false);
    }
  };

  return (
    <>
      <Paper withBorder radius="md" p="md" component="form" onSubmit={(event: FormEvent<HTMLFormElement>) => void submit(event)} aria-label={t('signIn.password.form')}>
        <Stack gap="sm">
          <NewPasswordFields
            password={password}
            confirmation={confirmation}
            onPasswordChange={setPassword}
            onConfirmationChange={setConfirmation}
            passwordLabel={t('signIn.password.newPassword')}
            confirmationLabel={t('signIn.password.confirmNew')}
            size="sm"
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onDone} disabled={busy}>
              {t('signIn.cancel')}
            </Button>
            <Button type="submit" loading={busy}>
              {t('signIn.password.submit')}
            </Button>
          </Group>
        </Stack>
      </Paper>
      {/* Outside the form: the dialog's own form must not submit this one (React events cross portals). */}
      {stepUp.dialog}
    </>
  );
}

/** Settings' Change sign-in e-mail: the new address (and the step-up), then the code mailed to it. */
function ChangeEmailForm({ current, onDone }: { current: string; onDone: () => void }) {
  const [address, setAddress] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const { t } = useTranslation('settings');
  const { mutate } = useSession();
  const stepUp = useStepUp(t('signIn.email.stepUp'));

  const sendCode = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const email = address.trim();
    if (busy) return;
    if (!email) {
      notify('error', t('signIn.email.failed'), t('signIn.email.enterEmail'));
      return;
    }
    setBusy(true);
    try {
      const sent = await stepUp.run((currentPassword) => requestEmailChange(email, currentPassword));
      setSentTo(sent.email);
      setCode('');
      notify('success', t('signIn.email.codeSent'), sent.message);
    } catch (error) {
      if (!isStepUpCancelled(error)) notify('error', t('signIn.email.failed'), errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  const confirm = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    if (!/^\d{6}$/.test(code.trim())) {
      notify('error', t('signIn.email.verificationFailed'), t('signIn.email.codeFormat'));
      return;
    }
    setBusy(true);
    try {
      const { message, ...session } = await confirmEmailChange(code.trim());
      void mutate(session, { revalidate: true });
      notify('success', t('signIn.email.updated'), message);
      onDone();
    } catch (error) {
      notify('error', t('signIn.email.verificationFailed'), errorMessage(error));
      setBusy(false);
    }
  };

  return (
    <>
      {sentTo === null ? (
        <Paper withBorder radius="md" p="md" component="form" onSubmit={(event: FormEvent<HTMLFormElement>) => void sendCode(event)} aria-label={t('signIn.email.form')}>
          <Stack gap="sm">
            <TextInput
              label={t('signIn.email.newEmail')}
              description={t('signIn.email.newEmailDescription', { current })}
              type="email"
              name="email"
              autoComplete="email"
              leftSection={<IconAt size={16} />}
              value={address}
              onChange={(event) => setAddress(event.currentTarget.value)}
              required
            />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={onDone} disabled={busy}>
                {t('signIn.cancel')}
              </Button>
              <Button type="submit" loading={busy}>
                {t('signIn.email.sendCode')}
              </Button>
            </Group>
          </Stack>
        </Paper>
      ) : (
        <Paper withBorder radius="md" p="md" component="form" onSubmit={(event: FormEvent<HTMLFormElement>) => void confirm(event)} aria-label={t('signIn.email.confirmForm')}>
          <Stack gap="sm">
            <Text size="sm" role="status">
              <Trans t={t} i18nKey="signIn.email.sent" values={{ sentTo }} components={{ strong: <strong /> }} />
            </Text>
            <TextInput
              label={t('signIn.email.code')}
              name="one-time-code"
              autoComplete="one-time-code"
              inputMode="numeric"
              maxLength={6}
              leftSection={<IconMailCheck size={16} />}
              value={code}
              onChange={(event) => setCode(event.currentTarget.value.replace(/\D/g, ''))}
              required
            />
            <Group justify="space-between" gap="sm">
              <Button variant="subtle" onClick={() => setSentTo(null)} disabled={busy}>
                {t('signIn.email.another')}
              </Button>
              <Button type="submit" loading={busy} disabled={code.length !== 6}>
                {t('signIn.confirm')}
              </Button>
            </Group>
          </Stack>
        </Paper>
      )}
      {stepUp.dialog}
    </>
  );
}

/** The sign-in part of Settings: the e-mail members sign in with, and the password. */
export function SignInSection({ email }: { email: string }) {
  const { t } = useTranslation('settings');
  const [open, setOpen] = useState<'email' | 'password' | null>(null);
  // AUTH_PASSWORD=off: members sign in with the campus account only, so there is no password to change.
  const passwords = useSession().session?.features?.passwordSignIn !== false;
  return (
    <Stack gap="sm">
      <Title order={3} fz={17}>
        {t('signIn.title')}
      </Title>
      <Text size="sm" c="dimmed">
        <Trans t={t} i18nKey={passwords ? 'signIn.intro' : 'signIn.introCampus'} values={{ email }} components={{ strong: <strong /> }} />
      </Text>
      <SimpleGrid cols={{ base: 1, xs: passwords ? 2 : 1 }} spacing="sm">
        <Button variant="light" leftSection={<IconAt size={16} />} onClick={() => setOpen(open === 'email' ? null : 'email')} aria-expanded={open === 'email'}>
          {t('signIn.changeEmail')}
        </Button>
        {passwords ? (
          <Button variant="light" leftSection={<IconKey size={16} />} onClick={() => setOpen(open === 'password' ? null : 'password')} aria-expanded={open === 'password'}>
            {t('signIn.changePassword')}
          </Button>
        ) : null}
      </SimpleGrid>
      {open === 'email' ? <ChangeEmailForm current={email} onDone={() => setOpen(null)} /> : null}
      {open === 'password' ? <ChangePasswordForm onDone={() => setOpen(null)} /> : null}
    </Stack>
  );
}
