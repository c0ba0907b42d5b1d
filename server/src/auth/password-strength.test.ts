import { assertStrongPassword, isWeakPassword, passwordStrengthLoaded, userInputsFor } from './password-strength.js';

describe('password strength', () => {
  it('loads nothing until the first check', () => {
    expect(passwordStrengthLoaded()).toBe(false);
  });

  it.each(['password', '123456', 'qwerty123', 'iloveyou', 'Password1!', 'abcdefgh', 'letmein2024'])('refuses %p', async (password) => {
    expect(await isWeakPassword(password)).toBe(true);
  });

  it.each(['violet tram ocean pepper', 'maple-orbit-lantern', 'copper meadow tango 7'])('accepts %p', async (password) => {
    expect(await isWeakPassword(password)).toBe(false);
  });

  it('refuses what is built from the member’s own e-mail or name', async () => {
    const password = 'Quenbyhartwell';
    expect(await isWeakPassword(password)).toBe(false);
    expect(await isWeakPassword(password, userInputsFor({ email: 'quenby.hartwell@campus.example' }))).toBe(true);
    expect(await isWeakPassword(password, userInputsFor({ name: 'Quenby Hartwell' }))).toBe(true);
  });

  it('refuses with 400 weak_password and the message', async () => {
    await expect(assertStrongPassword('qwerty123')).rejects.toMatchObject({
      status: 400,
      code: 'weak_password',
      message: 'This password is too common or easy to guess. Try a longer phrase of a few unrelated words.',
    });
    await expect(assertStrongPassword('violet tram ocean pepper')).resolves.toBeUndefined();
  });

  it('splits e-mails and names into the words a guesser tries first', () => {
    expect(userInputsFor({ email: 'Ana.Lee+kindred@student.ubc.ca', name: 'Ana Lee', productName: 'Kindred' })).toEqual([
      'ana.lee+kindred@student.ubc.ca',
      'ana.lee+kindred',
      'ana',
      'lee',
      'kindred',
      'student',
      'ana lee',
    ]);
  });

  it('stays quick once loaded: a check of the longest password takes milliseconds', async () => {
    await isWeakPassword('warm up');
    const started = performance.now();
    for (const password of ['x'.repeat(128), 'a1b2c3'.repeat(21), 'violet tram ocean pepper '.repeat(5)]) await isWeakPassword(password);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
