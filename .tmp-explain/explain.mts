import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { SearchRepository, CONNECTION_SETTINGS } from '../server/src/features/search/search.repository.js';
import { embedTexts } from '../server/src/ai/builtin/embedding/index.js';
const pool = new pg.Pool({ connectionString: 'postgres://postgres@127.0.0.1:5432/kindred_bench_10000', max: 1 });
const db = new Kysely<any>({ dialect: new PostgresDialect({ pool }) });
const repo = new SearchRepository(db as any);
const [v] = embedTexts(['looking for a girlfriend who loves cooking']);
const viewer = (await sql<{user_id:string}>`select user_id from profiles limit 1`.execute(db)).rows[0]!.user_id;
for (const rules of [{ age: null, gender: 'female', intent: null, city: null }, { age: {min:20,max:25}, gender: null, intent: null, city: 'Vancouver' }, { age: null, gender: null, intent: null, city: 'Montreal' }]) {
  const plan = await db.transaction().execute(async (trx) => {
    for (const [k, val] of Object.entries(CONNECTION_SETTINGS)) await sql.raw(`SET LOCAL ${k} = '${val}'`).execute(trx);
    return repo.explainRetrieve(trx as any, { viewerUserId: viewer, vector: { model: 'kindred-builtin-embed-v1', dimensions: 384, vector: Array.from(v!) }, keywords: ['cooking'], skipLexemes: [], filters: {}, queryHash: 'x', k: 100, rules: rules as any }, true);
  });
  console.log('=====', JSON.stringify(rules)); console.log(plan.split('\n').filter(l => /ruled|Index Scan|Seq Scan|Sort|Execution|Hash Join|Nested|Limit|rows=/.test(l)).slice(0, 40).join('\n'));
}
await db.destroy();
