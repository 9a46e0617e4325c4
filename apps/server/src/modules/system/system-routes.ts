import type { Kysely } from 'kysely';
import { endpoints, type ConfigItem, type DataOf } from '@vela/contract';
import { CONFIG_GROUPS, type ConfigGroup } from '@vela/contract';
import type { LocaleCode, MessageKey } from '@vela/i18n';
import type { Database } from '../../db/schema.ts';
import type { RouteTable } from '../../http/contract-routes.ts';
import type { Messages } from '../../http/messages.ts';
import { cacheVersion, listCacheVersions, VersionedAnswer } from './cache-versions.ts';
import {
  countNotices,
  listBanners,
  listConfig,
  listDictionaryItems,
  listLanguages,
  listNotices,
} from './system-repository.ts';

const { system } = endpoints;

type ConfigAnswer = DataOf<typeof system.sysConfigList>;

/** Dictionaries (labels in the caller's language) and configuration items, built from the database. */
async function buildConfigAnswer(
  db: Kysely<Database>,
  messages: Messages,
  locale: LocaleCode,
): Promise<ConfigAnswer> {
  const [items, dictItems] = await Promise.all([listConfig(db), listDictionaryItems(db)]);
  const dict: ConfigAnswer['dict'] = {};
  for (const item of dictItems) {
    const key = `dict.${item.dict_name}.${item.item_value}`;
    const label = messages.has(key) ? messages.t(locale, key as MessageKey) : item.item_value;
    (dict[item.dict_name] ??= []).push({ value: item.item_value, label });
  }
  const list: ConfigItem[] = items
    .filter((item) => (CONFIG_GROUPS as readonly string[]).includes(item.config_group))
    .map((item) => ({
      group: item.config_group as ConfigGroup,
      key: item.config_key,
      value: item.config_value,
    }));
  return { dict, list };
}

export function addSystemRoutes(table: RouteTable, deps: { db: Kysely<Database>; messages: Messages }): void {
  const { db } = deps;
  // The configuration answer is the same for every caller of a language until SYS_CONFIG changes, so
  // it is built once per locale and version and then served from memory.
  const configAnswers = new Map<LocaleCode, VersionedAnswer<ConfigAnswer>>();
  const configFor = (locale: LocaleCode) => {
    let answer = configAnswers.get(locale);
    if (!answer) {
      answer = new VersionedAnswer(
        async () => String(await cacheVersion(db, 'SYS_CONFIG')),
        () => buildConfigAnswer(db, deps.messages, locale),
      );
      configAnswers.set(locale, answer);
    }
    return answer.get();
  };

  table
    .add(system.sysConfigList, (_body, ctx) => configFor(ctx.locale))
    .add(system.cacheRefreshList, () => listCacheVersions(db))
    .add(system.languageList, async () =>
      (await listLanguages(db)).map((row) => ({
        code: row.code,
        enabled: row.enabled === 1,
        localeName: row.locale_name,
      })),
    )
    .add(system.noticeList, async (body) => (await listNotices(db, body.languageCode, 50, 0)).map(toNotice))
    .add(system.noticePage, async (body) => {
      const offset = (body.pageNum - 1) * body.pageSize;
      const [rows, total] = await Promise.all([
        listNotices(db, body.languageCode, body.pageSize, offset),
        countNotices(db, body.languageCode),
      ]);
      return {
        list: rows.map(toNotice),
        total,
        pageNum: body.pageNum,
        pageSize: body.pageSize,
        hasMore: offset + rows.length < total,
      };
    })
    .add(system.bannerList, async (body) =>
      (await listBanners(db, body.languageCode, body.deviceType)).map((row) => ({
        id: row.id,
        title: row.title,
        img: row.image,
        image: row.image,
        fallbackImg: row.fallback_img,
        url: row.url,
      })),
    )
    .add(system.ping, async () => ({ serverTime: Date.now() }));
}

function toNotice(row: Awaited<ReturnType<typeof listNotices>>[number]) {
  return {
    id: row.id,
    title: row.title,
    content: row.content,
    popup: row.popup === 1,
    createdAt: row.created_at,
  };
}
