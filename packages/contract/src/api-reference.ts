import { z } from 'zod';
import type { Endpoint } from './endpoint.ts';
import { ERROR_CODES, HTTP_STATUS } from './error-codes.ts';

/**
 * Renders docs/api.md from the endpoint declarations, so the written reference can never drift from
 * the contract: a test compares the file with this output, and `npm run docs:api` rewrites it.
 */
function fieldsOf(schema: z.ZodType): string {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as {
    properties?: Record<string, { type?: string | string[]; pattern?: string; enum?: unknown[] }>;
    required?: string[];
  };
  const properties = Object.entries(json.properties ?? {});
  if (properties.length === 0) return '—';
  return properties
    .map(([name, property]) => {
      const type = property.enum ? property.enum.map(String).join(' \\| ') : String(property.type ?? 'any');
      const optional = json.required?.includes(name) ? '' : '?';
      return `\`${name}${optional}\` ${type}`;
    })
    .join('<br>');
}

export function renderApiReference(endpoints: readonly Endpoint[]): string {
  const lines = [
    '# API reference',
    '',
    'Generated from `packages/contract` by `npm run docs:api`; a test fails when this file is stale.',
    'The interactive OpenAPI version of the same schemas is served at `/api/docs`.',
    '',
    'Every call is `POST /api<path>` with a JSON body and answers `{ success, code, message, data }`.',
    '`message` is in the language of the `lang` header. `auth: user` calls send the session token in',
    '`Authorization`; an answer with `forceLogout: true` means the session has ended.',
    '',
    '| Path | Auth | Body | Summary |',
    '| --- | --- | --- | --- |',
  ];
  for (const endpoint of [...endpoints].sort((a, b) => a.path.localeCompare(b.path))) {
    lines.push(
      `| \`${endpoint.path}\` | ${endpoint.auth} | ${fieldsOf(endpoint.body)} | ${endpoint.summary.replace(/\|/g, '\\|')} |`,
    );
  }
  lines.push('', '## Error codes', '', '| Code | HTTP status |', '| --- | --- |');
  for (const code of ERROR_CODES) lines.push(`| \`${code}\` | ${HTTP_STATUS[code]} |`);
  lines.push('');
  return lines.join('\n');
}
