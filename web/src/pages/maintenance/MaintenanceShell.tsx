import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { AdminShell } from '../admin/AdminShell';

/** A maintenance page: the admin frame, narrower, with Back to the dashboard's AI System tab. */
export function MaintenanceShell({ title, subtitle, children }: { title: string; subtitle: ReactNode; children: ReactNode }) {
  const { t } = useTranslation('maintenance');
  return (
    <AdminShell title={title} subtitle={subtitle} back={{ to: '/admin?tab=ai', label: t('shell.back') }} width={880}>
      {children}
    </AdminShell>
  );
}
