import { describe, expect, it } from '@jest/globals';

import { contactInfoAccess } from './contact-info.js';
import { searchAllowance } from './premium.js';
import { isAdmin } from './index.js';
import { mayDeleteComment } from './location-comments.js';
import { mayMarkMessageRead, mayReadMessage } from './messages.js';
import { metricsAccess } from './metrics.js';

const alice = { userId: 'a', address: 'alice1234@kindred.local' };
const bob = { userId: 'b', address: 'bob5678@kindred.local' };
const eve = { userId: 'e', address: 'eve0000@kindred.local' };
const noMailbox = { userId: 'n', address: null };
const aliceToBob = { senderId: 'a', recipientEmail: 'BOB5678@kindred.local' };

describe('mailbox messages', () => {
  it.each([
    ['the recipient (address compared without case)', bob, true, true],
    ['the sender', alice, true, false],
    ['another member', eve, false, false],
    ['a member without a mailbox yet', noMailbox, false, false],
  ])('%s: read %s, mark read %s', (_who, actor, read, mark) => {
    expect(mayReadMessage(actor, aliceToBob)).toBe(read);
    expect(mayMarkMessageRead(actor, aliceToBob)).toBe(mark);
  });

  it('a message whose sender was purged is still the recipient\'s, and nobody else\'s', () => {
    const orphan = { senderId: null, recipientEmail: bob.address };
    expect(mayReadMessage(bob, orphan)).toBe(true);
    expect(mayReadMessage(alice, orphan)).toBe(false);
  });
});

describe('contact info', () => {
  it.each([
    ['the owner, not available', { userId: 'a', premium: false }, { userId: 'a', available: false }, 'full'],
    ['a premium member, available', { userId: 'b', premium: true }, { userId: 'a', available: true }, 'full'],
    ['a free member, available', { userId: 'b', premium: false }, { userId: 'a', available: true }, 'premium_only'],
    ['a premium member, not available', { userId: 'b', premium: true }, { userId: 'a', available: false }, 'none'],
    ['a free member, not available', { userId: 'b', premium: false }, { userId: 'a', available: false }, 'none'],
  ] as const)('%s', (_case, viewer, owner, access) => {
    expect(contactInfoAccess(viewer, owner)).toBe(access);
  });
});

describe('premium', () => {
  it('lifts the daily search allowance and nothing about it depends on anything else', () => {
    expect(searchAllowance({ premium: true }, 20)).toBe('unlimited');
    expect(searchAllowance({ premium: false }, 20)).toBe(20);
    expect(searchAllowance({ premium: false }, 0)).toBe(0);
  });
});

describe('admin', () => {
  const admin = { id: 'x', email: 'Admin@Campus.edu', roles: ['admin'] };
  it.each([
    ['role and the admin address', admin, 'admin@campus.edu', true],
    ['the role without the address', { ...admin, email: 'other@campus.edu' }, 'admin@campus.edu', false],
    ['the address without the role', { ...admin, roles: [] }, 'admin@campus.edu', false],
    ['no admin address configured', admin, undefined, false],
    ['nobody signed in', undefined, 'admin@campus.edu', false],
  ])('%s', (_case, actor, adminEmail, allowed) => {
    expect(isAdmin(actor, adminEmail)).toBe(allowed);
  });
});

describe('touchpoint comments', () => {
  const member = { id: 'a', isAdmin: false };
  const other = { id: 'b', isAdmin: false };
  const admin = { id: 'x', isAdmin: true };
  it.each([
    ['the author, their comment', member, 'a', true],
    ['another member', other, 'a', false],
    ['the administrator, a member\'s comment', admin, 'a', true],
    ['the administrator, a visitor\'s comment', admin, null, true],
    ['a member, a visitor\'s comment', member, null, false],
    ['a visitor, any comment', null, 'a', false],
    ['a visitor, a visitor\'s comment', null, null, false],
  ])('%s', (_case, actor, authorId, allowed) => {
    expect(mayDeleteComment(actor, { authorId })).toBe(allowed);
  });
});

describe('metrics', () => {
  const token = 'metrics-token-0123456789';
  it('is absent without a token, and open only to the bearer of the token', () => {
    expect(metricsAccess(undefined, `Bearer ${token}`)).toBe('absent');
    expect(metricsAccess(token, undefined)).toBe('denied');
    expect(metricsAccess(token, `Bearer ${token}x`)).toBe('denied');
    expect(metricsAccess(token, `Bearer ${token.slice(1)}`)).toBe('denied');
    expect(metricsAccess(token, `Basic ${token}`)).toBe('denied');
    expect(metricsAccess(token, `Bearer ${token}`)).toBe('allowed');
  });
});
