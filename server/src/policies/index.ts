import { type AppError, BadRequestError, ConflictError, ForbiddenError, NotFoundError, UnauthorizedError } from '../errors.js';
import { type Action, type ActorFor, type Denial, type ResourceOf, RULES } from './rules.js';

/** The spec's words when a visitor asks for what needs an account (auth/messages.ts reuses them). */
export const SIGN_IN_REQUIRED = 'Please sign in first.';

/**
 * Who may do what, in one place: every route and service asks here, and the SPA never decides.
 * `authorize` throws the typed error, `may` answers yes or no, `filter` keeps what may be seen.
 * An actor is the member asking, with the facts the action's rule reads; a visitor is null (or
 * undefined: `req.user` of a request without a session).
 */
export type { Action, ActorFacts, ActorFor, ResourceOf } from './rules.js';
export { RULES } from './rules.js';
export { isAdmin } from './admin.js';

/** A signed-in member as the session knows them: enough for every route's rule. */
export interface Member {
  id: string;
  email: string;
  admin: boolean;
}

/** The words of a refusal, where the feature has its own; the status is the rule's. */
export interface Wording {
  message?: string;
  code?: string;
}

export const ADMIN_ONLY = { message: 'Only the administrator may do that.', code: 'admin_only' } as const;

type Visitor = null | undefined;

/** The resource, left out for actions about nothing in particular (`may(actor, 'admin')`). */
type About<A extends Action> = [ResourceOf<A>] extends [void] ? [resource?: undefined] : [resource: ResourceOf<A>];

/** Why the actor may not, or null when they may. */
function refusal<A extends Action>(actor: ActorFor<A> | Visitor, action: A, resource: ResourceOf<A>): 'sign_in' | 'admin' | 'rule' | null {
  const rule = RULES[action];
  if (rule.audience !== 'anyone' && (actor === null || actor === undefined)) return 'sign_in';
  if (rule.audience === 'admin' && (actor as { admin?: boolean }).admin !== true) return 'admin';
  const allows = rule.allows as (actor: ActorFor<A> | null, resource: ResourceOf<A>) => boolean;
  return allows(actor ?? null, resource) ? null : 'rule';
}

/** Whether the actor may take the action on the resource. */
export function may<A extends Action>(actor: ActorFor<A> | Visitor, action: A, ...[resource]: About<A>): boolean {
  return refusal(actor, action, resource as ResourceOf<A>) === null;
}

/**
 * Throws unless the actor may: 401 when sign-in is needed, 403 `admin_only` when the action is
 * the administrator's, else the rule's own refusal (403, or 404 where existence must not leak,
 * or the 400/409 the feature has always answered) in the caller's words.
 */
export function authorize<A extends Action>(actor: ActorFor<A> | Visitor, action: A, ...args: [...About<A>, wording?: Wording]): void {
  const [resource, wording = {}] = args as unknown as [ResourceOf<A>, Wording?];
  const why = refusal(actor, action, resource);
  if (why === null) return;
  if (why === 'sign_in') throw new UnauthorizedError(SIGN_IN_REQUIRED, 'unauthorized');
  if (why === 'admin') throw new ForbiddenError(ADMIN_ONLY.message, ADMIN_ONLY.code);
  throw denied(RULES[action].denial, wording);
}

/** The items the actor may take the action on (a list's second look after its owner-scoped query). */
export function filter<A extends Action, T>(actor: ActorFor<A> | Visitor, action: A, items: readonly T[], resourceOf: (item: T) => ResourceOf<A>): T[] {
  return items.filter((item) => refusal(actor, action, resourceOf(item)) === null);
}

/** The audience part only: what a route's rule enforces before the resource is loaded. */
export function authorizeAudience(actor: Member | Visitor, action: Action): void {
  const { audience } = RULES[action];
  if (audience === 'anyone') return;
  if (!actor) throw new UnauthorizedError(SIGN_IN_REQUIRED, 'unauthorized');
  if (audience === 'admin' && !actor.admin) throw new ForbiddenError(ADMIN_ONLY.message, ADMIN_ONLY.code);
}

function denied(denial: Denial, { message, code }: Wording): AppError {
  switch (denial) {
    case 'not_found':
      return new NotFoundError(message, code);
    case 'conflict':
      return new ConflictError(message ?? 'That is not possible.', code);
    case 'bad_request':
      return new BadRequestError(message ?? 'That is not possible.', code);
    case 'unauthorized':
      return new UnauthorizedError(message, code);
    case 'forbidden':
      return new ForbiddenError(message, code);
  }
}
