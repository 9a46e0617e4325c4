import { describe, expect, it } from 'vitest';
import {
  en,
  LOCALE_CODES,
  loadCatalogue,
  localeFromHeader,
  localeOfTag,
  htmlLang,
  isRightToLeft,
  interpolate,
} from '../src/index.ts';

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe('catalogues', () => {
  it('exist for the eleven languages the product offers', () => {
    expect([...LOCALE_CODES]).toEqual([
      'zh-CN',
      'en',
      'zh-TW',
      'id',
      'ms',
      'es',
      'tr',
      'ja',
      'kr',
      'ar',
      'pt',
    ]);
  });

  it.each(LOCALE_CODES)(
    '%s has every key, no extra key, no empty text and the same placeholders',
    async (code) => {
      const catalogue = await loadCatalogue(code);
      const missing = Object.keys(en).filter((key) => !(key in catalogue));
      const extra = Object.keys(catalogue).filter((key) => !(key in en));
      expect(missing).toEqual([]);
      expect(extra).toEqual([]);
      for (const [key, text] of Object.entries(catalogue)) {
        expect(text.trim(), `${code} ${key}`).not.toBe('');
        expect(placeholders(text), `${code} ${key}`).toEqual(placeholders(en[key as keyof typeof en]));
      }
    },
  );

  it('are really translated, not copies of English', async () => {
    for (const code of LOCALE_CODES.filter((c) => c !== 'en')) {
      const catalogue = await loadCatalogue(code);
      expect(catalogue['auth.login'], code).not.toBe(en['auth.login']);
    }
  });
});

describe('locale helpers', () => {
  it('reads the lang header and Accept-Language', () => {
    expect(localeFromHeader('kr')).toBe('kr');
    expect(localeFromHeader('zh-TW')).toBe('zh-TW');
    expect(localeFromHeader('ko-KR,ko;q=0.9')).toBe('kr');
    expect(localeFromHeader('zh-HK')).toBe('zh-TW');
    expect(localeFromHeader('zh')).toBe('zh-CN');
    expect(localeFromHeader('pt-BR')).toBe('pt');
    expect(localeFromHeader('xx')).toBe('en');
    expect(localeFromHeader(undefined)).toBe('en');
  });

  it.each([
    ['en-US', 'en'],
    ['EN', 'en'],
    ['zh-Hant', 'zh-TW'],
    ['zh-Hant-TW', 'zh-TW'],
    ['zh-TW', 'zh-TW'],
    ['zh-hk', 'zh-TW'],
    ['zh-MO', 'zh-TW'],
    ['zh-Hans-HK', 'zh-CN'],
    ['zh-CN', 'zh-CN'],
    ['zh_SG', 'zh-CN'],
    ['pt-BR', 'pt'],
    ['pt-PT', 'pt'],
    ['ko', 'kr'],
    ['ko-KR', 'kr'],
    ['kr', 'kr'],
    ['ar-EG', 'ar'],
    ['ms-MY', 'ms'],
    ['id-ID', 'id'],
    ['es-419', 'es'],
    ['ja-JP', 'ja'],
    ['tr-TR', 'tr'],
  ])('reads the language tag %s as %s', (tag, code) => {
    expect(localeOfTag(tag)).toBe(code);
  });

  it('answers no product code for a language the product does not offer', () => {
    for (const tag of ['fr-FR', 'de', 'ru', 'x', '', 'english'])
      expect(localeOfTag(tag), tag).toBeUndefined();
  });

  it('maps product codes to document languages and directions', () => {
    expect(htmlLang('kr')).toBe('ko');
    expect(isRightToLeft('ar')).toBe(true);
    expect(isRightToLeft('en')).toBe(false);
  });

  it('fills placeholders and leaves unknown ones visible', () => {
    expect(interpolate('Min {{min}}, Max {{ max }}', { min: 1, max: '2' })).toBe('Min 1, Max 2');
    expect(interpolate('{{a}} {{b}}', { a: 'x' })).toBe('x {{b}}');
  });
});
