import { Alert, Badge, Button, Card, Group, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconCrown, IconGift } from '@tabler/icons-react';

import type { Session } from '../../features/auth/api';

const day = (iso: string | null) => (iso ? new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'long', day: 'numeric' }) : null);

const PLANS = [
  { name: 'Monthly Premium', price: '5.99 CAD', per: 'per month', badge: null, perks: ['Unlimited searching', 'Premium badge', 'Premium support', 'Cancel anytime'] },
  { name: 'Annual Premium', price: '59.99 CAD', per: 'per year', badge: 'Save $12', perks: ['All monthly perks', 'Best value', 'Priority features', 'No commitments'] },
] as const;

/** The Premium panel (spec part 2 §4): the member's membership, or the plans (payments come in a later release). */
export function PremiumPanel({ subscription }: { subscription: Session['subscription'] }) {
  const until = day(subscription?.subscriptionEnd ?? null);
  return (
    <Stack gap="md">
      <Title order={2} fz={20}>
        Premium
      </Title>
      {subscription?.subscribed ? (
        <Alert color="violet" variant="light" icon={subscription.premiumType === 'early_user' ? <IconGift size={20} /> : <IconCrown size={20} />} title={subscription.premiumType === 'early_user' ? 'Early user premium' : 'Premium member'}>
          <Stack gap={4}>
            {subscription.premiumType === 'early_user' ? <Text size="sm">Thanks for being among the first 5000 members: premium is our gift to you.</Text> : null}
            <Text size="sm" fw={600}>
              {until ? `Active until ${until}.` : 'Active.'}
            </Text>
          </Stack>
        </Alert>
      ) : null}
      <SimpleGrid cols={1} spacing="sm">
        {PLANS.map((plan) => (
          <Card key={plan.name} withBorder radius="md" padding="md">
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
              <Button variant="light" disabled mt={4}>
                Payments arrive soon
              </Button>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
      <Text size="xs" c="dimmed">
        A new subscription begins after your current membership expires.
      </Text>
    </Stack>
  );
}
