import type { AddressInfo } from 'node:net';

import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  raw: string;
}

export interface TestSmtp {
  port: number;
  /** Every message delivered so far, oldest first. */
  received: ReceivedMail[];
  /** Every AUTH attempt (only with `users`), accepted or not: the user and password sent. */
  logins: { username: string; password: string }[];
  /** Stops listening; safe to call twice (a test may stop it early to see a send fail). */
  close(): Promise<void>;
}

/**
 * A real SMTP server on 127.0.0.1 (smtp-server, no TLS) that keeps what it receives. With `users`
 * (user → password) it requires AUTH PLAIN/LOGIN and refuses any other password; without, no auth.
 */
export async function startTestSmtp(options: { users?: Record<string, string> } = {}): Promise<TestSmtp> {
  const received: ReceivedMail[] = [];
  const logins: TestSmtp['logins'] = [];
  const { users } = options;
  const smtp = new SMTPServer({
    authOptional: !users,
    // No TLS here, so AUTH must be allowed in the clear (only on 127.0.0.1, only in tests).
    allowInsecureAuth: true,
    authMethods: ['PLAIN', 'LOGIN'],
    onAuth(auth, _session, callback) {
      const username = auth.username ?? '';
      const password = auth.password ?? '';
      logins.push({ username, password });
      if (users && users[username] === password) callback(null, { user: username });
      else callback(new Error('Invalid username or password'));
    },
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  let open = true;
  return {
    port: (smtp.server.address() as AddressInfo).port,
    received,
    logins,
    close: async () => {
      if (open) await new Promise<void>((resolve) => smtp.close(() => resolve()));
      open = false;
    },
  };
}
