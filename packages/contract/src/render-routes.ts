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
    // A module's file is its name in kebab case: `contractTrade` is `contract-trade.ts`.
    ...names.map((name) => `import type * as ${name} from './${kebab(name)}.ts';`),
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
      lines.push(...routeLines(`${key}: route<typeof ${name}.${key}>`, value));
    }
    lines.push('  },');
  }
  lines.push('} as const;', '');
  return lines.join('\n');
}

function isEndpoint(value: unknown): value is Endpoint {
  return typeof value === 'object' && value !== null && 'path' in value && 'auth' in value && 'body' in value;
}

/** The project's line width (.prettierrc): a longer entry is wrapped as the formatter wraps it. */
const WIDTH = 110;

function routeLines(head: string, endpoint: Endpoint): string[] {
  const line = `    ${head}('${endpoint.path}', '${endpoint.auth}'),`;
  if (line.length <= WIDTH) return [line];
  return [`    ${head}(`, `      '${endpoint.path}',`, `      '${endpoint.auth}',`, '    ),'];
}

function kebab(name: string): string {
  return name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
}
