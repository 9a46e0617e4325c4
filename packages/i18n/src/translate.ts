import type { Catalogue, MessageKey } from './catalogues/en.ts';

export type MessageParams = Record<string, string | number>;

/**
 * Fills `{{name}}` placeholders, the same syntax i18next uses in the web app, so that one catalogue
 * serves both the server's messages and the screens.
 */
export function interpolate(template: string, params?: MessageParams): string {
  if (!params) return template;
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}

export function translate(catalogue: Catalogue, key: MessageKey, params?: MessageParams): string {
  return interpolate(catalogue[key], params);
}
