import type { AiModels, AiProvider } from '../../ai/provider.js';
import type { DatabaseMode } from '../../db/database.js';
import { isDatabaseUnavailable } from '../../db/database.js';
import type { ReplicaState } from '../../db/read-routing.js';
import type { SearchModelState } from '../embeddings/embedding-models.js';
import { type Release, release } from '../../version.js';
import type { HealthRepository } from './health.repository.js';

export interface Readiness extends Release {
  ready: boolean;
  /** Shutting down: still serving, but a proxy should send new requests elsewhere. */
  stopping?: true;
  /** Which AI answers: 'builtin' is the offline provider, and says so. */
  ai: { provider: AiProvider['name']; models: AiModels };
  /** Which model's vectors search reads, how many members each model covers, a pending switch. */
  embeddings: SearchModelState | null;
  database: {
    mode: DatabaseMode;
    reachable: boolean;
    migrations: 'current' | 'pending' | 'unknown';
    pendingMigrations: string[];
    vectorExtension: string | null;
    /** The read replica (DATABASE_REPLICA_URL), when there is one: informs, never decides readiness. */
    replica?: ReplicaState;
  };
}

export class HealthService {
  constructor(
    private readonly repository: HealthRepository,
    private readonly mode: DatabaseMode,
    private readonly ai: AiProvider,
    private readonly embeddingState: () => Promise<SearchModelState>,
    private readonly replicaState: () => ReplicaState | undefined = () => undefined,
    /** Which release answers: during an upgrade, tells the old servers from the new. */
    private readonly build: Release = release(),
  ) {}

  private aiInfo(): Readiness['ai'] {
    return { provider: this.ai.name, models: this.ai.models };
  }

  private stopping = false;

  /** From SIGTERM on, readiness says no, so the proxy's health check takes this server out before it closes. */
  markStopping(): void {
    this.stopping = true;
  }

  isStopping(): boolean {
    return this.stopping;
  }

  async readiness(): Promise<Readiness> {
    const readiness = await this.check();
    return this.stopping ? { ...readiness, ready: false, stopping: true } : readiness;
  }

  private async check(): Promise<Readiness> {
    try {
      const [vectorExtension, pendingMigrations] = await Promise.all([
        this.repository.vectorExtensionVersion(),
        this.repository.pendingMigrations(),
      ]);
      const migrationsCurrent = pendingMigrations.length === 0;
      return {
        ...this.build,
        ready: migrationsCurrent && vectorExtension !== null,
        ai: this.aiInfo(),
        embeddings: migrationsCurrent ? await this.embeddingState() : null,
        database: {
          mode: this.mode,
          reachable: true,
          migrations: migrationsCurrent ? 'current' : 'pending',
          pendingMigrations,
          vectorExtension,
          // A replica down or behind sends reads to the primary: this server still serves everything.
          replica: this.replicaState(),
        },
      };
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      return {
        ...this.build,
        ready: false,
        ai: this.aiInfo(),
        embeddings: null,
        database: { mode: this.mode, reachable: false, migrations: 'unknown', pendingMigrations: [], vectorExtension: null, replica: this.replicaState() },
      };
    }
  }
}
