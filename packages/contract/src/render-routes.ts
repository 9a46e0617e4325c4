import type { Endpoint } from './endpoint.ts';

/**
 * Renders `routes.ts`, the zod-free `{ path, auth }` descriptors of every endpoint, from the
 * declarations. A test compares the file with this output; `npm run contract:routes` rewrites it.
 */
export function renderRoutes(modules: Record<string, Record<string, unknown>>): string {
  // A module without endpoints yet has nothing to import.
  const names = Object.keys(modules).filter((name) => Object.values(modules[name] ?? {}).some(isEndpoint));
  const lines = [
    '// Generated from the endpoint declarations by `npm run contract:routes`; do not edit by hand.',
    '// Only paths and auth modes live here, the schemas stay types, so clients that call through',
    '// these routes never load zod.',
    ...names.map((name) => `import type * as ${name} from './${name}.ts';`),
    "import { route } from './route.ts';",
    '',
    'export const routes = {',
  ];
  for (const name of names) {
    lines.push(`  ${name}: {`);
    // Sorted: a module namespace lists its exports in a different order under Node and under Vitest.
    const entries = Object.entries(modules[name] ?? {}).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    for (const [key, value] of entries) {
      if (!isEndpoint(value)) continue;
      lines.push(`    ${key}: route<typeof ${name}.${key}>('${value.path}', '${value.auth}'),`);
    }
    lines.push('  },');
  }
  lines.push('} as const;', '');
  return lines.join('\n');
}

function isEndpoint(value: unknown): value is Endpoint {
  return typeof value === 'object' && value !== null && 'path' in value && 'auth' in value && 'body' in value;
}
