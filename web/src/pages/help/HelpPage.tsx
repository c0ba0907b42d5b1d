import { Accordion, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconCopy, IconMessageCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

import { MemberPageShell, MemberPanel } from '../../components/MemberPage';
import { notify } from '../../features/auth/notify';
import { useSession } from '../../features/auth/useSession';
import { useSite } from '../../features/site/api';
import { productName } from '../../product';
import { faqIn } from './faq';

/** /help (spec part 3: Help Center): ten questions, one open at a time, and how to reach support. */
export function HelpPage() {
  const { user } = useSession();
  const { site } = useSite();
  const { t, i18n } = useTranslation('site');
  const faq = faqIn(i18n.language);
  const fill = (text: string) => text.replaceAll('{product}', productName).replaceAll('{free}', String(site?.freeSearchesPerDay ?? 20));

  const copyEmail = async () => {
    if (!site) return;
    try {
      await navigator.clipboard.writeText(site.email);
      notify('success', t('help.copiedTitle'), t('help.copied', { email: site.email }));
    } catch {
      notify('info', t('help.copyTitle'), t('help.writeTo', { email: site.email }));
    }
  };

  return (
    <MemberPageShell title={t('help.title')} subtitle={t('help.subtitle')} back={user ? '/general' : '/'} width={820}>
      <MemberPanel label={t('help.faq')}>
        <Stack gap="sm">
          <Title order={2} fz={20}>
            {t('help.faq')}
          </Title>
          <Accordion variant="separated" radius="md" chevronPosition="right">
            {/* The value names the panel's id: no spaces (axe: aria-valid-attr-value). */}
            {faq.map((item, index) => (
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
      <MemberPanel label={t('help.stillPanel')}>
        <Stack gap="sm">
          <Title order={2} fz={20}>
            {t('help.stillTitle')}
          </Title>
          <Text size="sm">{site ? t('help.respondsWrite', { email: site.email }) : t('help.responds')}</Text>
          <Group gap="sm">
            <Button component={Link} to="/contact" color="violet" leftSection={<IconMessageCircle size={16} />}>
              {t('help.contactUs')}
            </Button>
            <Button variant="default" leftSection={<IconCopy size={16} />} onClick={() => void copyEmail()} disabled={!site}>
              {t('help.copyEmail')}
            </Button>
          </Group>
        </Stack>
      </MemberPanel>
    </MemberPageShell>
  );
}
