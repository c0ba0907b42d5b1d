import { Button, Center, Group, Loader, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconCrown, IconHeart } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { useSWRConfig } from 'swr';

import { MemberPageShell, MemberPanel } from '../../components/MemberPage';
import { useConfetti } from '../../components/useConfetti';
import { errorMessage, notify } from '../../features/auth/notify';
import { sessionKey } from '../../features/auth/useSession';
import { confirmPayment, subscriptionKey } from '../../features/payments/api';
import { productName } from '../../product';
import { RequireMember } from '../moment/RequireMember';

/** Spec part 2 §9: the payment page's confetti, 500 ms after it says the payment succeeded. */
const SUCCESS_CONFETTI_MS = [500];
/** Stripe may still be settling the payment: ask again this often, this many times. */
export const CONFIRM_RETRY_MS = 3000;
export const CONFIRM_TRIES = 10;

/** `pending` is the server's still-processing answer, worded by the catalogue; `message` anything else the server said. */
type State = { phase: 'processing' } | { phase: 'done' } | { phase: 'failed'; message: string | null } | { phase: 'nothing' };

/**
 * /payment-success?session_id=…&type=subscription|donation (spec part 2, Payment success page).
 * It never grants anything itself: the server asks Stripe about the session, once per page
 * (a ref stops repeats), and the membership is re-read afterwards.
 */
function PaymentSuccess() {
  const [params] = useSearchParams();
  const sessionId = params.get('session_id');
  const donation = params.get('type') === 'donation';
  const [state, setState] = useState<State>(sessionId ? { phase: 'processing' } : { phase: 'nothing' });
  const started = useRef(false);
  const { mutate } = useSWRConfig();
  const { t } = useTranslation('payment');
  useConfetti(SUCCESS_CONFETTI_MS, state.phase === 'done');

  // Once per page, also under StrictMode's mount-unmount-mount: the run is not cancelled by the
  // first cleanup; it only stops updating a page that is really gone.
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  useEffect(() => {
    if (!sessionId || started.current) return;
    started.current = true;
    void (async () => {
      for (let attempt = 1; mounted.current; attempt++) {
        try {
          const answer = await confirmPayment(sessionId);
          if (!mounted.current) return;
          if (answer.status === 'completed') {
            await Promise.all([mutate(subscriptionKey), mutate(sessionKey)]);
            setState({ phase: 'done' });
            notify('success', t('success.processedTitle'), t('success.processed'));
            return;
          }
          if (attempt >= CONFIRM_TRIES) {
            setState({ phase: 'failed', message: null });
            return;
          }
        } catch (failure) {
          if (!mounted.current) return;
          const message = errorMessage(failure) || t('success.error');
          setState({ phase: 'failed', message });
          notify('error', t('success.errorTitle'), message);
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, CONFIRM_RETRY_MS));
      }
    })();
  }, [sessionId, mutate, t]);

  const title = t(`success.title.${state.phase}`);
  return (
    <MemberPageShell title={title} back="/settings">
      <MemberPanel label={t('success.panel')}>
        <Stack gap="md" align="center" ta="center" py="md" aria-live="polite">
          {state.phase === 'processing' ? (
            <Center>
              <Loader color="violet" aria-label={t('success.confirming')} />
            </Center>
          ) : (
            <ThemeIcon size={64} radius="xl" variant="light" color={state.phase === 'done' ? 'violet' : 'gray'} aria-hidden>
              {state.phase === 'done' ? donation ? <IconHeart size={36} /> : <IconCrown size={36} /> : state.phase === 'failed' ? <IconAlertTriangle size={36} /> : <IconCircleCheck size={36} />}
            </ThemeIcon>
          )}
          {state.phase === 'processing' ? <Text>{t('success.processing')}</Text> : null}
          {state.phase === 'done' ? (
            <Stack gap={6} align="center">
              <Title order={2} fz={22}>
                {donation ? t('success.thanksDonation') : t('success.welcomePremium', { product: productName })}
              </Title>
              <Text maw={460}>
                {donation ? t('success.donationText', { product: productName }) : t('success.premiumText')}
              </Text>
              <Text size="sm" c="dimmed">
                {t('success.emailOnItsWay')}
              </Text>
            </Stack>
          ) : null}
          {state.phase === 'failed' ? (
            <Text maw={460}>{t('success.failed', { message: state.message ?? t('success.pending') })}</Text>
          ) : null}
          {state.phase === 'nothing' ? <Text maw={460}>{t('success.nothing')}</Text> : null}
          <Group gap="sm" justify="center">
            <Button component={Link} to="/settings" variant="default">
              {t('success.viewSettings')}
            </Button>
            <Button component={Link} to="/" color="violet">
              {t('success.continue')}
            </Button>
          </Group>
        </Stack>
      </MemberPanel>
    </MemberPageShell>
  );
}

export function PaymentSuccessPage() {
  return <RequireMember>{() => <PaymentSuccess />}</RequireMember>;
}
