import path from 'node:path';
import { importVisitor } from './boundaries-rule.js';

/**
 * The server's import boundaries (decision 039). Each folder of `apps/server/src/modules/` may
 * import only the modules listed for it below, so the modules form layers without cycles: the
 * feed records prices, the market and the live channel show them, the engines (timing, funding,
 * wallet) move money through the ledger, and storage is the plumbing under all of them. The
 * composition root (the files directly in `src/`: app, engines, server, seed, books, cli) wires
 * the modules and may import any of them; the shared folders (db, http, lib) import none, except
 * that the HTTP edge reads the platform's settings from `system`.
 */
export const SERVER_MODULES = {
  storage: [],
  system: [],
  mail: [],
  feed: [],
  ledger: ['storage', 'system'],
  market: ['feed', 'system'],
  users: ['mail', 'system'],
  operators: ['users'],
  payment: ['operators', 'system', 'users', 'market'],
  wallet: ['ledger', 'market', 'storage', 'system'],
  team: ['ledger', 'market', 'operators', 'storage', 'system', 'users'],
  timing: ['ledger', 'market', 'storage', 'system', 'team'],
  spot: ['ledger', 'market', 'operators', 'storage', 'system', 'wallet'],
  contract: ['ledger', 'market', 'operators', 'spot', 'storage', 'system', 'team'],
  funding: ['ledger', 'market', 'operators', 'payment', 'storage', 'system', 'users', 'wallet'],
  finance: ['ledger', 'market', 'operators', 'storage', 'system'],
  live: ['contract', 'funding', 'ledger', 'market', 'spot', 'timing', 'users', 'wallet'],
};

/** The shared folders of `src/` and the modules each may import. */
const SHARED_FOLDERS = { db: [], http: ['system'], lib: [] };

const SERVER_SRC = path.resolve(import.meta.dirname, '../../apps/server/src');

/** Where a file sits in the server: a module, a shared folder, the root, or outside the server. */
function placeOf(file) {
  const rel = path.relative(SERVER_SRC, file);
  if (rel.startsWith('..') || path.isAbsolute(rel)) return null;
  const parts = rel.split(path.sep);
  if (parts.length === 1) return { kind: 'root' };
  if (parts[0] === 'modules') return { kind: 'module', name: parts[1] };
  return { kind: 'shared', name: parts[0] };
}

export function serverBoundaryProblem(fromFile, source) {
  if (!source.startsWith('.')) return null;
  const from = placeOf(fromFile);
  const to = placeOf(path.resolve(path.dirname(fromFile), source));
  if (!from || !to || from.kind === 'root' || to.kind !== 'module') return null;
  if (from.kind === 'module') {
    if (from.name === to.name) return null;
    const allowed = SERVER_MODULES[from.name];
    if (!allowed) return `module "${from.name}" is not in the server's module list`;
    if (!allowed.includes(to.name)) return `module "${from.name}" may not import module "${to.name}"`;
    return null;
  }
  const allowed = SHARED_FOLDERS[from.name];
  if (!allowed) return `folder src/${from.name} is not in the server's folder list`;
  if (!allowed.includes(to.name)) return `shared folder src/${from.name} may not import module "${to.name}"`;
  return null;
}

export const serverBoundariesRule = {
  meta: {
    type: 'problem',
    schema: [],
    docs: { description: "Keeps the server's modules in their layers (decision 039)." },
  },
  create(context) {
    return importVisitor(context, serverBoundaryProblem, 'Server boundary');
  },
};
