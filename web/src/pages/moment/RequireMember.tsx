import { useEffect, useRef } from 'react';
import type { ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

import { SessionPending } from '../../components/SessionPending';
import type { Session, SessionUser } from '../../features/auth/api';
import { authPathFor } from '../../features/auth/redirect';
import { useSession } from '../../features/auth/useSession';

/**
 * Renders its children only for a signed-in member; a signed-out visitor goes to
 * /auth?redirect=<this page>, as on /onboarding.
 */
export function RequireMember({ children }: { children: (user: SessionUser, session: Session) => ReactNode }) {
  const { user, session, error, isLoading, mutate } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const leaving = useRef(false);

  useEffect(() => {
    if (leaving.current || !session || session.user) return;
    leaving.current = true;
    void navigate(authPathFor(`${location.pathname}${location.search}`), { replace: true });
  }, [session, navigate, location.pathname, location.search]);

  if (!user || !session) {
    return <SessionPending error={error} isLoading={isLoading} retry={() => void mutate()} />;
  }
  return children(user, session);
}
