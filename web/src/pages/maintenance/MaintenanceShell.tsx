import type { ReactNode } from 'react';

import { AdminShell } from '../admin/AdminShell';

/** A maintenance page: the admin frame, narrower, with Back to the dashboard's AI System tab. */
export function MaintenanceShell({ title, subtitle, children }: { title: string; subtitle: ReactNode; children: ReactNode }) {
  return (
    <AdminShell title={title} subtitle={subtitle} back={{ to: '/admin?tab=ai', label: 'Back to Admin' }} width={880}>
      {children}
    </AdminShell>
  );
}
