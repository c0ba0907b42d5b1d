import { Passport } from 'passport';
import { Strategy as LocalStrategy } from 'passport-local';

import type { Language } from '../i18n/languages.js';
import type { AuthService } from './auth.service.js';

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface User {
      id: string;
      email: string;
      /** The administrator (the spec's double check, policies/admin.ts), read with the account on every request. */
      admin: boolean;
      /** An active VIP membership (policies/premium.ts vipActive), read with the account on every request. */
      premium: boolean;
      /** Set when the account was deleted after this session began. */
      deletedAt?: Date | null;
      /** The member's language (i18n/languages.ts), read with the account on every request. */
      language?: Language;
    }
  }
}

/**
 * One passport instance per app (no global state between apps in one process). The local
 * strategy reads the validated body's e-mail and password and lets AuthService decide; its
 * errors carry the spec's reasons and go to the error handler as they are.
 */
export function createPassport(auth: AuthService): InstanceType<typeof Passport> {
  const passport = new Passport();
  passport.use(
    new LocalStrategy({ usernameField: 'email', passwordField: 'password', session: true }, (email, password, done) => {
      auth
        .authenticate({ email, password })
        .then((user) => auth.signedInAccount(user))
        .then(
          (account) => done(null, account),
          (error: unknown) => done(error),
        );
    }),
  );
  passport.serializeUser((user, done) => done(null, user.id));
  passport.deserializeUser((id: string, done) => {
    auth.sessionAccount(id).then(
      (account) => done(null, account ?? false),
      (error: unknown) => done(error),
    );
  });
  return passport;
}
