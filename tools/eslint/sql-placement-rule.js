import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Repositories own every statement on their tables (decision 040): in the server's source, a query
 * is built, and a table is named, only in a `*-repository.ts` file or a migration. Services call
 * the repository's named functions and never extend a half-built query, so everything a module
 * does to its tables is in one file. Storage plumbing (`modules/storage/`) and the database's own
 * set-up (`db/database.ts`, `db/wal-checkpointer.ts`) run statements handed to them or pragmas,
 * and name no business table.
 */
const SERVER_SRC = path.resolve(import.meta.dirname, '../../apps/server/src');
const QUERY_BUILDERS = new Set([
  'selectFrom',
  'insertInto',
  'updateTable',
  'deleteFrom',
  'replaceInto',
  'mergeInto',
]);
const RUNNERS = new Set(['executeTakeFirst', 'executeTakeFirstOrThrow', 'stream']);

/** The table names, read from the schema's `Database` interface. */
function tableNames() {
  const schema = readFileSync(path.join(SERVER_SRC, 'db/schema.ts'), 'utf8');
  const block = /export interface Database \{([\s\S]*?)\n\}/.exec(schema)?.[1] ?? '';
  return [...block.matchAll(/^\s*(\w+):/gm)].map((m) => m[1]);
}

const TABLES = tableNames();
const VERBS = ['from', 'into', 'update', 'join', 'table'].flatMap((verb) => [verb, verb.toUpperCase()]);
// A statement's text names its table after a verb. Table names are lower case; the cache types
// (`VC`, `BANK`) are not tables. A bare table name is no finding: ledger reference types are named
// after their tables (`refType: 'timing_settlement'`).
const NAMES_A_TABLE = new RegExp(`\\b(${VERBS.join('|')})\\s+"?(${TABLES.join('|')})\\b`);

/** Whether the file may hold SQL: repositories, migrations and the storage plumbing. */
export function mayHoldSql(file) {
  const rel = path.relative(SERVER_SRC, file).split(path.sep).join('/');
  if (rel.startsWith('..') || path.isAbsolute(rel)) return true;
  // A module's books declare, for the invariant checker, which rows of its tables must have journal
  // entries, and audit them: statements on the module's tables, like its repository's.
  if (rel.endsWith('-repository.ts') || rel.endsWith('-books.ts')) return true;
  if (rel.startsWith('db/migrations/') || rel.startsWith('modules/storage/')) return true;
  return ['db/schema.ts', 'db/database.ts', 'db/wal-checkpointer.ts', 'db/migrate.ts'].includes(rel);
}

export function textNamesTable(text) {
  return NAMES_A_TABLE.test(text);
}

export const sqlPlacementRule = {
  meta: {
    type: 'problem',
    schema: [],
    docs: { description: 'Keeps SQL in repositories and migrations (decision 040).' },
  },
  create(context) {
    if (mayHoldSql(context.filename)) return {};
    const report = (node, what) =>
      context.report({
        node,
        message: `SQL outside a repository: ${what}; move it into the module's repository`,
      });
    return {
      CallExpression(node) {
        const callee = node.callee;
        if (callee.type !== 'MemberExpression' || callee.property.type !== 'Identifier') return;
        const name = callee.property.name;
        if (QUERY_BUILDERS.has(name)) report(node, `a query built with ${name}`);
        else if (RUNNERS.has(name)) report(node, `a query run with ${name}`);
        else if (name === 'execute' && node.arguments.length === 0)
          report(node, 'a query run with execute()');
      },
      TaggedTemplateExpression(node) {
        if (node.tag.type === 'Identifier' && node.tag.name === 'sql') report(node, 'a sql`…` statement');
      },
      Literal(node) {
        if (typeof node.value === 'string' && textNamesTable(node.value))
          report(node, `the table named in "${node.value}"`);
      },
      TemplateElement(node) {
        if (textNamesTable(node.value.cooked ?? '')) report(node, 'a table named in a template');
      },
    };
  },
};
