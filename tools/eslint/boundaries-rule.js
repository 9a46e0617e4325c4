import path from 'node:path';

/**
 * Import boundaries, checked on every import:
 * - no app imports another app, and packages never import apps;
 * - packages point one way: domain imports none of ours; i18n imports none of ours; contract may
 *   import domain and i18n; client (the HTTP client of the web app and the console) may import
 *   contract;
 * - in the web app and in the operators' console, a feature never imports another feature, and
 *   nothing imports `app/` except `app/` itself; the shared layers (lib, components, stores, system,
 *   config, styles) never import features. Only `app/` (and the entry point beside it) composes
 *   features.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const APPS = ['web', 'admin', 'server'];
const PACKAGE_DEPS = { domain: [], i18n: [], contract: ['domain', 'i18n'], client: ['contract'] };
/** The apps laid out in layers: src/app, src/features/<name> and the shared layers. */
const LAYERED_APPS = ['web', 'admin'];

function zoneOf(file) {
  const rel = path.relative(ROOT, file).split(path.sep);
  if (rel[0] === 'apps' && rel[1]) return { kind: 'app', name: rel[1], rest: rel.slice(2) };
  if (rel[0] === 'packages' && rel[1]) return { kind: 'package', name: rel[1], rest: rel.slice(2) };
  return { kind: 'other', name: rel[0] ?? '', rest: rel.slice(1) };
}

function layerOf(zone) {
  if (zone.kind !== 'app' || !LAYERED_APPS.includes(zone.name) || zone.rest[0] !== 'src') return null;
  const [, area, feature] = zone.rest;
  // Files directly in src/ (main.tsx) are the entry point and compose like src/app.
  if (area && /\.[jt]sx?$/.test(area)) return { app: zone.name, area: 'app', feature: undefined };
  return { app: zone.name, area, feature: area === 'features' ? feature : undefined };
}

function problem(fromFile, source) {
  const from = zoneOf(fromFile);
  const workspace = /^@vela\/([\w-]+)/.exec(source)?.[1];
  if (workspace) {
    if (APPS.includes(workspace)) return `imports the app @vela/${workspace}; apps are never imported`;
    if (from.kind === 'package') {
      const allowed = PACKAGE_DEPS[from.name] ?? [];
      if (!allowed.includes(workspace)) return `@vela/${from.name} may not import @vela/${workspace}`;
    }
    return null;
  }
  if (!source.startsWith('.')) return null;
  const to = zoneOf(path.resolve(path.dirname(fromFile), source));
  // Benchmarks measure the server from the inside, so bench/ may import it by path.
  const benchIntoServer =
    from.kind === 'other' && from.name === 'bench' && to.kind === 'app' && to.name === 'server';
  if (to.kind === 'app' && !benchIntoServer && (from.kind !== 'app' || from.name !== to.name)) {
    return `reaches into apps/${to.name}; import through a package instead`;
  }
  if (to.kind === 'package' && (from.kind !== 'package' || from.name !== to.name)) {
    return `reaches into packages/${to.name} by path; import @vela/${to.name}`;
  }
  const a = layerOf(from);
  const b = layerOf(to);
  if (a && b && a.app === b.app) {
    if (b.area === 'app' && a.area !== 'app') return 'imports from src/app; only the app composes features';
    if (b.area === 'features' && a.area === 'features' && a.feature !== b.feature) {
      return `feature "${a.feature}" imports feature "${b.feature}"; move shared code to lib, components or system`;
    }
    if (b.area === 'features' && a.area !== 'features' && a.area !== 'app') {
      return `shared layer src/${a.area} imports a feature`;
    }
  }
  return null;
}

export const boundariesRule = {
  meta: {
    type: 'problem',
    schema: [],
    docs: { description: 'Keeps imports between apps, packages and web features pointing one way.' },
  },
  create(context) {
    return importVisitor(context, problem, 'Boundary');
  },
};

/**
 * The visitor of an import rule: every import, re-export and dynamic import of a literal path is
 * asked of `problemOf(file, source)`, and a problem is reported with the rule's `label`.
 */
export function importVisitor(context, problemOf, label) {
  const check = (node) => {
    if (!node.source || typeof node.source.value !== 'string') return;
    const message = problemOf(context.filename, node.source.value);
    if (message) context.report({ node: node.source, message: `${label}: ${message}` });
  };
  return {
    ImportDeclaration: check,
    ExportNamedDeclaration: check,
    ExportAllDeclaration: check,
    ImportExpression(node) {
      if (node.source.type === 'Literal') check({ source: node.source });
    },
  };
}

export { problem as boundaryProblem };
