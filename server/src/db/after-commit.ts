import type { Kysely, Transaction } from 'kysely';

import type { DB } from './schema.js';

/** Registers an action to run once the transaction has committed. */
export type AfterCommit = (action: () => Promise<void>) => void;

/**
 * One transaction, and what must happen only once it has committed. A network call (Stripe, a
 * mail server, an AI model, object storage) never runs inside a transaction: the transaction
 * would hold its locks, and its pooled connection, for the round trip — on the embedded
 * database, whose pool has one connection, every other request would wait on the network. So
 * the transaction registers such side effects on `afterCommit`, and they run here, in the order
 * registered, after the commit. If the transaction rolls back, they are dropped.
 *
 * An action that fails does not stop the ones after it; the commit stands, and the first failure
 * is thrown once all have run. Actions that must not fail the caller catch their own errors.
 */
export async function transactionWithAfterCommit<T>(db: Kysely<DB>, run: (trx: Transaction<DB>, afterCommit: AfterCommit) => Promise<T>): Promise<T> {
  const actions: (() => Promise<void>)[] = [];
  let open = true;
  const afterCommit: AfterCommit = (action) => {
    if (!open) throw new Error('afterCommit: the transaction is already over');
    actions.push(action);
  };
  let result: T;
  try {
    result = await db.transaction().execute((trx) => run(trx, afterCommit));
  } finally {
    open = false;
  }
  const failures: unknown[] = [];
  for (const action of actions) {
    try {
      await action();
    } catch (error) {
      failures.push(error);
    }
  }
  if (failures.length > 0) throw failures[0];
  return result;
}
