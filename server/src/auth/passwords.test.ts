import { hash } from '@node-rs/argon2';

import { hashPassword, PASSWORD_HASH_OPTIONS, verifyPassword } from './passwords.js';

describe('password hashes', () => {
  it('are argon2id at OWASP baseline cost in production (19 MiB, 2 passes)', async () => {
    expect(PASSWORD_HASH_OPTIONS).toEqual({ algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 });
    const stored = await hash('correct-horse-7', PASSWORD_HASH_OPTIONS);
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(stored, 'correct-horse-7')).toBe(true);
  });

  it('verify whatever cost a stored hash was made at, and refuse a wrong password or a malformed hash', async () => {
    const stored = await hashPassword('correct-horse-7');
    expect(await verifyPassword(stored, 'correct-horse-7')).toBe(true);
    expect(await verifyPassword(stored, 'wrong-horse-7')).toBe(false);
    expect(await verifyPassword('not-a-hash', 'correct-horse-7')).toBe(false);
  });
});
