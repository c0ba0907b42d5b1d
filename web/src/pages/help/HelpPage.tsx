import { Accordion, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconCopy, IconMessageCircle } from '@tabler/icons-react';
import { Link } from 'react-router-dom';

import { MemberPageShell, MemberPanel } from '../../components/MemberPage';
import { notify } from '../../features/auth/notify';
import { useSession } from '../../features/auth/useSession';
import { useSite } from '../../features/site/api';
import { productName } from '../../product';
import { FAQ } from './faq';

/** /help (spec part 3: Help Center): ten questions, one open at a time, and how to reach support. */
export function HelpPage() {
  const { user } = useSession();
  const { site } = useSite();
  const fill = (text: string) => text.replaceAll('{product}', productName).replaceAll('{free}', String(site?.freeSearchesPerDay ?? 20));

  const copyEmail = async () => {
    if (!site) return;
    try {
      await navigator.clipboard.writeText(site.email);
      notify('success', 'Email copied!', `${site.email} is on your clipboard.`);
    } catch {
      notify('info', 'Copy the address', `Write to ${site.email}.`);
    }
  };

  return (
    <MemberPageShell title="Help Center" subtitle="Answers to common questions, and how to reach us." back={user ? '/general' : '/'} width={820}>
      <MemberPanel label="Frequently asked questions">
        <Stack gap="sm">
          <Title order={2} fz={20}>
            Frequently asked questions
          </Title>
          <Accordion variant="separated" radius="md" chevronPosition="right">
            {/* The value names the panel's id: no spaces (axe: aria-valid-attr-value). */}
            {FAQ.map((item, index) => (
              <Accordion.Item key={item.question} value={`faq-${String(index + 1)}`}>
                <Accordion.Control>
                  <Text fw={600}>{fill(item.question)}</Text>
                </Accordion.Control>
                <Accordion.Panel>
                  <Stack gap="xs">
                    {item.answer.map((paragraph) => (
                      <Text key={paragraph} size="sm" lh={1.6}>
                        {fill(paragraph)}
                      </Text>
                    ))}
                  </Stack>
                </Accordion.Panel>
              </Accordion.Item>
            ))}
          </Accordion>
        </Stack>
      </MemberPanel>
      <MemberPanel label="Still need help">
        <Stack gap="sm">
          <Title order={2} fz={20}>
            Still need help?
          </Title>
          <Text size="sm">Support typically responds within 24 hours.{site ? ` Write to ${site.email}.` : ''}</Text>
          <Group gap="sm">
            <Button component={Link} to="/contact" color="violet" leftSection={<IconMessageCircle size={16} />}>
              Contact Us
            </Button>
            <Button variant="default" leftSection={<IconCopy size={16} />} onClick={() => void copyEmail()} disabled={!site}>
              Copy e-mail address
            </Button>
          </Group>
        </Stack>
      </MemberPanel>
    </MemberPageShell>
  );
}
