import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';

import type { SessionUser } from '../../features/auth/api';
import { RequireMember } from '../moment/RequireMember';

/**
 * The administrator's pages (spec part 3 §4, Admin dashboard access): a visitor goes to /auth,
 * a member who is not the administrator to /search. The server refuses them anyway (401/403);
 * this only spares them a page of errors.
 */
export function RequireAdmin({ children }: { children: (user: SessionUser) => ReactNode }) {
  return <RequireMember>{(user, session) => (session.isAdmin ? children(user) : <Navigate to="/search" replace />)}</RequireMember>;
}
