import type { Command } from 'commander';

import { runWithContext } from '../run-with-context.js';

export function registerUsers(program: Command): void {
  const users = program.command('users').description('manage member accounts');

  users
    .command('grant-admin')
    .description('give an existing account the admin role (it is admin only if its e-mail is also ADMIN_EMAIL)')
    .argument('<email>', "the account's e-mail address")
    .action((email: string) =>
      runWithContext(async ({ services, config }) => {
        const user = await services.auth.grantAdmin(email);
        console.log(`granted admin to ${user.email}`);
        if (config.adminEmail !== user.email.toLowerCase()) {
          console.log(`note: ADMIN_EMAIL is ${config.adminEmail ?? 'not set'}; this account is treated as admin only once ADMIN_EMAIL is ${user.email}`);
        }
      }),
    );
}
