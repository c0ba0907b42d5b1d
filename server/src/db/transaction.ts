import type { IsolationLevel, Kysely, Transaction } from 'kysely';

import type { DB } from './schema.js';

/**
 * What a repository method runs its statements on when it may take part in a caller's
 * transaction: the pool or an open transaction. Such a method takes it as its first parameter,
 * required, so a call inside a transaction cannot slip out of it by leaving the argument off. A
 * method that only makes sense inside a transaction (it locks a row, it is one step of several)
 * takes a `Transaction<DB>` there instead. The convention is checked by persistence.test.ts.
 */
export type Executor = Kysely<DB> | Transaction<DB>;

/** Registers an action to run once the transaction has committed. */
export type AfterCommit = (action: () => Promise<void>) => void;

/** A snapshot for a long read (the account export): its isolation level, and read only. */
export interface TransactionOptions {
  isolation?: IsolationLevel;
  readOnly?: boolean;
}

/**
 * The one way the server opens a transaction, from a service (repositories run statements; the
 * service decides what is atomic): what `run` does commits together, and what must happen only
 * once it has committed is registered on `afterCommit`. A network call (Stripe, a
 * mail server, an AI model, object storage) never runs inside a transaction: the transaction
 * would hold its locks, and its pooled connection, for the round trip — on the embedded
 * database, whose pool has one connection, every other request would wait on the network. So
 * the transaction registers such side effects on `afterCommit`, and they run here, in the order
 * registered, after the commit. If the transaction rolls back, they are dropped.
 *
 * An action that fails does not stop the ones after it; the commit stands, and the first failure
 * is thrown once all have run. Actions that must not fail the caller catch their own errors.
 */
export async function transaction<T>(db: Kysely<DB>, run: (trx: Transaction<DB>, afterCommit: AfterCommit) => Promise<T>, options: TransactionOptions = {}): Promise<T> {
  const actions: (() => Promise<void>)[] = [];
  let open = true;
  const afterCommit: AfterCommit = (action) => {
    if (!open) throw new Error('afterCommit: the transaction is already over');
    actions.push(action);
  };
  let result: T;
  try {
    let builder = db.transaction();
    if (options.isolation) builder = builder.setIsolationLevel(options.isolation);
    if (options.readOnly) builder = builder.setAccessMode('read only');
    result = await builder.execute((trx) => run(trx, afterCommit));
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
