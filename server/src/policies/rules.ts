import { mayViewContactInfo, type ContactOwner } from './contact-info.js';
import { type InboxReach, mayStartConversationWith } from './inbox.js';
import { mayDeleteComment } from './location-comments.js';
import { mayMarkMessageRead, mayReadMessage, type MessageParties } from './messages.js';
import { mayScrapeMetrics } from './metrics.js';
import { mayActOnReportsAbout, mayReachOut, mayReportOrBlock, maySuspend } from './moderation.js';
import { searchesWithoutLimit } from './premium.js';
import { mayAnswerProposal, type ProposalParties } from './weekly-introductions.js';

/**
 * Everything a rule may know about who is asking. A rule names the facts it reads (`facts`
 * below), so a caller passes only those: a service that knows the member's id and mailbox can
 * ask a mailbox rule without loading the rest.
 */
export interface ActorFacts {
  id: string;
  email: string;
  /** The spec's double check (admin.ts isAdmin), made when the session's account is read. */
  admin: boolean;
  /** An active VIP membership (payments/membership-rules.ts). */
  premium: boolean;
  /** The member's mailbox address; null before basic information is saved. */
  mailbox: string | null;
}

/** Who must be asking before the rule's own predicate is asked: anyone (visitors too), a signed-in member, the administrator. */

/** What a refusal answers: 404 where the thing's existence must not leak, else the status the feature has always used. */
export type Denial = 'forbidden' | 'not_found' | 'conflict' | 'bad_request' | 'unauthorized';

/**
 * The actions, each with its audience, the actor facts it reads and what it is about. `void`:
 * the action is about no particular thing (a route's rule, a gate).
 */
export interface Actions {
  public: { audience: 'anyone'; facts: never; resource: void };
  member: { audience: 'member'; facts: 'id'; resource: void };
  admin: { audience: 'admin'; facts: 'id'; resource: void };
  'comment.delete': { audience: 'member'; facts: 'id' | 'admin'; resource: { authorId: string | null } };
  'touchpoint.figures': { audience: 'admin'; facts: 'id'; resource: void };
  'message.read': { audience: 'member'; facts: 'id' | 'mailbox'; resource: MessageParties };
  'message.markRead': { audience: 'member'; facts: 'id' | 'mailbox'; resource: MessageParties };
  'profile.block': { audience: 'member'; facts: 'id'; resource: { userId: string; deleted: boolean } };
  'profile.report': { audience: 'member'; facts: 'id'; resource: { userId: string; deleted: boolean } };
  'profile.like': { audience: 'member'; facts: 'id'; resource: { userId: string } };
  'profile.connect': { audience: 'member'; facts: 'id'; resource: { userId: string } };
  'conversation.start': { audience: 'member'; facts: 'id'; resource: { actorHidden: boolean; inConversation: boolean } };
  'inbox.start': { audience: 'member'; facts: 'id'; resource: InboxReach };
  'contact.view': { audience: 'member'; facts: 'id' | 'premium'; resource: ContactOwner };
  'search.unlimited': { audience: 'member'; facts: 'premium'; resource: void };
  'payment.confirm': { audience: 'member'; facts: 'id'; resource: { ownerId: string | null } };
  'report.act': { audience: 'admin'; facts: 'id'; resource: { userId: string } };
  'user.delete': { audience: 'admin'; facts: 'id'; resource: { userId: string } };
  'user.suspend': { audience: 'admin'; facts: 'id'; resource: { userId: string } };
  'metrics.scrape': { audience: 'anyone'; facts: never; resource: { token: string | undefined; authorization: string | undefined } };
  'weekly.answer': { audience: 'member'; facts: 'id'; resource: ProposalParties };
}

export type Action = keyof Actions;

/** The facts an action's rule reads; the admin audience also reads `admin`. */
export type ActorFor<A extends Action> = Pick<ActorFacts, Actions[A]['facts'] | (Actions[A]['audience'] extends 'admin' ? 'admin' : never)>;
export type ResourceOf<A extends Action> = Actions[A]['resource'];

