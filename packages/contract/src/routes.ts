// Generated from the endpoint declarations by `npm run contract:routes`; do not edit by hand.
// Only paths and auth modes live here, the schemas stay types, so clients that call through
// these routes never load zod.
import type * as system from './system.ts';
import type * as user from './user.ts';
import type * as market from './market.ts';
import type * as wallet from './wallet.ts';
import type * as payment from './payment.ts';
import type * as funding from './funding.ts';
import type * as admin from './admin.ts';
import type * as timing from './timing.ts';
import type * as spot from './spot.ts';
import type * as contractTrade from './contract-trade.ts';
import type * as finance from './finance.ts';
import type * as team from './team.ts';
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
    editNickname: route<typeof user.editNickname>('/user/edit-nickname', 'user'),
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
    feedCommitments: route<typeof market.feedCommitments>('/vc/market/feed-commitments', 'none'),
    marketDetail: route<typeof market.marketDetail>('/vc/market/detail', 'none'),
    marketDetailKline: route<typeof market.marketDetailKline>('/vc/market/detail-kline', 'none'),
    marketKline: route<typeof market.marketKline>('/vc/market/kline', 'none'),
    marketList: route<typeof market.marketList>('/vc/market/list', 'none'),
    marketTicks: route<typeof market.marketTicks>('/vc/market/ticks', 'none'),
    timingConfigList: route<typeof market.timingConfigList>('/portal/vc-timing-trade-config/list', 'none'),
    vcList: route<typeof market.vcList>('/portal/vc/list', 'none'),
  },
  wallet: {
    walletBills: route<typeof wallet.walletBills>('/wallet/bills', 'user'),
    walletOverview: route<typeof wallet.walletOverview>('/wallet/overview', 'user'),
    walletTransfer: route<typeof wallet.walletTransfer>('/wallet/transfer', 'user'),
  },
  payment: {
    adminMethodList: route<typeof payment.adminMethodList>('/admin/payment-method/list', 'operator'),
    adminMethodRemove: route<typeof payment.adminMethodRemove>('/admin/payment-method/remove', 'operator'),
    adminMethodUpdate: route<typeof payment.adminMethodUpdate>('/admin/payment-method/update', 'operator'),
    adminRealNameApprove: route<typeof payment.adminRealNameApprove>('/admin/real-name/approve', 'operator'),
    adminRealNameImage: route<typeof payment.adminRealNameImage>('/admin/real-name/image', 'operator'),
    adminRealNameList: route<typeof payment.adminRealNameList>('/admin/real-name/list', 'operator'),
    adminRealNameReject: route<typeof payment.adminRealNameReject>('/admin/real-name/reject', 'operator'),
    bankCardAdd: route<typeof payment.bankCardAdd>('/user/bank-card/add', 'user'),
    bankCardList: route<typeof payment.bankCardList>('/user/bank-card/list', 'user'),
    bankList: route<typeof payment.bankList>('/bank/list', 'none'),
    chainList: route<typeof payment.chainList>('/portal/vc-chain/list', 'none'),
    realNameGet: route<typeof payment.realNameGet>('/user/real-name/get', 'user'),
    realNameSubmit: route<typeof payment.realNameSubmit>('/user/real-name/submit', 'user'),
    uploadGet: route<typeof payment.uploadGet>('/upload/get', 'user'),
    uploadImage: route<typeof payment.uploadImage>('/upload/image', 'user'),
    walletAddressAdd: route<typeof payment.walletAddressAdd>('/user/wallet-address/add', 'user'),
    walletAddressList: route<typeof payment.walletAddressList>('/user/wallet-address/list', 'user'),
    zskAccountAdd: route<typeof payment.zskAccountAdd>('/user/zsk-account/add', 'user'),
    zskAccountList: route<typeof payment.zskAccountList>('/user/zsk-account/list', 'user'),
  },
  funding: {
    adminBalanceAdjust: route<typeof funding.adminBalanceAdjust>('/admin/balance/adjust', 'operator'),
    adminRechargeApprove: route<typeof funding.adminRechargeApprove>('/admin/recharge/approve', 'operator'),
    adminRechargeList: route<typeof funding.adminRechargeList>('/admin/recharge/list', 'operator'),
    adminRechargeReject: route<typeof funding.adminRechargeReject>('/admin/recharge/reject', 'operator'),
    adminRechargeVoucher: route<typeof funding.adminRechargeVoucher>('/admin/recharge/voucher', 'operator'),
    adminWithdrawApprove: route<typeof funding.adminWithdrawApprove>('/admin/withdraw/approve', 'operator'),
    adminWithdrawList: route<typeof funding.adminWithdrawList>('/admin/withdraw/list', 'operator'),
    adminWithdrawReject: route<typeof funding.adminWithdrawReject>('/admin/withdraw/reject', 'operator'),
    rechargeChannels: route<typeof funding.rechargeChannels>('/recharge/channel/list', 'user'),
    rechargeOrders: route<typeof funding.rechargeOrders>('/recharge/order/list', 'user'),
    rechargeRequest: route<typeof funding.rechargeRequest>('/recharge/request', 'user'),
    rechargeVoucher: route<typeof funding.rechargeVoucher>('/recharge/voucher', 'user'),
    withdrawCancel: route<typeof funding.withdrawCancel>('/withdraw/cancel', 'user'),
    withdrawChannels: route<typeof funding.withdrawChannels>('/withdraw/channel/list', 'user'),
    withdrawOrders: route<typeof funding.withdrawOrders>('/withdraw/order/list', 'user'),
    withdrawRequest: route<typeof funding.withdrawRequest>('/withdraw/request', 'user'),
  },
  admin: {
    adminUserDetail: route<typeof admin.adminUserDetail>('/admin/users/detail', 'operator'),
    adminUserSearch: route<typeof admin.adminUserSearch>('/admin/users/search', 'operator'),
    auditPage: route<typeof admin.auditPage>('/admin/audit/page', 'operator'),
    operatorCreate: route<typeof admin.operatorCreate>('/admin/operators/create', 'operator'),
    operatorDisable: route<typeof admin.operatorDisable>('/admin/operators/disable', 'operator'),
    operatorEnable: route<typeof admin.operatorEnable>('/admin/operators/enable', 'operator'),
    operatorList: route<typeof admin.operatorList>('/admin/operators/list', 'operator'),
    operatorLogin: route<typeof admin.operatorLogin>('/admin/login', 'none'),
    operatorLogout: route<typeof admin.operatorLogout>('/admin/logout', 'operator'),
    operatorMe: route<typeof admin.operatorMe>('/admin/me', 'operator'),
    operatorResetTotp: route<typeof admin.operatorResetTotp>('/admin/operators/reset-totp', 'operator'),
  },
  timing: {
    timingOrderDetail: route<typeof timing.timingOrderDetail>('/user/vc-timing-trade/detail', 'user'),
    timingOrderList: route<typeof timing.timingOrderList>('/user/vc-timing-trade/list', 'user'),
    timingOrderRequest: route<typeof timing.timingOrderRequest>('/user/vc-timing-trade/request', 'user'),
  },
  spot: {
    adminSpotOrders: route<typeof spot.adminSpotOrders>('/admin/spot/orders', 'operator'),
    adminSpotTermsList: route<typeof spot.adminSpotTermsList>('/admin/spot/terms/list', 'operator'),
    adminSpotTermsSave: route<typeof spot.adminSpotTermsSave>('/admin/spot/terms/save', 'operator'),
    spotHoldingList: route<typeof spot.spotHoldingList>('/user/vc-spot-holding/list', 'user'),
    spotOrderCancel: route<typeof spot.spotOrderCancel>('/user/vc-spot-trade/cancel', 'user'),
    spotOrderDetail: route<typeof spot.spotOrderDetail>('/user/vc-spot-trade/detail', 'user'),
    spotOrderList: route<typeof spot.spotOrderList>('/user/vc-spot-trade/list', 'user'),
    spotOrderRequest: route<typeof spot.spotOrderRequest>('/user/vc-spot-trade/request', 'user'),
    spotTermsList: route<typeof spot.spotTermsList>('/portal/vc-spot-trade-config/list', 'none'),
  },
  contractTrade: {
    adminContractForced: route<typeof contractTrade.adminContractForced>(
      '/admin/contract/forced',
      'operator',
    ),
    adminContractLevelsSave: route<typeof contractTrade.adminContractLevelsSave>(
      '/admin/contract/levels/save',
      'operator',
    ),
    adminContractRisk: route<typeof contractTrade.adminContractRisk>('/admin/contract/risk', 'operator'),
    adminContractTermsList: route<typeof contractTrade.adminContractTermsList>(
      '/admin/contract/terms/list',
      'operator',
    ),
    adminContractTermsSave: route<typeof contractTrade.adminContractTermsSave>(
      '/admin/contract/terms/save',
      'operator',
    ),
    contractAccount: route<typeof contractTrade.contractAccount>('/user/vc-contract-position/list', 'user'),
    contractClose: route<typeof contractTrade.contractClose>('/user/vc-contract-trade/close', 'user'),
    contractCloseList: route<typeof contractTrade.contractCloseList>('/user/vc-contract-close/list', 'user'),
    contractOrderCancel: route<typeof contractTrade.contractOrderCancel>(
      '/user/vc-contract-trade/cancel',
      'user',
    ),
    contractOrderDetail: route<typeof contractTrade.contractOrderDetail>(
      '/user/vc-contract-trade/detail',
      'user',
    ),
    contractOrderList: route<typeof contractTrade.contractOrderList>('/user/vc-contract-trade/list', 'user'),
    contractOrderRequest: route<typeof contractTrade.contractOrderRequest>(
      '/user/vc-contract-trade/request',
      'user',
    ),
    contractTargets: route<typeof contractTrade.contractTargets>(
      '/user/vc-contract-position/targets',
      'user',
    ),
    contractTermsList: route<typeof contractTrade.contractTermsList>(
      '/portal/vc-contract-trade-config/list',
      'none',
    ),
  },
  finance: {
    adminFinanceOrders: route<typeof finance.adminFinanceOrders>('/admin/finance/orders', 'operator'),
    adminFinanceProductSave: route<typeof finance.adminFinanceProductSave>(
      '/admin/finance/products/save',
      'operator',
    ),
    adminFinanceProducts: route<typeof finance.adminFinanceProducts>(
      '/admin/finance/products/list',
      'operator',
    ),
    adminFinanceSettlements: route<typeof finance.adminFinanceSettlements>(
      '/admin/finance/settlements',
      'operator',
    ),
    financeBuy: route<typeof finance.financeBuy>('/user/finance-order/buy', 'user'),
    financeOrderDetail: route<typeof finance.financeOrderDetail>('/user/finance-order/detail', 'user'),
    financeOrderList: route<typeof finance.financeOrderList>('/user/finance-order/list', 'user'),
    financeOverview: route<typeof finance.financeOverview>('/user/finance-order/overview', 'user'),
    financeProductDetail: route<typeof finance.financeProductDetail>(
      '/portal/finance-product/detail',
      'none',
    ),
    financeProductList: route<typeof finance.financeProductList>('/portal/finance-product/list', 'none'),
    financeRedeem: route<typeof finance.financeRedeem>('/user/finance-order/redeem', 'user'),
  },
  team: {
    addUser: route<typeof team.addUser>('/user/add', 'user'),
    addUserOptions: route<typeof team.addUserOptions>('/user/portal-user-add-point-percent-list', 'user'),
    adminReportDays: route<typeof team.adminReportDays>('/admin/report/day', 'operator'),
    adminTeamMemberSave: route<typeof team.adminTeamMemberSave>('/admin/team/member/save', 'operator'),
    adminTeamMove: route<typeof team.adminTeamMove>('/admin/team/move', 'operator'),
    adminTeamTree: route<typeof team.adminTeamTree>('/admin/team/tree', 'operator'),
    rebateList: route<typeof team.rebateList>('/user/rebate/list', 'user'),
    report: route<typeof team.report>('/user/report', 'user'),
    reportDays: route<typeof team.reportDays>('/user/report/day', 'user'),
    teamMemberDetail: route<typeof team.teamMemberDetail>('/user/team-member/detail', 'user'),
    teamPage: route<typeof team.teamPage>('/user/team-page', 'user'),
    teamTimingOrders: route<typeof team.teamTimingOrders>('/user/team-timing/list', 'user'),
  },
} as const;
