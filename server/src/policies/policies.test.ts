import { describe, expect, it } from '@jest/globals';

import { AppError } from '../errors.js';
import { type Action, type ActorFacts, authorize, filter, isAdmin, may, RULES } from './index.js';

// Who may do what, as a table: each action is tried by a visitor, another member, the owner of
// the thing it is about, and the administrator (who owns none of it). `true` is allowed; a
// number is the status authorize answers with instead.

const member: ActorFacts = { id: 'member', email: 'mia@campus.edu', admin: false, premium: false, mailbox: 'mia1234@kindred.local' };
const owner: ActorFacts = { id: 'owner', email: 'olu@campus.edu', admin: false, premium: false, mailbox: 'olu5678@kindred.local' };
const admin: ActorFacts = { id: 'admin', email: 'ops@campus.edu', admin: true, premium: false, mailbox: 'ops0000@kindred.local' };
const ACTORS = { visitor: null, member, owner, admin } as const;
type Kind = keyof typeof ACTORS;

/** Each action with a thing of the owner's (or nothing), and what each kind of actor gets. */
const MATRIX: Record<Action, { resource?: unknown; expect: Record<Kind, true | number> }> = {
  public: { expect: { visitor: true, member: true, owner: true, admin: true } },
  member: { expect: { visitor: 401, member: true, owner: true, admin: true } },
  admin: { expect: { visitor: 401, member: 403, owner: 403, admin: true } },
  'touchpoint.figures': { expect: { visitor: 401, member: 403, owner: 403, admin: true } },
  'comment.delete': { resource: { authorId: 'owner' }, expect: { visitor: 401, member: 403, owner: true, admin: true } },
  'message.read': { resource: { senderId: 'someone', recipientEmail: 'OLU5678@kindred.local' }, expect: { visitor: 401, member: 404, owner: true, admin: 404 } },
  'message.markRead': { resource: { senderId: 'someone', recipientEmail: 'olu5678@kindred.local' }, expect: { visitor: 401, member: 404, owner: true, admin: 404 } },
  'profile.block': { resource: { userId: 'owner', deleted: false }, expect: { visitor: 401, member: true, owner: 409, admin: true } },
  'profile.report': { resource: { userId: 'owner', deleted: false }, expect: { visitor: 401, member: true, owner: 409, admin: true } },
  'profile.like': { resource: { userId: 'owner' }, expect: { visitor: 401, member: true, owner: 400, admin: true } },
  'profile.connect': { resource: { userId: 'owner' }, expect: { visitor: 401, member: true, owner: 400, admin: true } },
  // The owner here is the hidden member starting something new outside any conversation.
  'conversation.start': { resource: { actorHidden: true, inConversation: false }, expect: { visitor: 401, member: 403, owner: 403, admin: 403 } },
  // The recipient takes only members they liked; nobody asking here is one.
  'inbox.start': { resource: { startConversations: 'liked', likedByRecipient: false, senderVerified: true, inConversation: false }, expect: { visitor: 401, member: 403, owner: 403, admin: 403 } },
  'contact.view': { resource: { userId: 'owner', available: true }, expect: { visitor: 401, member: 403, owner: true, admin: 403 } },
  'search.unlimited': { expect: { visitor: 401, member: 403, owner: 403, admin: 403 } },
  'payment.confirm': { resource: { ownerId: 'owner' }, expect: { visitor: 401, member: 404, owner: true, admin: 404 } },
  'report.act': { resource: { userId: 'owner' }, expect: { visitor: 401, member: 403, owner: 403, admin: true } },
  'user.delete': { resource: { userId: 'owner' }, expect: { visitor: 401, member: 403, owner: 403, admin: true } },
  'user.suspend': { resource: { userId: 'owner' }, expect: { visitor: 401, member: 403, owner: 403, admin: true } },
  'metrics.scrape': { resource: { token: 'metrics-token', authorization: undefined }, expect: { visitor: 401, member: 401, owner: 401, admin: 401 } },
  // The owner is one of the two members proposed to each other; the administrator is neither.
  'weekly.answer': { resource: { userA: 'owner', userB: 'someone' }, expect: { visitor: 401, member: 404, owner: true, admin: 404 } },
};

// The table is generic over actions; each row's resource matches its action by construction.
const askMay = may as (actor: ActorFacts | null, action: Action, resource?: unknown) => boolean;
const askAuthorize = authorize as (actor: ActorFacts | null, action: Action, resource?: unknown, wording?: { message?: string; code?: string }) => void;

function outcome(actor: ActorFacts | null, action: Action, resource: unknown): true | number {
  try {
    askAuthorize(actor, action, resource);
    return true;
  } catch (error) {
    if (error instanceof AppError) return error.status;
    throw error;
  }
}

