import { agentFor, signUp, uniqueEmail, type Agent } from './auth-helpers.js';
import type { TestApp } from './test-app.js';

export const BASIC_INFO = { name: 'Ana Lee', birthDate: '2004-03-10', location: 'Vancouver', gender: 'female', profession: 'student', relationshipStatus: 'single_straight' };

export interface SignedInMember {
  agent: Agent;
  email: string;
  userId: string;
  profileId: string;
  /** The member's in-product mailbox address. */
  mailbox: string;
}

/** A member signed up through the real flow, with basic information saved (so a mailbox), signed in. */
export async function signedInMember(t: TestApp, name: string, prefix = 'member'): Promise<SignedInMember> {
  const agent = agentFor(t);
  const email = uniqueEmail(prefix);
  await signUp(t, agent, email);
  const profile = await agent.put('/api/profile/basic').send({ ...BASIC_INFO, name }).expect(200);
  return { agent, email, userId: profile.body.user_id as string, profileId: profile.body.id as string, mailbox: profile.body.mailbox_address as string };
}
