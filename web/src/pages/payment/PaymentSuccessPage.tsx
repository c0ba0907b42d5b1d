import { Button, Center, Group, Loader, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconCrown, IconHeart } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
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

type State = { phase: 'processing' } | { phase: 'done'; message: string } | { phase: 'failed'; message: string } | { phase: 'nothing' };

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
            setState({ phase: 'done', message: answer.message });
            notify('success', 'Payment Processed', answer.message || 'Your payment has been processed successfully.');
            return;
          }
          if (attempt >= CONFIRM_TRIES) {
            setState({ phase: 'failed', message: answer.message });
            return;
          }
        } catch (failure) {
          if (!mounted.current) return;
          const message = errorMessage(failure) || 'There was an issue processing your payment. Please contact support.';
          setState({ phase: 'failed', message });
          notify('error', 'Processing Error', message);
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, CONFIRM_RETRY_MS));
      }
    })();
  }, [sessionId, mutate]);

  const title = state.phase === 'processing' ? 'Processing Payment...' : state.phase === 'done' ? 'Payment Successful!' : state.phase === 'failed' ? 'Payment not confirmed' : 'No payment to confirm';
  return (
    <MemberPageShell title={title} back="/settings">
      <MemberPanel label="Payment">
        <Stack gap="md" align="center" ta="center" py="md" aria-live="polite">
          {state.phase === 'processing' ? (
            <Center>
              <Loader color="violet" aria-label="Confirming your payment with Stripe" />
            </Center>
          ) : (
            <ThemeIcon size={64} radius="xl" variant="light" color={state.phase === 'done' ? 'violet' : 'gray'} aria-hidden>
              {state.phase === 'done' ? donation ? <IconHeart size={36} /> : <IconCrown size={36} /> : state.phase === 'failed' ? <IconAlertTriangle size={36} /> : <IconCircleCheck size={36} />}
            </ThemeIcon>
          )}
          {state.phase === 'processing' ? <Text>We are confirming your payment with Stripe. This takes a few seconds.</Text> : null}
          {state.phase === 'done' ? (
            <Stack gap={6} align="center">
              <Title order={2} fz={22}>
                {donation ? 'Thank you for your donation!' : `Welcome to ${productName} Premium`}
              </Title>
              <Text maw={460}>
                {donation
                  ? `Your support keeps ${productName} running for everyone on campus.`
                  : 'Unlimited searches and the contact details members share are yours now; your crown shows on the search page.'}
              </Text>
              <Text size="sm" c="dimmed">
                A confirmation e-mail is on its way.
              </Text>
            </Stack>
          ) : null}
          {state.phase === 'failed' ? (
            <Text maw={460}>{state.message} Nothing is charged twice: if Stripe took the payment, it is granted as soon as Stripe tells us. Reload this page in a minute, or contact support.</Text>
          ) : null}
          {state.phase === 'nothing' ? <Text maw={460}>This page confirms a payment after Stripe's checkout; it was opened without one.</Text> : null}
          <Group gap="sm" justify="center">
            <Button component={Link} to="/settings" variant="default">
              View Settings
            </Button>
            <Button component={Link} to="/" color="violet">
              Continue Exploring
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
