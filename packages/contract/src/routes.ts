// Generated from the endpoint declarations by `npm run contract:routes`; do not edit by hand.
// Only paths and auth modes live here, the schemas stay types, so clients that call through
// these routes never load zod.
import type * as system from './system.ts';
import type * as user from './user.ts';
import type * as market from './market.ts';
import { route } from './route.ts';

export const routes = {
  system: {
    bannerList: route<typeof system.bannerList>('/sys-banner/list', 'none'),
    cacheRefreshList: route<typeof system.cacheRefreshList>('/sys-cache-refresh/list', 'none'),
    languageList: route<typeof system.languageList>('/i18n-language/simple-list', 'none'),
    noticeList: route<typeof system.noticeList>('/sys-notice/list', 'none'),
    noticePage: route<typeof system.noticePage>('/sys-notice/page', 'none'),
    ping: route<typeof system.ping>('/sys/ping', 'none'),
    sysConfigList: route<typeof system.sysConfigList>('/sys-config/simple-list', 'none'),
  },
  user: {
    bindFundPwd: route<typeof user.bindFundPwd>('/user/bind-fund-pwd', 'user'),
    bindGoogle: route<typeof user.bindGoogle>('/user/bind-google', 'user'),
    bindGoogleGet: route<typeof user.bindGoogleGet>('/user/bind-google-get', 'user'),
    editFundPwd: route<typeof user.editFundPwd>('/user/edit-fund-pwd', 'user'),
    editLoginPwd: route<typeof user.editLoginPwd>('/user/edit-login-pwd', 'user'),
    getLoginInfo: route<typeof user.getLoginInfo>('/user/get-login-info', 'user'),
    hasBoundGoogle: route<typeof user.hasBoundGoogle>('/user/has-bound-google', 'user'),
    login: route<typeof user.login>('/user/login', 'none'),
    logout: route<typeof user.logout>('/user/logout', 'user'),
    register: route<typeof user.register>('/user/register', 'none'),
    registerEmailCode: route<typeof user.registerEmailCode>('/user/register/email/code', 'none'),
    reloadInviteCode: route<typeof user.reloadInviteCode>('/user/reload-invite-code', 'user'),
  },
  market: {
    chartSettingsGet: route<typeof market.chartSettingsGet>('/user/chart-settings/get', 'user'),
    chartSettingsSave: route<typeof market.chartSettingsSave>('/user/chart-settings/save', 'user'),
    favourAdd: route<typeof market.favourAdd>('/user/favor-vc/add', 'user'),
    favourDelete: route<typeof market.favourDelete>('/user/favor-vc/delete', 'user'),
    favourList: route<typeof market.favourList>('/user/favor-vc/list', 'user'),
    marketDetail: route<typeof market.marketDetail>('/vc/market/detail', 'none'),
    marketDetailKline: route<typeof market.marketDetailKline>('/vc/market/detail-kline', 'none'),
    marketKline: route<typeof market.marketKline>('/vc/market/kline', 'none'),
    marketList: route<typeof market.marketList>('/vc/market/list', 'none'),
    timingConfigList: route<typeof market.timingConfigList>('/portal/vc-timing-trade-config/list', 'none'),
    vcList: route<typeof market.vcList>('/portal/vc/list', 'none'),
  },
} as const;
