import type { MessageKey } from '@vela/i18n';

/**
 * Every route with its metadata: whether it is a tab page, whether the shared header
 * shows, and the title key. The router, the header, the tab bar and the guard all read this one table.
 */
export interface RouteMeta {
  path: string;
  titleKey: MessageKey;
  /** Tab pages show the tab bar and no back control. */
  tab: boolean;
  /** Whether the shared header (back control and title) shows. */
  header: boolean;
  /** Reachable without logging in. */
  public: boolean;
}

const page = (path: string, titleKey: MessageKey, extra: Partial<RouteMeta> = {}): RouteMeta => ({
  path,
  titleKey,
  tab: false,
  header: true,
  public: false,
  ...extra,
});

export const PATHS = {
  root: '/',
  home: '/home',
  currency: '/currency',
  trade: '/trade',
  fund: '/fund',
  finance: '/finance',
  userCenter: '/user-center',
  editLoginPassword: '/edit-login-password',
  login: '/login',
  register: '/register',
  auth: '/auth',
} as const;

export const ROUTES: RouteMeta[] = [
  // Tab pages. Home is open to visitors; the market list, the trade chart and the finance products
  // are public too, as on every exchange, while order panels and purchases ask to log in.
  page('/home', 'route.home', { tab: true, header: false, public: true }),
  page('/currency', 'route.currency', { tab: true, header: false, public: true }),
  page('/trade', 'route.trade', { tab: true, header: false, public: true }),
  page('/fund', 'route.fund', { tab: true, header: false }),
  page('/finance', 'route.finance', { tab: true, header: false, public: true }),
  page('/user-center', 'route.userCenter', { tab: true, header: false, public: true }),
  // Other pages under the root.
  page('/all-finance', 'route.allFinance', { public: true }),
  page('/buy-finance', 'route.buyFinance'),
  page('/finance-orders', 'route.financeOrders'),
  page('/finance-order-bills', 'route.financeOrderBills'),
  page('/contract-trade', 'route.contractTrade'),
  page('/user-bills', 'route.userBills'),
  page('/settings', 'route.settings'),
  page('/edit-login-password', 'route.editLoginPassword'),
  page('/bind-fund-password', 'route.bindFundPassword'),
  page('/bind-google-validator', 'route.bindGoogleValidator'),
  page('/edit-fund-password', 'route.editFundPassword'),
  page('/receive-ways', 'route.receiveWays'),
  page('/zsk-account', 'route.zskAccount'),
  page('/add-zsk-account', 'route.addZskAccount'),
  page('/add-bank-card', 'route.addBankCard'),
  page('/wallet-address', 'route.walletAddress'),
  page('/add-wallet-address', 'route.addWalletAddress'),
  page('/help', 'route.help'),
  page('/help-detail/:helpIndex', 'route.helpDetail'),
  page('/share', 'route.share'),
  page('/recharge', 'route.recharge'),
  page('/withdraw', 'route.withdraw'),
  page('/recharge-order', 'route.rechargeOrder'),
  page('/withdraw-order', 'route.withdrawOrder'),
  page('/timing-trade-order', 'route.timingTradeOrder'),
  page('/spot-holding', 'route.spotHolding'),
  page('/contract-trade-order', 'route.contractTradeOrder'),
  page('/my-team', 'route.myTeam'),
  page('/team-timing', 'route.teamTiming'),
  page('/rebates', 'route.rebates'),
  page('/add-user', 'route.addUser'),
  page('/user-report', 'route.userReport'),
  page('/user-report-day', 'route.userReportDay'),
  page('/team-report', 'route.teamReport'),
  page('/team-report-day', 'route.teamReportDay'),
  page('/add-to-home', 'route.addToHome'),
  page('/my-message', 'route.myMessage'),
  // Real-name verification has no path of its own in the route list; it gets one so that gating prompts
  // and links can lead there (decision 014).
  page('/real-name', 'route.realName'),
  // Outside the root layout.
  page('/login', 'route.login', { header: false, public: true }),
  page('/register', 'route.register', { header: false, public: true }),
];

/** The redirect whitelist. */
export const WHITELIST: readonly string[] = [PATHS.login, PATHS.register];

export const TAB_ROUTES = ROUTES.filter((r) => r.tab);

function matches(pattern: string, pathname: string): boolean {
  const a = pattern.split('/');
  const b = pathname.replace(/\/+$/, '').split('/');
  return a.length === b.length && a.every((part, i) => part.startsWith(':') || part === b[i]);
}

export function findRoute(pathname: string): RouteMeta | undefined {
  return ROUTES.find((route) => matches(route.path, pathname === '' ? '/' : pathname));
}

/** The title of the page at `path`, for whatever names that page (a menu entry, a link). */
export function titleKeyOf(path: string): MessageKey {
  const route = findRoute(path);
  if (!route) throw new Error(`No route for ${path}`);
  return route.titleKey;
}
