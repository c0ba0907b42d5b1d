import { Alert, Badge, Button, Card, Group, List, NumberInput, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconCrown, IconExternalLink, IconGift, IconHeartHandshake } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import type { Subscription } from '../../features/auth/api';
import { errorMessage, notify } from '../../features/auth/notify';
import { DONATION_DEFAULT, DONATION_MIN, openCustomerPortal, type PaymentPlan, startCheckout } from '../../features/payments/api';
import { useFormat } from '../../i18n/useFormat';
import { productName } from '../../product';

/** The plans; their words are the `settings` catalogue's `premium.plans.<id>`, the price is in CAD. */
const PLANS = [
  {
    id: 'monthly',
    price: 5.99,
    badge: false,
    perks: ['premium.plans.monthly.perks.searching', 'premium.plans.monthly.perks.badge', 'premium.plans.monthly.perks.support', 'premium.plans.monthly.perks.cancel'],
  },
  {
    id: 'yearly',
    price: 59.99,
    badge: true,
    perks: ['premium.plans.yearly.perks.monthly', 'premium.plans.yearly.perks.value', 'premium.plans.yearly.perks.priority', 'premium.plans.yearly.perks.commitments'],
  },
] as const;

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
  const { t } = useTranslation('settings');
  const format = useFormat();
  const day = (iso: string | null | undefined) => (iso ? format.date(iso, { year: 'numeric', month: 'long', day: 'numeric' }) : null);
  const [busy, setBusy] = useState<string | null>(null);
  const [amount, setAmount] = useState<number | string>(DONATION_DEFAULT);
  const configured = subscription?.paymentsConfigured === true;
  const until = day(subscription?.subscriptionEnd);
  const renewingPlan = subscription?.subscribed && subscription.premiumType === 'paid' && subscription.renews;
  const allowance = subscription?.searchAllowance;

  const checkout = (plan: PaymentPlan, value?: number) => void goTo(() => startCheckout(plan, value), t('premium.checkoutFailed'), setBusy, plan);
  const donate = () => {
    const value = typeof amount === 'number' ? amount : Number.parseFloat(amount);
    if (!Number.isFinite(value) || value < DONATION_MIN) {
      notify('error', t('premium.invalidAmount'), t('premium.amountTooSmall'));
      return;
    }
    checkout('donation', Math.round(value * 100) / 100);
  };
  const payLabel = (label: string) => (configured ? label : t('premium.notConfiguredButton'));
  const manage = (
    <Button variant="white" color="violet" size="compact-md" rightSection={<IconExternalLink size={14} />} loading={busy === 'portal'} onClick={() => void goTo(openCustomerPortal, t('premium.portalFailed'), setBusy, 'portal')} style={{ alignSelf: 'flex-start' }}>
      {t('premium.manage')}
    </Button>
  );

  return (
    <Stack gap="md">
      <Title order={2} fz={20}>
        {t('premium.title')}
      </Title>
      {subscription?.subscribed ? (
        <Alert color="violet" variant="light" icon={subscription.premiumType === 'early_user' ? <IconGift size={20} /> : <IconCrown size={20} />} title={subscription.premiumType === 'early_user' ? t('premium.earlyUser') : subscription.plan === 'yearly' ? t('premium.plans.yearly.name') : subscription.plan === 'monthly' ? t('premium.plans.monthly.name') : t('premium.member')}>
          <Stack gap={6}>
            {subscription.premiumType === 'early_user' ? <Text size="sm">{t('premium.earlyUserThanks')}</Text> : null}
            <Text size="sm" fw={600} data-testid="premium-status">
              {until ? (subscription.renews ? t('premium.renewsOn', { date: until }) : t('premium.activeUntil', { date: until })) : t('premium.active')}
            </Text>
            {subscription.canManage ? manage : null}
          </Stack>
        </Alert>
      ) : subscription?.canManage ? (
        <Alert color="gray" variant="light" title={t('premium.plansAndPayments')}>
          <Stack gap={6}>
            <Text size="sm">{t('premium.portalText')}</Text>
            {manage}
          </Stack>
        </Alert>
      ) : null}

      <Stack gap={4}>
        <Text size="sm" fw={700}>
          {t('premium.unlocks')}
        </Text>
        <List size="sm" spacing={2}>
          <List.Item>{typeof allowance === 'number' ? t('premium.unlimitedSearchesAllowance', { allowance }) : t('premium.unlimitedSearches')}</List.Item>
          <List.Item>{t('premium.contactDetails')}</List.Item>
          <List.Item>{t('premium.badgeAndSupport')}</List.Item>
        </List>
        <Text size="xs" c="dimmed">
          {t('premium.alwaysFree')}
        </Text>
      </Stack>

      {renewingPlan ? null : (
        <SimpleGrid cols={1} spacing="sm">
          {PLANS.map((plan) => (
            <Card key={plan.id} withBorder radius="md" padding="md">
              <Stack gap={6}>
                <Group justify="space-between" wrap="nowrap">
                  <Text fw={800}>{t(`premium.plans.${plan.id}.name`)}</Text>
                  {plan.badge ? (
                    <Badge color="teal.9" variant="filled">
                      {t('premium.plans.yearly.badge')}
                    </Badge>
                  ) : null}
                </Group>
                <Text fz={22} fw={800}>
                  {t('premium.price', { price: format.number(plan.price, { minimumFractionDigits: 2, maximumFractionDigits: 2 }) })}{' '}
                  <Text span size="sm" c="dimmed" fw={500}>
                    {t(`premium.plans.${plan.id}.per`)}
                  </Text>
                </Text>
                <List size="sm" spacing={2}>
                  {plan.perks.map((perk) => (
                    <List.Item key={perk}>{t(perk)}</List.Item>
                  ))}
                </List>
                <Button color="violet" mt={4} disabled={!configured || (busy !== null && busy !== plan.id)} loading={busy === plan.id} onClick={() => checkout(plan.id)} aria-label={configured ? t('premium.chooseAria', { plan: t(`premium.plans.${plan.id}.name`) }) : t('premium.notConfiguredAria', { plan: t(`premium.plans.${plan.id}.name`) })}>
                  {payLabel(t(`premium.plans.${plan.id}.choose`))}
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
            <Text fw={800}>{t('premium.donationTitle', { product: productName })}</Text>
          </Group>
          <Text size="sm" c="dimmed">
            {t('premium.donationText')}
          </Text>
          <Group gap="sm" align="flex-end" wrap="nowrap">
            <NumberInput label={t('premium.amount')} value={amount} onChange={setAmount} min={0} max={10000} step={1} decimalScale={2} fixedDecimalScale prefix="$" style={{ flex: 1 }} />
            <Button variant="light" color="violet" disabled={!configured || !(Number(amount) > 0) || (busy !== null && busy !== 'donation')} loading={busy === 'donation'} onClick={donate}>
              {payLabel(t('premium.donate'))}
            </Button>
          </Group>
        </Stack>
      </Card>

      {configured ? null : (
        <Text size="sm" c="dimmed" data-testid="payments-not-configured">
          {t('premium.notConfigured')}
        </Text>
      )}
      <Text size="xs" c="dimmed">
        {t('premium.newSubscription')}
      </Text>
    </Stack>
  );
}