function thrown(act: () => void): unknown {
  try {
    act();
  } catch (error) {
    return error;
  }
  throw new Error('it was allowed');
}

const cases = (Object.keys(MATRIX) as Action[]).flatMap((action) =>
  (Object.keys(ACTORS) as Kind[]).map((kind) => [action, kind, MATRIX[action].expect[kind]] as const),
);

describe('who may do what', () => {
  it('has a row for every action of the rule table', () => {
    expect(Object.keys(MATRIX).sort()).toEqual(Object.keys(RULES).sort());
  });

  it.each(cases)('%s by %s: %s', (action, kind, expected) => {
    const { resource } = MATRIX[action];
    expect(outcome(ACTORS[kind], action, resource)).toBe(expected);
    expect(askMay(ACTORS[kind], action, resource)).toBe(expected === true);
  });

  it('a visitor is told to sign in, a member on an administrator action that it is the administrator\'s', () => {
    expect(thrown(() => authorize(undefined, 'member'))).toMatchObject({ status: 401, code: 'unauthorized', message: 'Please sign in first.' });
    expect(thrown(() => authorize(member, 'admin'))).toMatchObject({ status: 403, code: 'admin_only', message: 'Only the administrator may do that.' });
  });

  it('a refusal keeps the rule\'s status in the feature\'s own words', () => {
    const words = { message: 'You can only delete your own comments.', code: 'not_your_comment' };
    expect(thrown(() => authorize(member, 'comment.delete', { authorId: 'owner' }, words))).toMatchObject({ status: 403, ...words });
    expect(thrown(() => authorize(admin, 'report.act', { userId: 'admin' }, { code: 'self' }))).toMatchObject({ status: 403, code: 'self' });
    expect(thrown(() => authorize(admin, 'user.delete', { userId: 'admin' }, { code: 'cannot_delete_self' }))).toMatchObject({ status: 409, code: 'cannot_delete_self' });
  });
});

describe('the administrator', () => {
  const account = { email: 'Admin@Campus.edu', roles: ['admin'] };
  it.each([
    ['role and the admin address', account, 'admin@campus.edu', true],
    ['the role without the address', { ...account, email: 'other@campus.edu' }, 'admin@campus.edu', false],
    ['the address without the role', { ...account, roles: [] }, 'admin@campus.edu', false],
    ['no admin address configured', account, undefined, false],
    ['nobody signed in', undefined, 'admin@campus.edu', false],
  ])('is the double check: %s', (_case, who, adminEmail, allowed) => {
    expect(isAdmin(who, adminEmail)).toBe(allowed);
  });
});

describe('mailbox messages', () => {
  const alice = { id: 'a', mailbox: 'alice1234@kindred.local' };
  const bob = { id: 'b', mailbox: 'bob5678@kindred.local' };
  const eve = { id: 'e', mailbox: 'eve0000@kindred.local' };
  const noMailbox = { id: 'n', mailbox: null };
  const aliceToBob = { senderId: 'a', recipientEmail: 'BOB5678@kindred.local' };

  it.each([
    ['the recipient (address compared without case)', bob, true, true],
    ['the sender', alice, true, false],
    ['another member', eve, false, false],
    ['a member without a mailbox yet', noMailbox, false, false],
  ])('%s: read %s, mark read %s', (_who, actor, read, mark) => {
    expect(may(actor, 'message.read', aliceToBob)).toBe(read);
    expect(may(actor, 'message.markRead', aliceToBob)).toBe(mark);
  });

  it('a message whose sender was purged is still the recipient\'s, and nobody else\'s', () => {
    const orphan = { senderId: null, recipientEmail: bob.mailbox };
    expect(may(bob, 'message.read', orphan)).toBe(true);
    expect(may(alice, 'message.read', orphan)).toBe(false);
  });

  it('filters a list down to what the member may read', () => {
    const rows = [{ n: 1, ...aliceToBob }, { n: 2, senderId: 'e', recipientEmail: eve.mailbox }, { n: 3, senderId: 'b', recipientEmail: alice.mailbox }];
    expect(filter(bob, 'message.read', rows, (row) => row).map((row) => row.n)).toEqual([1, 3]);
    expect(filter(null, 'message.read', rows, (row) => row)).toEqual([]);
  });
});

describe('contact info', () => {
  it.each([
    ['the owner, not available', { id: 'a', premium: false }, { userId: 'a', available: false }, true],
    ['a premium member, available', { id: 'b', premium: true }, { userId: 'a', available: true }, true],
    ['a free member, available', { id: 'b', premium: false }, { userId: 'a', available: true }, false],
    ['a premium member, not available', { id: 'b', premium: true }, { userId: 'a', available: false }, false],
    ['a free member, not available', { id: 'b', premium: false }, { userId: 'a', available: false }, false],
  ] as const)('%s', (_case, viewer, contactOwner, allowed) => {
    expect(may(viewer, 'contact.view', contactOwner)).toBe(allowed);
  });
});

