import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CACHE_TYPES,
  CONFIG_GROUPS,
  DEVICE_TYPES,
  TRADE_ORDER_DIRECTIONS,
  VC_TYPES,
  endpoints,
  type CacheType,
} from '@vela/contract';
import type { MessageKey } from '@vela/i18n';
import { LOCALE_NAMES } from '../../../src/modules/system/system-seed-content.ts';
import {
  getConfigValue,
  insertNotice,
  setConfigValue,
} from '../../../src/modules/system/system-repository.ts';
import {
  catalogue,
  createTestApp,
  expectFailure,
  expectLocalized,
  expectSuccess,
  LOCALE_CODES,
  type TestApp,
} from '../../helpers/test-app.ts';

const { system } = endpoints;

/** The configuration calls that do not depend on the market: configuration, notices, banners, languages. */
describe('system endpoints', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  async function cacheTimes(): Promise<Record<CacheType, number>> {
    const data = expectSuccess(await t.call(system.cacheRefreshList, {}));
    return Object.fromEntries(data.map((entry) => [entry.cacheType, entry.finishUpdateTime])) as Record<
      CacheType,
      number
    >;
  }

  describe('/sys-config/simple-list', () => {
    it('answers the dictionaries with labels in the caller’s language, for every language', async () => {
      for (const locale of LOCALE_CODES) {
        const data = expectSuccess(await t.call(system.sysConfigList, {}, { lang: locale }));
        const labels = await catalogue(locale);
        expect(data.dict.VcTypeEnum?.map((item) => item.value)).toEqual(VC_TYPES.map(String));
        expect(data.dict.TradeOrderDirectionEnum?.map((item) => item.value)).toEqual(
          TRADE_ORDER_DIRECTIONS.map(String),
        );
        for (const name of ['VcTypeEnum', 'TradeOrderDirectionEnum'] as const) {
          for (const item of data.dict[name] ?? []) {
            expect(item.label, `${locale} ${name}.${item.value}`).toBe(
              labels[`dict.${name}.${item.value}` as MessageKey],
            );
            expect(item.label.length).toBeGreaterThan(0);
          }
        }
      }
    });

    it('gives different labels in Korean and English (1 = buy long, 2 = sell short)', async () => {
      const english = expectSuccess(await t.call(system.sysConfigList, {}, { lang: 'en' }));
      const korean = expectSuccess(await t.call(system.sysConfigList, {}, { lang: 'kr' }));
      expect(english.dict.TradeOrderDirectionEnum).toEqual([
        { value: '1', label: 'Buy long' },
        { value: '2', label: 'Sell short' },
      ]);
      for (const [index, item] of (korean.dict.VcTypeEnum ?? []).entries()) {
        expect(item.label).not.toBe(english.dict.VcTypeEnum?.[index]?.label);
      }
    });

    it('lists configuration items of exactly the five groups', async () => {
      const data = expectSuccess(await t.call(system.sysConfigList, {}));
      const groups = new Set(data.list.map((item) => item.group));
      expect([...groups].sort()).toEqual([...CONFIG_GROUPS].sort());
      for (const item of data.list) {
        expect(typeof item.key).toBe('string');
        expect(typeof item.value).toBe('string');
      }
      expect(data.list).toContainEqual({ group: 'REGISTER', key: 'enabled', value: 'true' });
      expect(data.list).toContainEqual({ group: 'GLOBAL', key: 'amountMaxPrecision', value: '4' });
    });

    it('reflects a configuration change at once (the per-locale cache is invalidated)', async () => {
      // Warm the cache in two languages first.
      for (const lang of ['en', 'kr']) {
        const before = expectSuccess(await t.call(system.sysConfigList, {}, { lang }));
        expect(before.list).toContainEqual({
          group: 'PORTAL',
          key: 'customerOpenWithoutLogin',
          value: 'false',
        });
      }
      await setConfigValue(t.db, 'PORTAL', 'customerOpenWithoutLogin', 'true');
      await setConfigValue(t.db, 'GLOBAL', 'newFlag', 'on');
      for (const lang of ['en', 'kr']) {
        const after = expectSuccess(await t.call(system.sysConfigList, {}, { lang }));
        expect(after.list).toContainEqual({
          group: 'PORTAL',
          key: 'customerOpenWithoutLogin',
          value: 'true',
        });
        expect(after.list).toContainEqual({ group: 'GLOBAL', key: 'newFlag', value: 'on' });
      }
      await setConfigValue(t.db, 'PORTAL', 'customerOpenWithoutLogin', 'false');
      const restored = expectSuccess(await t.call(system.sysConfigList, {}, { lang: 'en' }));
      expect(restored.list).toContainEqual({
        group: 'PORTAL',
        key: 'customerOpenWithoutLogin',
        value: 'false',
      });
    });

    it('refuses a non-empty body', async () => {
      const result = await t.post('/sys-config/simple-list', { lang: 'en' }, { lang: 'ar' });
      expectFailure(result, 'VALIDATION_FAILED', { field: 'lang' });
      await expectLocalized(result.body.message, 'ar', 'validation.unknownField', { field: 'lang' });
    });
  });

  describe('/sys-cache-refresh/list', () => {
    it('has one entry per cache type, in the contract order', async () => {
      const data = expectSuccess(await t.call(system.cacheRefreshList, {}));
      expect(data.map((entry) => entry.cacheType)).toEqual([...CACHE_TYPES]);
      expect(data).toHaveLength(9);
      for (const entry of data) {
        expect(Number.isInteger(entry.finishUpdateTime)).toBe(true);
        expect(entry.finishUpdateTime).toBeGreaterThan(0);
      }
    });

    it('moves SYS_CONFIG forward on a configuration change, and only SYS_CONFIG', async () => {
      const before = await cacheTimes();
      await setConfigValue(t.db, 'GLOBAL', 'amountMaxPrecision', '4');
      const after = await cacheTimes();
      expect(after.SYS_CONFIG).toBeGreaterThan(before.SYS_CONFIG);
      for (const type of CACHE_TYPES.filter((c) => c !== 'SYS_CONFIG'))
        expect(after[type]).toBe(before[type]);
      // Two changes in quick succession still move it each time.
      await setConfigValue(t.db, 'GLOBAL', 'amountMaxPrecision', '4');
      expect((await cacheTimes()).SYS_CONFIG).toBeGreaterThan(after.SYS_CONFIG);
    });

    it('moves SYS_NOTICE forward when a notice is added', async () => {
      const before = await cacheTimes();
      await insertNotice(t.db, {
        languageCode: 'ja',
        title: 'Maintenance',
        content: 'Tonight',
        popup: false,
        createdAt: Date.now(),
      });
      const after = await cacheTimes();
      expect(after.SYS_NOTICE).toBeGreaterThan(before.SYS_NOTICE);
      expect(after.SYS_CONFIG).toBe(before.SYS_CONFIG);
    });
  });

  describe('/i18n-language/simple-list', () => {
    it('lists the 11 language codes with their own names', async () => {
      const data = expectSuccess(await t.call(system.languageList, {}, { lang: 'kr' }));
      expect(data.map((row) => row.code)).toEqual([...LOCALE_CODES]);
      for (const row of data) {
        expect(row.enabled).toBe(true);
        expect(row.localeName).toBe(LOCALE_NAMES[row.code as keyof typeof LOCALE_NAMES]);
        expect(row.localeName.length).toBeGreaterThan(0);
      }
      expect(data.find((row) => row.code === 'kr')?.localeName).toBe('한국어');
    });
  });

  describe('/sys-notice/list', () => {
    it('answers notices for every one of the 11 languages, newest first', async () => {
      for (const languageCode of LOCALE_CODES) {
        const data = expectSuccess(await t.call(system.noticeList, { languageCode }));
        expect(data.length, languageCode).toBeGreaterThan(0);
        for (const notice of data) {
          expect(notice.title.length).toBeGreaterThan(0);
          expect(notice.content.length).toBeGreaterThan(0);
          expect(Number.isInteger(notice.id)).toBe(true);
        }
        const times = data.map((notice) => notice.createdAt);
        expect(times).toEqual([...times].sort((a, b) => b - a));
      }
    });

    it('keeps notices per language: Korean titles differ from English ones', async () => {
      const english = expectSuccess(await t.call(system.noticeList, { languageCode: 'en' }));
      const korean = expectSuccess(await t.call(system.noticeList, { languageCode: 'kr' }));
      const englishTitles = new Set(english.map((n) => n.title));
      for (const notice of korean) expect(englishTitles.has(notice.title)).toBe(false);
      expect(english.filter((n) => n.popup)).toHaveLength(1);
    });

    it('shows a new notice first, only in its own language', async () => {
      const id = await insertNotice(t.db, {
        languageCode: 'pt',
        title: 'Nova funcionalidade',
        content: 'Conteúdo',
        popup: false,
        createdAt: Date.now() + 1_000,
      });
      const portuguese = expectSuccess(await t.call(system.noticeList, { languageCode: 'pt' }));
      expect(portuguese[0]).toMatchObject({ id, title: 'Nova funcionalidade', popup: false });
      const spanish = expectSuccess(await t.call(system.noticeList, { languageCode: 'es' }));
      expect(spanish.some((n) => n.id === id)).toBe(false);
    });

    it.each([
      ['missing', {}],
      ['unknown', { languageCode: 'xx' }],
      ['ISO Korean instead of the product code', { languageCode: 'ko' }],
      ['a number', { languageCode: 1 }],
    ])('refuses a %s languageCode with VALIDATION_FAILED naming the field', async (_case, body) => {
      const result = await t.post('/sys-notice/list', body, { lang: 'kr' });
      expectFailure(result, 'VALIDATION_FAILED', { field: 'languageCode' });
      const kr = await catalogue('kr');
      expect(result.body.message).toContain(kr['field.languageCode']);
    });
  });

  describe('/sys-notice/page', () => {
    it('pages through the notices of a language', async () => {
      const all = expectSuccess(await t.call(system.noticeList, { languageCode: 'en' }));
      const first = expectSuccess(
        await t.call(system.noticePage, { languageCode: 'en', pageNum: 1, pageSize: 2 }),
      );
      expect(first).toMatchObject({ pageNum: 1, pageSize: 2, total: all.length });
      expect(all.length).toBeGreaterThan(2);
      expect(first.list).toHaveLength(2);
      expect(first.hasMore).toBe(true);

      const seen: number[] = [];
      const lastPage = Math.ceil(all.length / 2);
      for (let pageNum = 1; pageNum <= lastPage; pageNum += 1) {
        const page = expectSuccess(
          await t.call(system.noticePage, { languageCode: 'en', pageNum, pageSize: 2 }),
        );
        expect(page.total).toBe(all.length);
        expect(page.hasMore).toBe(pageNum < lastPage);
        seen.push(...page.list.map((n) => n.id));
      }
      expect(seen).toEqual(all.map((n) => n.id));

      const beyond = expectSuccess(
        await t.call(system.noticePage, { languageCode: 'en', pageNum: lastPage + 1, pageSize: 2 }),
      );
      expect(beyond).toMatchObject({ list: [], total: all.length, hasMore: false });
    });

    it('defaults to page 1 of 20', async () => {
      const data = expectSuccess(await t.call(system.noticePage, { languageCode: 'kr' }));
      expect(data).toMatchObject({ pageNum: 1, pageSize: 20, hasMore: false });
      expect(data.list.length).toBe(data.total);
      expect(data.total).toBeGreaterThan(0);
    });

    it.each([0, 101, 1.5, 'x', -1, null])('refuses pageSize %j with VALIDATION_FAILED', async (pageSize) => {
      const result = await t.post(
        '/sys-notice/page',
        { languageCode: 'en', pageNum: 1, pageSize },
        { lang: 'kr' },
      );
      expectFailure(result, 'VALIDATION_FAILED', { field: 'pageSize' });
      const kr = await catalogue('kr');
      expect(result.body.message).toContain(kr['field.pageSize']);
      expect(result.body.message).toContain(kr['validation.pageSize']);
    });

    it.each([0, 2.5, '1'])('refuses pageNum %j with VALIDATION_FAILED', async (pageNum) => {
      const result = await t.post(
        '/sys-notice/page',
        { languageCode: 'en', pageNum, pageSize: 10 },
        { lang: 'ar' },
      );
      expectFailure(result, 'VALIDATION_FAILED', { field: 'pageNum' });
      const ar = await catalogue('ar');
      expect(result.body.message).toContain(ar['field.pageNum']);
    });
  });

  describe('/sys-banner/list', () => {
    it('answers banners for every language and device type', async () => {
      const english = expectSuccess(
        await t.call(system.bannerList, { languageCode: 'en', deviceType: 'H5' }),
      );
      for (const languageCode of LOCALE_CODES) {
        for (const deviceType of DEVICE_TYPES) {
          const data = expectSuccess(await t.call(system.bannerList, { languageCode, deviceType }));
          expect(data.length, `${languageCode}/${deviceType}`).toBeGreaterThan(0);
          for (const banner of data) {
            expect(banner.img).toBe(banner.image);
            expect(banner.image.length).toBeGreaterThan(0);
            expect(banner.fallbackImg.length).toBeGreaterThan(0);
            expect(banner.url.length).toBeGreaterThan(0);
            expect(banner.title.length).toBeGreaterThan(0);
          }
          if (languageCode !== 'en') {
            expect(data.map((b) => b.title)).not.toEqual(english.map((b) => b.title));
          }
        }
      }
    });

    it.each([
      [
        'an unknown deviceType',
        { languageCode: 'en', deviceType: 'WATCH' },
        'deviceType',
        'field.deviceType',
      ],
      ['a lower-case deviceType', { languageCode: 'en', deviceType: 'h5' }, 'deviceType', 'field.deviceType'],
      ['a missing deviceType', { languageCode: 'en' }, 'deviceType', 'field.deviceType'],
      [
        'an unknown languageCode',
        { languageCode: 'klingon', deviceType: 'H5' },
        'languageCode',
        'field.languageCode',
      ],
    ] as const)('refuses %s with VALIDATION_FAILED', async (_case, body, field, labelKey) => {
      const result = await t.post('/sys-banner/list', body, { lang: 'kr' });
      expectFailure(result, 'VALIDATION_FAILED', { field });
      expect(result.body.message).toContain((await catalogue('kr'))[labelKey]);
      expect(result.body.message).not.toContain((await catalogue('en'))[labelKey]);
    });
  });

  it('keeps configuration values the tests changed through the repository readable', async () => {
    expect(await getConfigValue(t.db, 'GLOBAL', 'newFlag')).toBe('on');
  });
});
