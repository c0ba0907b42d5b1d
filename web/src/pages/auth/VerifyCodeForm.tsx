import { Button, Center, Group, PinInput, Stack, Text } from '@mantine/core';
import { IconArrowLeft, IconRefresh, IconShieldCheck } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { brandGradient } from '../../components/landing/brand';
import type { Session } from '../../features/auth/api';
import { resendSignupCode, verifySignup } from '../../features/auth/api';
import { errorCode, errorMessage, errorStatus, notify } from '../../features/auth/notify';

import { FormHeader } from './FormHeader';

export const codeLength = 6;
export const resendDelayMs = 60_000;

interface Props {
  email: string;
  /** When the current code was sent; Resend unlocks 60 s later. */
  sentAt: number;
  onVerified: (session: Session) => void;
  onResent: (sentAt: number) => void;
  /** Back to the sign-up form; also used when the server no longer knows the sign-up. */
  onBack: () => void;
}

function secondsLeft(sentAt: number, now: number): number {
  return Math.min(resendDelayMs / 1000, Math.max(0, Math.ceil((sentAt + resendDelayMs - now) / 1000)));
}

export function VerifyCodeForm({ email, sentAt, onVerified, onResent, onBack }: Props) {
  const { t } = useTranslation('auth');
  const [code, setCode] = useState('');
  const [verifying, setVerifying] = useState(false);
  const [resending, setResending] = useState(false);
  const [now, setNow] = useState(() => Date.now());
  const remaining = secondsLeft(sentAt, now);
  const complete = new RegExp(`^\\d{${String(codeLength)}}$`).test(code);

  // Ticks the resend countdown once a second until it reaches zero.
  useEffect(() => {
    const timer = window.setInterval(() => {
      const tick = Date.now();
      setNow(tick);
      if (secondsLeft(sentAt, tick) === 0) window.clearInterval(timer);
    }, 1000);
    return () => {
      window.clearInterval(timer);
    };
  }, [sentAt]);

  const verify = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!complete || verifying) return;
    setVerifying(true);
    try {
      onVerified(await verifySignup(email, code));
    } catch (error) {
      notify('error', t('verify.failedTitle'), errorMessage(error));
      setCode('');
      setVerifying(false);
      if (errorCode(error) === 'no_pending_signup') onBack();
    }
  };

  const resend = async () => {
    if (remaining > 0 || resending) return;
    setResending(true);
    try {
      await resendSignupCode(email);
      const sent = Date.now();
      setNow(sent);
      onResent(sent);
      notify('success', t('toast.codeSentTitle'), t('verify.newCodeText', { email }));
    } catch (error) {
      notify('error', t('verify.sendFailedTitle'), errorStatus(error) === 429 ? errorMessage(error) : t('verify.resendFailed'));
    } finally {
      setResending(false);
    }
  };

  return (
    <form onSubmit={(event) => void verify(event)} aria-label={t('verify.formLabel')}>
      <Stack gap="lg">
        <FormHeader title={t('verify.title')}>
          {t('verify.intro', { digits: codeLength })}
          <Text component="span" display="block" fw={600} c="dark.7" style={{ overflowWrap: 'anywhere' }}>
            {email}
          </Text>
        </FormHeader>
        <Center>
          <PinInput
            length={codeLength}
            type="number"
            inputMode="numeric"
            oneTimeCode
            autoFocus
            placeholder=""
            size="md"
            gap="xs"
            ariaLabel={t('verify.digit')}
            value={code}
            onChange={setCode}
            disabled={verifying}
            data-testid="verification-code"
          />
        </Center>
        <Stack gap="xs">
          <Button
            type="submit"
            size="md"
            radius="md"
            variant="gradient"
            gradient={brandGradient}
            disabled={!complete}
            loading={verifying}
            leftSection={<IconShieldCheck size={18} />}
            fullWidth
          >
            {t('verify.submit')}
          </Button>
          <Group grow gap="xs">
            <Button type="button" size="md" radius="md" variant="default" leftSection={<IconArrowLeft size={18} />} onClick={onBack}>
              {t('verify.back')}
            </Button>
            <Button
              type="button"
              size="md"
              radius="md"
              variant="light"
              disabled={remaining > 0}
              loading={resending}
              leftSection={remaining > 0 ? undefined : <IconRefresh size={18} />}
              onClick={() => void resend()}
            >
              {remaining > 0 ? t('verify.resendIn', { seconds: remaining }) : t('verify.resend')}
            </Button>
          </Group>
        </Stack>
        <Text size="xs" c="dimmed" ta="center">
          {t('verify.help')}
        </Text>
      </Stack>
    </form>
  );
}
