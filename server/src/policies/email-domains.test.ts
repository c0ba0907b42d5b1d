import { describe, expect, it } from '@jest/globals';

import { emailDomainAllowed, emailDomainRefusal } from './email-domains.js';

describe('campus-only membership (SIGNUP_EMAIL_DOMAINS)', () => {
  it.each([
    ['x@gmail.com', ['example.edu'], false],
    ['x@example.edu', ['example.edu'], true],
    ['x@cs.example.edu', ['example.edu'], false],
    ['x@cs.example.edu', ['.example.edu'], true],
    ['x@example.edu', ['.example.edu'], true],
    ['x@notexample.edu', ['.example.edu'], false],
    ['x@example.edu.evil.com', ['.example.edu'], false],
    ['X@Student.UBC.ca', ['ubc.ca', 'student.ubc.ca'], true],
    ['anyone@anywhere.org', undefined, true],
    ['no-at-sign', ['example.edu'], false],
  ] as const)('%s with %j → %s', (email, domains, allowed) => {
    expect(emailDomainAllowed(email, domains)).toBe(allowed);
  });

  it('names the allowed domains in the refusal', () => {
    expect(emailDomainRefusal(['ubc.ca', '.student.ubc.ca'])).toBe('Only campus e-mail addresses can join: please use an address at ubc.ca or student.ubc.ca (or any subdomain).');
    expect(emailDomainRefusal(['example.edu'])).toBe('Only campus e-mail addresses can join: please use an address at example.edu.');
  });
});