export interface Rule<A extends Action> {
  audience: Actions[A]['audience'];
  denial: Denial;
  /** Asked only once the audience is satisfied: a member or admin rule never sees a visitor. */
  allows: (actor: Actions[A]['audience'] extends 'anyone' ? ActorFor<A> | null : ActorFor<A>, resource: ResourceOf<A>) => boolean;
  /** One line for the table in docs/architecture.md and for readers. */
  says: string;
  /**
   * The rule is about a particular thing: a route with this rule loads it in its contract
   * (`resource`), and the router asks `authorize` before the handlers (policies/routes.ts).
   */
  about: [ResourceOf<A>] extends [void] ? 'nothing' : 'a resource';
}

const always = () => true;

/** The rule table: every action, who may take it and on what. */
export const RULES: { readonly [A in Action]: Rule<A> } = {
  public: { audience: 'anyone', denial: 'forbidden', allows: always, says: 'anyone, visitors too', about: 'nothing' },
  member: { audience: 'member', denial: 'forbidden', allows: always, says: 'any signed-in member (for their own rows)', about: 'nothing' },
  admin: { audience: 'admin', denial: 'forbidden', allows: always, says: 'the administrator only', about: 'nothing' },
  'comment.delete': { audience: 'member', denial: 'forbidden', allows: mayDeleteComment, says: 'its author, or the administrator', about: 'a resource' },
  'touchpoint.figures': { audience: 'admin', denial: 'forbidden', allows: always, says: 'the administrator only', about: 'nothing' },
  'message.read': { audience: 'member', denial: 'not_found', allows: mayReadMessage, says: 'its sender or its recipient', about: 'a resource' },
  'message.markRead': { audience: 'member', denial: 'not_found', allows: mayMarkMessageRead, says: 'its recipient', about: 'a resource' },
  'profile.block': { audience: 'member', denial: 'conflict', allows: mayReportOrBlock, says: 'any member, of another live member', about: 'a resource' },
  'profile.report': { audience: 'member', denial: 'conflict', allows: mayReportOrBlock, says: 'any member, of another live member', about: 'a resource' },
  'profile.like': { audience: 'member', denial: 'bad_request', allows: (actor, target) => target.userId !== actor.id, says: 'any member, not their own profile', about: 'a resource' },
  'profile.connect': { audience: 'member', denial: 'bad_request', allows: (actor, target) => target.userId !== actor.id, says: 'any member, not their own profile', about: 'a resource' },
  'conversation.start': { audience: 'member', denial: 'forbidden', allows: mayReachOut, says: 'any member; one whose profile is hidden only in a conversation already going', about: 'a resource' },
  'inbox.start': { audience: 'member', denial: 'forbidden', allows: mayStartConversationWith, says: 'whoever the recipient lets start a conversation (everyone, members they liked, campus-verified members); a conversation they took part in goes on', about: 'a resource' },
  'contact.view': { audience: 'member', denial: 'forbidden', allows: mayViewContactInfo, says: 'the owner; others when made available, premium members only', about: 'a resource' },
  'search.unlimited': { audience: 'member', denial: 'forbidden', allows: searchesWithoutLimit, says: 'premium members', about: 'nothing' },
  'payment.confirm': { audience: 'member', denial: 'not_found', allows: (actor, payment) => payment.ownerId === actor.id, says: 'the member who started the checkout', about: 'a resource' },
  'report.act': { audience: 'admin', denial: 'forbidden', allows: mayActOnReportsAbout, says: 'the administrator, not about themself', about: 'a resource' },
  'user.delete': { audience: 'admin', denial: 'conflict', allows: (actor, user) => user.userId !== actor.id, says: 'the administrator, not their own account', about: 'a resource' },
  'user.suspend': { audience: 'admin', denial: 'forbidden', allows: maySuspend, says: 'the administrator, not their own account', about: 'a resource' },
  'metrics.scrape': { audience: 'anyone', denial: 'unauthorized', allows: (_actor, request) => mayScrapeMetrics(request), says: 'the bearer of METRICS_TOKEN, no session', about: 'a resource' },
  'weekly.answer': { audience: 'member', denial: 'not_found', allows: mayAnswerProposal, says: 'either of the two members proposed to each other', about: 'a resource' },
};
