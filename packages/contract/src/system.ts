import { z } from 'zod';
import { emptyBody, endpoint } from './endpoint.ts';
import { localeField, msg, pageNumField, pageOf, pageSizeField } from './fields.ts';
import { CACHE_TYPES, CONFIG_GROUPS, DEVICE_TYPES } from './enums.ts';

/**
 * Calls that are not about prices: dictionaries and settings, cache versions, languages, notices,
 * banners and the ping that measures a server line.
 */

export const dictionaryItemSchema = z.object({ value: z.string(), label: z.string() });

export const configItemSchema = z.object({
  group: z.enum(CONFIG_GROUPS),
  key: z.string(),
  value: z.string(),
});
export type ConfigItem = z.infer<typeof configItemSchema>;

export const sysConfigList = endpoint({
  path: '/sys-config/simple-list',
  auth: 'none',
  tag: 'system',
  summary:
    "Dictionaries (`data.dict`, labels in the caller's language) and configuration items (`data.list`) of the groups REGISTER, PORTAL, WITHDRAW, RECHARGE and GLOBAL. Cached per locale.",
  body: emptyBody,
  data: z.object({
    dict: z.record(z.string(), z.array(dictionaryItemSchema)),
    list: z.array(configItemSchema),
  }),
});

export const cacheVersionSchema = z.object({
  cacheType: z.enum(CACHE_TYPES),
  finishUpdateTime: z
    .number()
    .int()
    .describe('Milliseconds since the epoch of the last change to that data.'),
});

export const cacheRefreshList = endpoint({
  path: '/sys-cache-refresh/list',
  auth: 'none',
  tag: 'system',
  summary: 'One entry per cache type with the time its data last changed; clients refetch what moved.',
  body: emptyBody,
  data: z.array(cacheVersionSchema),
});

export const languageSchema = z.object({ code: z.string(), enabled: z.boolean(), localeName: z.string() });
export type Language = z.infer<typeof languageSchema>;

export const languageList = endpoint({
  path: '/i18n-language/simple-list',
  auth: 'none',
  tag: 'system',
  summary: 'The languages the product offers, with their enabled flag and their own name.',
  body: emptyBody,
  data: z.array(languageSchema),
});

export const noticeSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string(),
  popup: z.boolean().describe('Shown once as the system notice dialog.'),
  createdAt: z.number().int(),
});
export type Notice = z.infer<typeof noticeSchema>;

export const noticeList = endpoint({
  path: '/sys-notice/list',
  auth: 'none',
  tag: 'system',
  summary: 'Current notices in one language, newest first.',
  body: z.object({ languageCode: localeField }).strict(),
  data: z.array(noticeSchema),
});

export const noticePage = endpoint({
  path: '/sys-notice/page',
  auth: 'none',
  tag: 'system',
  summary: 'Notices in one language, a page at a time, newest first.',
  body: z.object({ languageCode: localeField, pageNum: pageNumField, pageSize: pageSizeField }).strict(),
  data: pageOf(noticeSchema),
});

export const bannerSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  img: z.string(),
  image: z.string(),
  fallbackImg: z.string(),
  url: z.string(),
});
export type Banner = z.infer<typeof bannerSchema>;

export const bannerList = endpoint({
  path: '/sys-banner/list',
  auth: 'none',
  tag: 'system',
  summary: 'Home carousel banners for a device type and language.',
  body: z
    .object({ deviceType: z.enum(DEVICE_TYPES, msg('validation.deviceType')), languageCode: localeField })
    .strict(),
  data: z.array(bannerSchema),
});

export const ping = endpoint({
  path: '/sys/ping',
  auth: 'none',
  tag: 'system',
  summary: 'Answers at once; used to measure the latency of a server line.',
  body: emptyBody,
  data: z.object({ serverTime: z.number().int() }),
});
