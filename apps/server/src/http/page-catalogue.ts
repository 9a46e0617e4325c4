import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { defaultLocale, FALLBACK_LOCALE, isLocaleCode, type LocaleCode } from '@vela/i18n';

/**
 * The web app's pages name the brand's default catalogue among the files to preload (the build
 * writes it into each HTML file, and lists every catalogue's file in catalogues.json). A first visit
 * opens in the language its host and its Accept-Language header give (@vela/i18n's `defaultLocale`,
 * the rule the app itself follows), so the page sent names that language's catalogue instead: it
 * then downloads with the page rather than after the app has started, and the default one is not
 * downloaded for nothing. A returning user whose saved choice differs fetches theirs as before.
 */
export type Encoding = 'br' | 'gzip' | 'identity';

export interface PageCatalogues {
  /** The page's bytes naming the visitor's catalogue, or undefined when the file as built is right. */
  page(
    file: string,
    request: { hostname: string; language?: string | undefined },
    encoding: Encoding,
  ): Buffer | undefined;
}

/** The language tags of an Accept-Language header, in the order the browser lists them. */
export function languageTags(header: string | undefined): string[] {
  return (header ?? '')
    .split(',')
    .map((part) => part.split(';')[0]?.trim() ?? '')
    .filter(Boolean);
}

function readCatalogueFiles(dir: string): Map<LocaleCode, string> {
  const file = path.join(dir, 'catalogues.json');
  if (!fs.existsSync(file)) return new Map();
  const listed = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string>;
  return new Map(
    Object.entries(listed).filter((entry): entry is [LocaleCode, string] => isLocaleCode(entry[0])),
  );
}

function encode(html: string, encoding: Encoding): Buffer {
  if (encoding === 'br') return brotliCompressSync(html);
  if (encoding === 'gzip') return gzipSync(html);
  return Buffer.from(html);
}

export function pageCatalogues(dir: string): PageCatalogues {
  const files = readCatalogueFiles(dir);
  const builtIn = files.get(FALLBACK_LOCALE);
  // At most two pages, eleven languages and three encodings: every variant is kept once made.
  const made = new Map<string, Buffer>();
  return {
    page(file, request, encoding) {
      const locale = defaultLocale(request.hostname, languageTags(request.language));
      const wanted = files.get(locale);
      if (!builtIn || !wanted || locale === FALLBACK_LOCALE) return undefined;
      const key = `${file}|${locale}|${encoding}`;
      let bytes = made.get(key);
      if (!bytes) {
        const html = fs.readFileSync(path.join(dir, file), 'utf8');
        if (!html.includes(`"${builtIn}"`)) return undefined;
        bytes = encode(html.replace(`"${builtIn}"`, `"${wanted}"`), encoding);
        made.set(key, bytes);
      }
      return bytes;
    },
  };
}
