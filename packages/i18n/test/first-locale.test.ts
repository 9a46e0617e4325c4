import { describe, expect, it } from 'vitest';
import { defaultLocale, FALLBACK_LOCALE, localeForDevice, localeForHost } from '../src/index.ts';

describe('localeForHost', () => {
  it('names no language for a host outside the brand map', () => {
    for (const host of ['localhost', '127.0.0.1', 'example.org', 'vela.com', 'star.example.com', '']) {
      expect(localeForHost(host), host).toBeUndefined();
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
    expect(localeForHost(host)).toBe(locale);
  });

  it('ignores the case of the host name', () => {
    expect(localeForHost('EN.Vela.COM')).toBe('en');
    expect(localeForHost('Vela.Com.BR')).toBe('pt');
  });

  it('only matches whole labels', () => {
    // "star." ends in "ar." and "crypt." in "pt." but neither is the label "ar" or "pt".
    expect(localeForHost('star.vela.com')).toBeUndefined();
    expect(localeForHost('crypt.vela.com')).toBeUndefined();
    expect(localeForHost('often.vela.com')).toBeUndefined();
  });
});

describe('localeForDevice', () => {
  it.each([
    [['en-US', 'en'], 'en'],
    [['zh-Hant'], 'zh-TW'],
    [['zh-TW'], 'zh-TW'],
    [['zh-HK', 'en'], 'zh-TW'],
    [['zh-CN'], 'zh-CN'],
    [['pt-BR'], 'pt'],
    [['ko'], 'kr'],
    [['ko-KR', 'en-US'], 'kr'],
    [['ar-SA'], 'ar'],
  ])('%j -> %s', (languages, locale) => {
    expect(localeForDevice(languages)).toBe(locale);
  });

  it('takes the first language of the device that the product offers', () => {
    expect(localeForDevice(['fr-FR', 'de', 'ja-JP', 'en'])).toBe('ja');
  });

  it('names none when the device speaks none of the eleven', () => {
    expect(localeForDevice(['fr-FR', 'de-DE'])).toBeUndefined();
    expect(localeForDevice([])).toBeUndefined();
  });
});

describe('defaultLocale', () => {
  it("puts the host's market language before the device's", () => {
    expect(defaultLocale('kr.vela.com', ['en-US'])).toBe('kr');
    expect(defaultLocale('ar.vela.com', ['ja-JP'])).toBe('ar');
  });

  it("takes the device's language on a host outside the brand map", () => {
    expect(defaultLocale('vela.com', ['en-US'])).toBe('en');
    expect(defaultLocale('localhost', ['fr-FR', 'pt-BR'])).toBe('pt');
  });

  it('falls back to Korean when neither the host nor the device names one of the eleven', () => {
    expect(FALLBACK_LOCALE).toBe('kr');
    expect(defaultLocale('vela.com', ['fr-FR'])).toBe('kr');
    expect(defaultLocale('', [])).toBe('kr');
  });
});