describe('premium', () => {
  it('lifts the daily search allowance, and nothing else decides it', () => {
    expect(may({ premium: true }, 'search.unlimited')).toBe(true);
    expect(may({ premium: false }, 'search.unlimited')).toBe(false);
  });
});

describe('moderation', () => {
  it('a member reports or blocks another live member, never themself or a deleted account', () => {
    expect(may({ id: 'a' }, 'profile.report', { userId: 'b', deleted: false })).toBe(true);
    expect(may({ id: 'a' }, 'profile.block', { userId: 'a', deleted: false })).toBe(false);
    expect(may({ id: 'a' }, 'profile.block', { userId: 'b', deleted: true })).toBe(false);
  });
});

describe('hidden profiles and suspension', () => {
  it('a hidden member answers a conversation already going and starts nothing new; anyone else may', () => {
    expect(may({ id: 'h' }, 'conversation.start', { actorHidden: true, inConversation: true })).toBe(true);
    expect(may({ id: 'h' }, 'conversation.start', { actorHidden: true, inConversation: false })).toBe(false);
    expect(may({ id: 'a' }, 'conversation.start', { actorHidden: false, inConversation: false })).toBe(true);
  });

  it('the administrator suspends anyone but themself, in the words the caller gives', () => {
    expect(may(admin, 'user.suspend', { userId: 'owner' })).toBe(true);
    expect(may(admin, 'user.suspend', { userId: 'admin' })).toBe(false);
    expect(thrown(() => authorize(admin, 'user.suspend', { userId: 'admin' }, { code: 'self' }))).toMatchObject({ status: 403, code: 'self' });
  });
});

describe('inbox control', () => {
  const reach = { startConversations: 'everyone', likedByRecipient: false, senderVerified: false, inConversation: false } as const;

  it.each([
    ['everyone: any member', reach, true],
    ['liked: a member the recipient did not like', { ...reach, startConversations: 'liked' }, false],
    ['liked: a member the recipient liked', { ...reach, startConversations: 'liked', likedByRecipient: true }, true],
    ['verified: a member not verified', { ...reach, startConversations: 'verified' }, false],
    ['verified: a campus-verified member', { ...reach, startConversations: 'verified', senderVerified: true }, true],
    ['liked: a conversation the recipient took part in goes on', { ...reach, startConversations: 'liked', inConversation: true }, true],
    ['verified: a conversation the recipient took part in goes on', { ...reach, startConversations: 'verified', inConversation: true }, true],
  ] as const)('%s', (_case, resource, expected) => {
    expect(may({ id: 'sender' }, 'inbox.start', resource)).toBe(expected);
  });
});

describe('touchpoint comments', () => {
  it.each([
    ['the administrator, a visitor\'s comment', admin, null, true],
    ['a member, a visitor\'s comment', member, null, false],
    ['a visitor, a visitor\'s comment', null, null, false],
  ])('%s', (_case, actor, authorId, allowed) => {
    expect(may(actor, 'comment.delete', { authorId })).toBe(allowed);
  });
});

describe('metrics', () => {
  const token = 'metrics-token-0123456789';
  it.each([
    ['no token configured', undefined, `Bearer ${token}`, false],
    ['no Authorization header', token, undefined, false],
    ['a longer token', token, `Bearer ${token}x`, false],
    ['a shorter token', token, `Bearer ${token.slice(1)}`, false],
    ['another scheme', token, `Basic ${token}`, false],
    ['the token', token, `Bearer ${token}`, true],
  ])('%s', (_case, configured, authorization, allowed) => {
    expect(may(null, 'metrics.scrape', { token: configured, authorization })).toBe(allowed);
  });

  it('no session grants it, the administrator\'s included', () => {
    expect(may(admin, 'metrics.scrape', { token, authorization: undefined })).toBe(false);
  });
});

describe('weekly introductions', () => {
  const proposal = { userA: 'a', userB: 'b' };
  it.each([
    ['its first member', 'a', true],
    ['its second member', 'b', true],
    ['a third member', 'c', false],
  ])('a proposal is answered by %s: %s', (_case, id, allowed) => {
    expect(may({ id }, 'weekly.answer', proposal)).toBe(allowed);
  });

  it('anyone else is told it does not exist (404), in the feature\'s words', () => {
    const words = { message: 'Introduction not found.', code: 'weekly_introduction_not_found' };
    expect(thrown(() => authorize({ id: 'c' }, 'weekly.answer', proposal, words))).toMatchObject({ status: 404, ...words });
  });
});
