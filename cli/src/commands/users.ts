import type { Command } from 'commander';

import { refuse } from '../refuse.js';
import { runWithContext } from '../run-with-context.js';

export function registerUsers(program: Command): void {
  const users = program.command('users').description('manage member accounts');

  users
    .command('list')
    .description('live accounts, newest first (e-mail, created, name, user code, VIP and expiry, registration order)')
    .option('--search <text>', 'only accounts whose e-mail or user code contains this')
    .option('--limit <n>', 'at most this many', (value) => Number.parseInt(value, 10), 200)
    .option('--json', 'print JSON')
    .action((options: { search?: string; limit: number; json?: boolean }) =>
      runWithContext(async ({ services }) => {
        const accounts = await services.account.list({ search: options.search, limit: Number.isFinite(options.limit) && options.limit > 0 ? options.limit : 200 });
        if (options.json) {
          console.log(JSON.stringify(accounts));
          return;
        }
        if (accounts.length === 0) {
          console.log('no accounts');
          return;
        }
        for (const a of accounts) {
          const vip = a.isVip ? `VIP${a.vipExpiresAt ? ` until ${a.vipExpiresAt.slice(0, 10)}` : ''}` : '-';
          const flags = [a.isAdminRole ? 'admin role' : '', a.isSample ? 'sample' : ''].filter(Boolean).join(', ');
          console.log([a.email, a.createdAt.slice(0, 10), a.name ?? '-', a.userCode ?? '-', vip, a.registrationOrder ?? '-', flags].join('\t'));
        }
      }),
    );

  users
    .command('create')
    .description('make an account without mail: prints a one-time set-password link valid 24 hours (with AUTH_PASSWORD=off, the first campus sign-in with this address takes the account)')
    .argument('<email>', "the new account's e-mail address")
    .option('--admin', 'the administrator (the address must be ADMIN_EMAIL)')
    .option('--json', 'print JSON')
    .action((email: string, options: { admin?: boolean; json?: boolean }) =>
      runWithContext(async ({ services, config }) => {
        try {
          const made = await services.auth.createByOperator(email, { admin: options.admin === true, passwordSignIn: config.identity.passwordSignIn });
          const campus = config.identity.oidc !== undefined;
          if (options.json) {
            console.log(JSON.stringify({ email: made.user.email, userId: made.user.id, admin: made.admin, setPasswordLink: made.setPasswordLink, linkExpiresAt: made.linkExpiresAt, campusSignIn: campus }));
            return;
          }
          console.log(`created ${made.user.email}${made.admin ? ' (administrator)' : ''}`);
          if (made.setPasswordLink) console.log(`set a password within 24 hours (the link works once): ${made.setPasswordLink}`);
          if (campus) console.log(`or sign in with the campus account as ${made.user.email}`);
        } catch (error) {
          refuse(error);
        }
      }),
    );

  users
    .command('grant-admin')
    .description('give an existing account the admin role (it is admin only if its e-mail is also ADMIN_EMAIL)')
    .argument('<email>', "the account's e-mail address")
    .action((email: string) =>
      runWithContext(async ({ services, config }) => {
        try {
          const user = await services.auth.grantAdmin(email);
          console.log(`granted admin to ${user.email}`);
          if (config.adminEmail !== user.email.toLowerCase()) {
            console.log(`note: ADMIN_EMAIL is ${config.adminEmail ?? 'not set'}; this account is treated as admin only once ADMIN_EMAIL is ${user.email}`);
          }
        } catch (error) {
          refuse(error);
        }
      }),
    );

  users
    .command('revoke-admin')
    .description('take the admin role away from an account')
    .argument('<email>', "the account's e-mail address")
    .action((email: string) =>
      runWithContext(async ({ services }) => {
        try {
          const { user, revoked } = await services.auth.revokeAdmin(email);
          console.log(revoked ? `revoked admin from ${user.email}` : `${user.email} did not have the admin role`);
        } catch (error) {
          refuse(error);
        }
      }),
    );

  users
    .command('delete')
    .description('delete an account as its member would: hidden at once, signed out everywhere, purged after 90 days')
    .argument('<email>', "the account's e-mail address")
    .action((email: string) =>
      runWithContext(async ({ services }) => {
        try {
          const receipt = await services.account.deleteByEmail(email);
          console.log(`deleted ${email.trim()} (${receipt.userId}); everything is purged after ${receipt.purgeAfter.slice(0, 10)}`);
        } catch (error) {
          refuse(error);
        }
      }),
    );
}
