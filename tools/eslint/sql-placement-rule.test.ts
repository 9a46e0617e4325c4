import path from 'node:path';
import { RuleTester } from 'eslint';
import { describe, it } from 'vitest';
import { mayHoldSql, sqlPlacementRule } from './sql-placement-rule.js';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const src = path.resolve(import.meta.dirname, '../../apps/server/src');
const service = path.join(src, 'modules/timing/timing-service.ts');
const repository = path.join(src, 'modules/timing/timing-repository.ts');
const tester = new RuleTester({ languageOptions: { ecmaVersion: 2022, sourceType: 'module' } });

describe('SQL stays in repositories', () => {
  it('knows where SQL may be', () => {
    if (!mayHoldSql(repository)) throw new Error('a repository may hold SQL');
    if (!mayHoldSql(path.join(src, 'db/migrations/0001-foundation.ts'))) throw new Error('a migration may');
    if (mayHoldSql(service)) throw new Error('a service may not');
  });
});

tester.run('sql-placement', sqlPlacementRule as never, {
  valid: [
    { filename: repository, code: "db.selectFrom('timing_order').selectAll().execute();" },
    { filename: service, code: "const entry = { refType: 'timing_settlement', refId: 1 };" },
    { filename: service, code: "bumpCacheVersion(db, 'VC');" },
    { filename: service, code: 'db.transaction().execute(async (trx) => run(trx));' },
  ],
  invalid: [
    { filename: service, code: "db.selectFrom('timing_order').selectAll();", errors: 1 },
    { filename: service, code: "query.where('o.id', '=', 1).execute();", errors: 1 },
    { filename: service, code: "query.where('o.id', '=', 1).executeTakeFirst();", errors: 1 },
    { filename: service, code: 'sql`SELECT 1`;', errors: 1 },
    { filename: service, code: "run('DELETE FROM timing_order_open WHERE id = 1');", errors: 1 },
    { filename: service, code: 'run(`INSERT INTO journal_entry (id) VALUES ${rows}`);', errors: 1 },
  ],
});
