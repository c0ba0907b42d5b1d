import { Anchor, Center, Group, Loader, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconExternalLink, IconMail, IconMapPin, IconPhone, IconWorld } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { MemberPageShell, MemberPanel } from '../../components/MemberPage';
import { useSession } from '../../features/auth/useSession';
import { useSite } from '../../features/site/api';

function Row({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <Group gap="md" wrap="nowrap" align="flex-start">
      <ThemeIcon variant="light" color="violet" size={40} radius="md" aria-hidden>
        {icon}
      </ThemeIcon>
      <Stack gap={2} style={{ minWidth: 0 }}>
        <Text size="sm" fw={700}>
          {label}
        </Text>
        {children}
      </Stack>
    </Group>
  );
}

/**
 * /contact (spec part 3): phone, support e-mail and postal address from the settings. The map is
 * a link to OpenStreetMap rather than an embedded one, so the page loads nothing from a map site.
 */
export function ContactPage() {
  const { user } = useSession();
  const { site } = useSite();
  const { t } = useTranslation('site');
  return (
    <MemberPageShell title={t('contact.title')} subtitle={t('contact.subtitle')} back={user ? '/general' : '/'} width={720}>
      <MemberPanel label={t('contact.panel')}>
        {!site ? (
          <Center py="lg">
            <Loader color="violet" aria-label={t('contact.loading')} />
          </Center>
        ) : (
          <Stack gap="lg">
            <Title order={2} fz={20}>
              {site.company}
            </Title>
            <Row icon={<IconMail size={20} />} label={t('contact.email')}>
              <Anchor href={`mailto:${site.email}`} style={{ overflowWrap: 'anywhere' }}>
                {site.email}
              </Anchor>
            </Row>
            {site.phone ? (
              <Row icon={<IconPhone size={20} />} label={t('contact.phone')}>
                <Anchor href={`tel:${site.phone.replace(/[^+0-9]/g, '')}`}>{site.phone}</Anchor>
              </Row>
            ) : null}
            <Row icon={<IconMapPin size={20} />} label={t('contact.address')}>
              <Text size="sm">{site.address}</Text>
              {site.mapUrl ? (
                <Anchor href={site.mapUrl} target="_blank" rel="noopener noreferrer" size="sm">
                  <Group gap={4} component="span" wrap="nowrap">
                    {t('contact.openMap')} <IconExternalLink size={14} aria-hidden />
                  </Group>
                </Anchor>
              ) : null}
            </Row>
            {site.companyUrl ? (
              <Row icon={<IconWorld size={20} />} label={t('contact.web')}>
                <Anchor href={site.companyUrl} target="_blank" rel="noopener noreferrer" style={{ overflowWrap: 'anywhere' }}>
                  {site.companyUrl.replace(/^https?:\/\//, '')}
                </Anchor>
              </Row>
            ) : null}
          </Stack>
        )}
      </MemberPanel>
    </MemberPageShell>
  );
}
