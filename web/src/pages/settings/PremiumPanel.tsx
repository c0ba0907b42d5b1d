import { Alert, Badge, Button, Card, Group, List, NumberInput, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconCrown, IconExternalLink, IconGift, IconHeartHandshake } from '@tabler/icons-react';
import { useState } from 'react';

import type { Subscription } from '../../features/auth/api';
import { errorMessage, notify } from '../../features/auth/notify';
import { DONATION_DEFAULT, DONATION_MIN, openCustomerPortal, type PaymentPlan, startCheckout } from '../../features/payments/api';
import { productName } from '../../product';

const day = (iso: string | null | undefined) => (iso ? new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'long', day: 'numeric' }) : null);

const PLANS = [
  { id: 'monthly', name: 'Monthly Premium', price: '5.99 CAD', per: 'per month', badge: null, perks: ['Unlimited searching', 'Premium badge', 'Premium support', 'Cancel anytime'] },
  { id: 'yearly', name: 'Annual Premium', price: '59.99 CAD', per: 'per year', badge: 'Save $12', perks: ['All monthly perks', 'Best value', 'Priority features', 'No commitments'] },
] as const;

const NOT_CONFIGURED = 'Payments are not configured on this server.';

/** Leaves for Stripe's checkout or portal; the page is gone after this, so only failures come back. */
async function goTo(load: () => Promise<{ url: string }>, failureTitle: string, setBusy: (busy: string | null) => void, busy: string) {
  setBusy(busy);
  try {
    const { url } = await load();
    window.location.assign(url);
  } catch (failure) {
    setBusy(null);
    notify('error', failureTitle, errorMessage(failure));
  }
}

/**
 * The Premium panel (spec part 2 §4): the member's membership, what premium unlocks (decided on
 * the server: policies/premium.ts), the plans and a donation through Stripe Checkout.
 */
export function PremiumPanel({ subscription }: { subscription: Subscription | undefined }) {
  const [busy, setBusy] = useState<string | null>(null);
  const [amount, setAmount] = useState<number | string>(DONATION_DEFAULT);
  const configured = subscription?.paymentsConfigured === true;
  const until = day(subscription?.subscriptionEnd);
  const renewingPlan = subscription?.subscribed && subscription.premiumType === 'paid' && subscription.renews;
  const allowance = subscription?.searchAllowance;

  const checkout = (plan: PaymentPlan, value?: number) => void goTo(() => startCheckout(plan, value), 'Checkout failed', setBusy, plan);
  const donate = () => {
    const value = typeof amount === 'number' ? amount : Number.parseFloat(amount);
    if (!Number.isFinite(value) || value < DONATION_MIN) {
      notify('error', 'Invalid Amount', 'Donation amount must be at least $1.00 CAD');
      return;
    }
    checkout('donation', Math.round(value * 100) / 100);
  };
  const payLabel = (label: string) => (configured ? label : 'Payments not configured');
  const manage = (
    <Button variant="white" color="violet" size="compact-md" rightSection={<IconExternalLink size={14} />} loading={busy === 'portal'} onClick={() => void goTo(openCustomerPortal, 'Could not open your subscription', setBusy, 'portal')} style={{ alignSelf: 'flex-start' }}>
      Manage subscription
    </Button>
  );

  return (
    <Stack gap="md">
      <Title order={2} fz={20}>
        Premium
      </Title>
      {subscription?.subscribed ? (
        <Alert color="violet" variant="light" icon={subscription.premiumType === 'early_user' ? <IconGift size={20} /> : <IconCrown size={20} />} title={subscription.premiumType === 'early_user' ? 'Early user premium' : subscription.plan === 'yearly' ? 'Annual Premium' : subscription.plan === 'monthly' ? 'Monthly Premium' : 'Premium member'}>
          <Stack gap={6}>
            {subscription.premiumType === 'early_user' ? <Text size="sm">Thanks for being among the first 5000 members: premium is our gift to you.</Text> : null}
            <Text size="sm" fw={600} data-testid="premium-status">
              {until ? (subscription.renews ? `Renews on ${until}.` : `Active until ${until}.`) : 'Active.'}
            </Text>
            {subscription.canManage ? manage : null}
          </Stack>
        </Alert>
      ) : subscription?.canManage ? (
        <Alert color="gray" variant="light" title="Your plans and payments">
          <Stack gap={6}>
            <Text size="sm">Renewals, cancellations and your card are managed in Stripe's customer portal.</Text>
            {manage}
          </Stack>
        </Alert>
      ) : null}

      <Stack gap={4}>
        <Text size="sm" fw={700}>
          What premium unlocks
        </Text>
        <List size="sm" spacing={2}>
          <List.Item>Unlimited searches{typeof allowance === 'number' ? ` (free members: ${String(allowance)} a day)` : ''}</List.Item>
          <List.Item>The contact details members chose to share</List.Item>
          <List.Item>The premium badge, and priority support</List.Item>
        </List>
        <Text size="xs" c="dimmed">
          Always free for everyone: why you match, the detailed analysis, reporting and blocking, exporting your data and deleting your account.
        </Text>
      </Stack>

      {renewingPlan ? null : (
        <SimpleGrid cols={1} spacing="sm">
          {PLANS.map((plan) => (
            <Card key={plan.id} withBorder radius="md" padding="md">
              <Stack gap={6}>
                <Group justify="space-between" wrap="nowrap">
                  <Text fw={800}>{plan.name}</Text>
                  {plan.badge ? (
                    <Badge color="teal.9" variant="filled">
                      {plan.badge}
                    </Badge>
                  ) : null}
                </Group>
                <Text fz={22} fw={800}>
                  {plan.price}{' '}
                  <Text span size="sm" c="dimmed" fw={500}>
                    {plan.per}
                  </Text>
                </Text>
                <List size="sm" spacing={2}>
                  {plan.perks.map((perk) => (
                    <List.Item key={perk}>{perk}</List.Item>
                  ))}
                </List>
                <Button color="violet" mt={4} disabled={!configured || (busy !== null && busy !== plan.id)} loading={busy === plan.id} onClick={() => checkout(plan.id)} aria-label={configured ? `Choose ${plan.name}` : `Payments not configured: ${plan.name}`}>
                  {payLabel(`Choose ${plan.id === 'monthly' ? 'Monthly' : 'Annual'}`)}
                </Button>
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      )}

      <Card withBorder radius="md" padding="md">
        <Stack gap={8}>
          <Group gap={8} wrap="nowrap">
            <IconHeartHandshake size={20} aria-hidden />
            <Text fw={800}>Support {productName} with a donation</Text>
          </Group>
          <Text size="sm" c="dimmed">
            Any amount from $1.00 CAD. It keeps the service running for everyone; it does not change your membership.
          </Text>
          <Group gap="sm" align="flex-end" wrap="nowrap">
            <NumberInput label="Amount (CAD)" value={amount} onChange={setAmount} min={0} max={10000} step={1} decimalScale={2} fixedDecimalScale prefix="$" style={{ flex: 1 }} />
            <Button variant="light" color="violet" disabled={!configured || !(Number(amount) > 0) || (busy !== null && busy !== 'donation')} loading={busy === 'donation'} onClick={donate}>
              {payLabel('Donate')}
            </Button>
          </Group>
        </Stack>
      </Card>

      {configured ? null : (
        <Text size="sm" c="dimmed" data-testid="payments-not-configured">
          {NOT_CONFIGURED} Nothing can be charged here; ask the people who run it.
        </Text>
      )}
      <Text size="xs" c="dimmed">
        A new subscription begins after your current membership expires.
      </Text>
    </Stack>
  );
}
