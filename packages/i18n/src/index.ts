import type { Catalogue } from './catalogues/en.ts';
import type { LocaleCode } from './locales.ts';

export * from './locales.ts';
export * from './first-locale.ts';
export * from './translate.ts';
export { en } from './catalogues/en.ts';
export type { Catalogue, MessageKey } from './catalogues/en.ts';

/**
 * Catalogues load on demand so that the web app ships only the language in use; each `import()`
 * becomes its own chunk. The server loads all of them once at start.
 */
const loaders: Record<LocaleCode, () => Promise<Catalogue>> = {
  'zh-CN': () => import('./catalogues/zh-CN.ts').then((m) => m.catalogue),
  en: () => import('./catalogues/en.ts').then((m) => m.en),
  'zh-TW': () => import('./catalogues/zh-TW.ts').then((m) => m.catalogue),
  id: () => import('./catalogues/id.ts').then((m) => m.catalogue),
  ms: () => import('./catalogues/ms.ts').then((m) => m.catalogue),
  es: () => import('./catalogues/es.ts').then((m) => m.catalogue),
  tr: () => import('./catalogues/tr.ts').then((m) => m.catalogue),
  ja: () => import('./catalogues/ja.ts').then((m) => m.catalogue),
  kr: () => import('./catalogues/kr.ts').then((m) => m.catalogue),
  ar: () => import('./catalogues/ar.ts').then((m) => m.catalogue),
  pt: () => import('./catalogues/pt.ts').then((m) => m.catalogue),
};

export function loadCatalogue(code: LocaleCode): Promise<Catalogue> {
  return loaders[code]();
}
