import { describe, expect, it } from 'vitest';
import { FALLBACK_LOCALE } from '@vela/i18n';
import { defaultLocaleForHost } from '../../src/stores/host-locale.ts';

describe('defaultLocaleForHost', () => {
  it('falls back to Korean', () => {
    expect(FALLBACK_LOCALE).toBe('kr');
    for (const host of ['localhost', '127.0.0.1', 'example.org', 'vela.com', 'star.example.com', '']) {
      expect(defaultLocaleForHost(host), host).toBe('kr');
    }
  });

  it.each([
    ['tw.vela.com', 'zh-TW'],
    ['m.hk.vela.com', 'zh-TW'],
    ['vela.com.tw', 'zh-TW'],
    ['vela.hk', 'zh-TW'],
    ['en.vela.com', 'en'],
    ['global.vela.com', 'en'],
    ['www-en.vela.com', 'en'],
    ['vela.co.uk', 'en'],
    ['vela.com.au', 'en'],
    ['ar.vela.com', 'ar'],
    ['vela.ae', 'ar'],
    ['vela.sa', 'ar'],
    ['pt.vela.com', 'pt'],
    ['br.vela.com', 'pt'],
    ['vela.com.br', 'pt'],
    ['vela.pt', 'pt'],
    ['kr.vela.com', 'kr'],
    ['vela.co.kr', 'kr'],
  ])('%s -> %s', (host, locale) => {
    expect(defaultLocaleForHost(host)).toBe(locale);
  });

  it('ignores the case of the host name', () => {
    expect(defaultLocaleForHost('EN.Vela.COM')).toBe('en');
    expect(defaultLocaleForHost('Vela.Com.BR')).toBe('pt');
  });

  it('only matches whole labels', () => {
    // "star." ends in "ar." and "crypt." in "pt." but neither is the label "ar" or "pt".
    expect(defaultLocaleForHost('star.vela.com')).toBe('kr');
    expect(defaultLocaleForHost('crypt.vela.com')).toBe('kr');
    expect(defaultLocaleForHost('often.vela.com')).toBe('kr');
  });
});
