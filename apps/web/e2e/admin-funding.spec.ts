import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { parseDecimal, preHashPassword } from '@vela/domain';
import {
  OPERATORS,
  TRC20_ADDRESS,
  idempotencyKey,
  ok,
  operatorSession,
  post,
  signIn,
  walletCurrency,
  type Member,
} from './api.ts';
import { ARTIFACTS, collectConsoleErrors, totpAt } from './support.ts';

/**
 * The console's money queues at /admin: a user submits a deposit with a voucher and a withdrawal
 * through the API; the seeded finance operator signs in with TOTP, looks at the voucher, approves
 * the deposit with a corrected amount and rejects the withdrawal; the audit log lists both and the
 * user's balance agrees. A second test captures the screens (desktop and phone, light and dark),
 * pays a withdrawal out, and shows what an operator sees when another one reviewed an order first.
 *
 * The user is the seeded agent: a withdrawal needs approved real-name verification, which the
 * seeded agent has, and this spec is about the money queues, not the identity review.
 */
const FINANCE = OPERATORS.finance;
const AGENT = { username: 'agent01', password: 'Agent@2024', fundPassword: 'Fund@2024' };
const USDT_SCALE = 6;

// The console is a desktop tool; the screenshots also look at it on a phone.
test.use({ viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false, deviceScaleFactor: 1 });

/** The agent's session, kept for the later tests of this file while the server still accepts it. */
let agentSession: Member | null = null;

/**
 * Signs the agent in through the API, or answers the session an earlier test of this file opened:
 * once a test has bound the agent's authenticator, each sign-in spends one of its codes, and a third
 * code within a minute means waiting for the next 30-second step.
 */
async function signInAgent(request: APIRequestContext): Promise<Member> {
  const known = agentSession;
  if (known && (await post(request, '/user/has-bound-google', {}, { authorization: known.token })).success)
    return known;
  agentSession = await newAgentSession(request);
  return agentSession;
}

/** A new session of the agent; once a test of this file has bound its authenticator, with a code from it. */
async function newAgentSession(request: APIRequestContext): Promise<Member> {
  const secret = agentGoogleSecret;
  if (!secret) return signIn(request, AGENT.username, AGENT.password);
  const session = await ok(
    post<{ token: string; user: { id: number } }>(request, '/user/login', {
      username: AGENT.username,
      password: preHashPassword(AGENT.password),
      googleCode: await freshCode(secret),
      deviceId: 'e2e',
      deviceType: 'H5',
    }),
  );
  return { username: AGENT.username, userId: session.user.id, token: session.token };
}

/** The last 30-second step whose code this file has sent: a code is accepted once. */
let lastCodeStep = 0;

/**
 * A code of the agent's authenticator that has not been sent yet: this step's, or the next one's
 * (inside the ±30 s tolerance), waiting for the next step to begin when both have been used. A
 * replayed code would count as a failed attempt, and five of them would lock the checks.
 */
async function freshCode(secret: string): Promise<string> {
  const STEP_MS = 30_000;
  const current = Math.floor(Date.now() / STEP_MS);
  const step = Math.max(current, lastCodeStep + 1);
  if (step > current + 1)
    await new Promise((resolve) => setTimeout(resolve, (step - 1) * STEP_MS - Date.now() + 200));
  lastCodeStep = step;
  return totpAt(secret, step * STEP_MS + 1_000 - Date.now());
}

/** The member's USDT: available in the spot account and held (pending withdrawals), in minor units. */
async function usdt(request: APIRequestContext, member: Member): Promise<{ spot: bigint; frozen: bigint }> {
  const currency = await walletCurrency(request, member.token, 'USDT');
  return { spot: minor(currency.spot), frozen: minor(currency.frozen) };
}

function minor(amount: string): bigint {
  const parsed = parseDecimal(amount, USDT_SCALE);
  if (!parsed.ok) throw new Error(`not an amount: ${amount}`);
  return parsed.minor;
}

/** A payment receipt as a PNG, drawn by the browser: a real image for the voucher upload. */
async function receiptPng(page: Page, reference: string, amount: string): Promise<Buffer> {
  await page.setContent(`
    <div id="receipt" style="width:360px;padding:24px;font:16px sans-serif;background:#fff;color:#222;
      border:1px solid #ccc">
      <h2 style="margin:0 0 12px">Transfer receipt</h2>
      <p>Amount: <b>${amount} USDT</b> (TRC20)</p>
      <p>To: TVjsyZ7fYF3qLF6BQgPmTEZy1xrNNyVAAA</p>
      <p>Reference: ${reference}</p>
    </div>`);
  return page.locator('#receipt').screenshot({ type: 'png' });
}

/**
 * A deposit on the USDT TRC20 channel with its voucher and the hash of the transaction that paid it,
 * submitted the way the /recharge form does.
 */
async function submitDeposit(request: APIRequestContext, member: Member, voucher: Buffer, amount: string) {
  const auth = { authorization: member.token };
  const upload = await ok(
    post<{ id: number }>(
      request,
      '/upload/image',
      { purpose: 'voucher', data: voucher.toString('base64'), fileName: 'receipt.png' },
      auth,
    ),
  );
  const channels = await ok(
    post<{ id: number; method: string; symbol: string; chainName: string | null }[]>(
      request,
      '/recharge/channel/list',
      {},
      auth,
    ),
  );
  const channel = channels.find(
    (c) => c.method === 'chain' && c.symbol === 'USDT' && c.chainName === 'TRC20',
  );
  if (!channel) throw new Error('no USDT TRC20 deposit channel');
  return ok(
    post<{ id: number; txHash: string }>(
      request,
      '/recharge/request',
      {
        channelId: channel.id,
        amount,
        txHash: randomBytes(32).toString('hex'),
        voucherUploadId: upload.id,
      },
      { ...auth, 'idempotency-key': idempotencyKey() },
    ),
  );
}

/**
 * The agent's Google authenticator, bound here the first time: withdrawals need one (WITHDRAW
 * requireGoogleCode, on by default). The database is the run's own, so the secret bound by the
 * first test of this file is the one the later ones find.
 */
let agentGoogleSecret: string | null = null;

async function agentAuthenticator(request: APIRequestContext, member: Member): Promise<string> {
  const auth = { authorization: member.token };
  const { bound } = await ok(post<{ bound: boolean }>(request, '/user/has-bound-google', {}, auth));
  if (bound) {
    if (!agentGoogleSecret) throw new Error('agent01 has an authenticator this file did not bind');
    return agentGoogleSecret;
  }
  const { secret } = await ok(post<{ secret: string }>(request, '/user/bind-google-get', {}, auth));
  await ok(
    post(
      request,
      '/user/bind-google',
      { password: preHashPassword(AGENT.password), code: await freshCode(secret) },
      auth,
    ),
  );
  agentGoogleSecret = secret;
  return secret;
}

/** A withdrawal to the member's TRC20 address (bound here the first time), with a Google code. */
async function submitWithdrawal(request: APIRequestContext, member: Member, amount: string) {
  const auth = { authorization: member.token };
  const fundPwd = preHashPassword(AGENT.fundPassword);
  const chains = await ok(
    post<{ id: number; vcId: number; symbol: string; chainName: string }[]>(
      request,
      '/portal/vc-chain/list',
      {},
    ),
  );
  const chain = chains.find((c) => c.symbol === 'USDT' && c.chainName === 'TRC20');
  if (!chain) throw new Error('no USDT TRC20 chain');
  const addresses = await ok(
    post<{ id: number; vcChainNameId: number; vcAccount: string }[]>(
      request,
      '/user/wallet-address/list',
      {},
      auth,
    ),
  );
  let address = addresses.find((a) => a.vcChainNameId === chain.id && a.vcAccount === TRC20_ADDRESS);
  address ??= await ok(
    post<{ id: number; vcChainNameId: number; vcAccount: string }>(
      request,
      '/user/wallet-address/add',
      { vcId: chain.vcId, vcChainNameId: chain.id, vcAccount: TRC20_ADDRESS, fundPwd },
      auth,
    ),
  );
  const channels = await ok(
    post<{ id: number; method: string; symbol: string; chainName: string | null }[]>(
      request,
      '/withdraw/channel/list',
      {},
      auth,
    ),
  );
  const channel = channels.find(
    (c) => c.method === 'chain' && c.symbol === 'USDT' && c.chainName === 'TRC20',
  );
  if (!channel) throw new Error('no USDT TRC20 withdrawal channel');
  const secret = await agentAuthenticator(request, member);
  const googleCode = await freshCode(secret);
  return ok(
    post<{ id: number }>(
      request,
      '/withdraw/request',
      { channelId: channel.id, amount, target: 'wallet', targetId: address.id, fundPwd, googleCode },
      { ...auth, 'idempotency-key': idempotencyKey() },
    ),
  );
}

async function signInConsole(page: Page, code: string) {
  await page.getByLabel('Username').fill(FINANCE.username);
  await page.getByLabel('Password').fill(FINANCE.password);
  await page.getByLabel('Authenticator code').fill(code);
  await page.getByTestId('login-submit').click();
}

const financeSession = (request: APIRequestContext) => operatorSession(request, FINANCE);

async function shot(page: Page, name: string) {
  await page.waitForLoadState('networkidle');
  // Modals fade in and messages fade out; the picture shows the screen settled.
  await expect(page.locator('.ant-message-notice')).toHaveCount(0, { timeout: 10_000 });
  await page.waitForTimeout(600);
  await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`) });
}

/**
 * Refusals the tests cause on purpose (a used sign-in code answers 401, an order already reviewed
 * 409) are logged by the browser as failed resources; nothing else may appear.
 */
function unexpected(errors: string[]): string[] {
  return errors.filter(
    (error) => !/Failed to load resource: the server responded with a status of 40[139]/.test(error),
  );
}

const menu = (page: Page) => page.getByTestId('console-menu');
const depositRow = (page: Page, id: number) =>
  page.locator(`[data-testid="deposit-table"] tr[data-row-key="${id}"]`);
const withdrawalRow = (page: Page, id: number) =>
  page.locator(`[data-testid="withdrawal-table"] tr[data-row-key="${id}"]`);

test('finance reviews a deposit against its voucher and rejects a withdrawal; the audit log and the balance agree', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const errors = collectConsoleErrors(page);
  const member = await signInAgent(request);
  const before = await usdt(request, member);
  const deposit = await submitDeposit(request, member, await receiptPng(page, 'TX-E2E-1', '150'), '150');

  await page.goto('/admin/');
  await signInConsole(page, await totpAt(FINANCE.totpSecret));
  await expect(page).toHaveURL(/\/admin\/users$/);
  // Finance sees the money queues and not the administrators' pages.
  await expect(menu(page).getByText('Deposits', { exact: true })).toBeVisible();
  await expect(menu(page).getByText('Balance adjustments')).toHaveCount(0);

  // The pending queue shows the deposit with its figures.
  await menu(page).getByText('Deposits', { exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/deposits$/);
  const row = depositRow(page, deposit.id);
  await expect(row).toContainText('agent01');
  await expect(row).toContainText('On-chain');
  await expect(row).toContainText('150.00 USDT');
  // A crypto deposit shows its network and the transaction hash the operator looks up on the chain.
  await expect(row.getByTestId('deposit-network')).toHaveText('TRC20');
  await expect(row.getByTestId('deposit-tx-hash')).toContainText(deposit.txHash);
  await expect(row).toContainText('Pending');

  // The voucher, beside the figures; antd's preview zooms and rotates it.
  await row.getByTestId('deposit-voucher').click();
  const viewer = page.getByRole('dialog', { name: `Deposit #${deposit.id} from agent01` });
  const image = viewer.getByRole('img', { name: `Voucher of deposit #${deposit.id}` });
  await expect(image).toBeVisible();
  expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(100);
  await expect(viewer.getByTestId('voucher-network')).toHaveText('TRC20');
  await expect(viewer.getByTestId('voucher-tx-hash')).toContainText(deposit.txHash);
  // The image's hover mask takes the click and opens the preview.
  await viewer.getByText('Zoom and rotate').click();
  const preview = page.locator('.ant-image-preview-operations');
  await expect(preview).toBeVisible();
  await preview.locator('.anticon-rotate-right').click();
  await expect(page.locator('.ant-image-preview-img')).toHaveAttribute('style', /rotate\(90deg\)/);
  await page.locator('.ant-image-preview-close').click();
  await expect(preview).toBeHidden();

  // Approve from the viewer: the quote is prefilled; the money arrived 0.5 short, so less is credited,
  // which needs a reason and stays within the configured 1 % of the quote.
  await viewer.getByRole('button', { name: 'Approve' }).click();
  const approve = page.getByRole('dialog', { name: `Approve deposit #${deposit.id}` });
  const amount = approve.getByLabel('Amount to credit');
  await expect(amount).toHaveValue('150');
  await expect(approve.getByTestId('credit-bound')).toContainText(
    'Within 1% of the quote a reason is enough',
  );
  await expect(approve.getByLabel('Reason')).toHaveCount(0);
  // Typed amounts follow the platform's amount rule (GLOBAL amountMaxPrecision: 4 decimals).
  await amount.fill('150.1234567');
  await approve.getByRole('button', { name: 'Approve…' }).click();
  await expect(approve.getByText('A positive amount with at most 4 decimals, such as 100.5')).toBeVisible();
  await amount.fill('149.5');
  await approve.getByRole('button', { name: 'Approve…' }).click();
  await expect(approve.getByText('Give a reason of at least 5 characters')).toBeVisible();
  await approve.getByLabel('Reason').fill('Arrived 0.5 USDT short');
  await expect(approve.getByText('Give a reason of at least 5 characters')).toBeHidden();
  await approve.getByRole('button', { name: 'Approve…' }).click();
  const confirm = page.locator('.ant-modal-confirm', { hasText: 'Credit 149.50 USDT to agent01?' });
  await expect(confirm).toContainText('This differs from the quoted 150.00 USDT.');
  await confirm.getByRole('button', { name: 'Credit' }).click();
  await expect(
    page.getByText(`Deposit #${deposit.id} approved: 149.50 USDT credited to agent01`),
  ).toBeVisible();
  await expect(viewer).toBeHidden();
  await expect(row).toHaveCount(0);

  // The reviewed deposit under "Approved", with what was credited.
  await page.getByTestId('queue-status').getByText('Approved', { exact: true }).click();
  await expect(depositRow(page, deposit.id)).toContainText('Credited 149.50 USDT');

  // The user asks for 100 USDT to their TRC20 address; it is held at once.
  const withdrawal = await submitWithdrawal(request, member, '100');
  const held = await usdt(request, member);
  expect(held.spot).toBe(before.spot + minor('149.5') - minor('100'));
  expect(held.frozen).toBe(before.frozen + minor('100'));

  await menu(page).getByText('Withdrawals', { exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/withdrawals$/);
  const pending = withdrawalRow(page, withdrawal.id);
  await expect(pending).toContainText('100.00 USDT');
  await expect(pending).toContainText('fee 0.10');
  await expect(pending).toContainText('99.90 USDT');
  // The destination in full, each field with its copy button.
  const destination = pending.getByTestId('withdrawal-destination');
  await expect(destination).toContainText('Wallet address');
  await expect(destination).toContainText(TRC20_ADDRESS);
  await expect(destination).toContainText('TRC20');
  await expect(destination.locator('.ant-typography-copy')).toHaveCount(2);

  // Rejecting says that the amount goes back, and asks for the reason the user will read.
  await pending.getByTestId('withdrawal-reject').click();
  const reject = page.getByRole('dialog', { name: `Reject withdrawal #${withdrawal.id}` });
  await expect(reject).toContainText('100.00 USDT returns to the spot account of agent01');
  await reject.getByLabel('Reason').fill('The address failed the compliance screening');
  await reject.getByRole('button', { name: 'Reject and return' }).click();
  await expect(reject).toBeHidden();
  await expect(pending).toHaveCount(0);

  // The audit log, newest first: the rejection with its reason, then the approval with its amount.
  await menu(page).getByText('Audit log').click();
  const rows = page.getByTestId('audit-table').locator('.ant-table-tbody tr.ant-table-row');
  await expect(rows.nth(0)).toContainText('Withdrawal rejected');
  await expect(rows.nth(0)).toContainText(`Withdrawal #${withdrawal.id}`);
  await expect(rows.nth(0)).toContainText('The address failed the compliance screening');
  await expect(rows.nth(0)).toContainText('finance');
  await expect(rows.nth(1)).toContainText('Deposit approved');
  await expect(rows.nth(1)).toContainText(`Deposit #${deposit.id}`);
  // The quote and what was credited side by side, with the reason.
  await expect(rows.nth(1)).toContainText('quoted 150.000000');
  await expect(rows.nth(1)).toContainText('credited 149.500000');
  await expect(rows.nth(1)).toContainText('Arrived 0.5 USDT short');

  // The user's balance: the credited deposit, and the rejected withdrawal back where it was.
  const after = await usdt(request, member);
  expect(after.spot).toBe(before.spot + minor('149.5'));
  expect(after.frozen).toBe(before.frozen);
  expect(unexpected(errors)).toEqual([]);
});

test('screens of the queues; a payout with its reference; an order someone else reviewed first', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const errors = collectConsoleErrors(page);
  const member = await signInAgent(request);
  // Signed in through the API, the way the sign-in screen stores a session.
  const session = await financeSession(request);
  // Money for the withdrawal, from a deposit approved through the API at its quote (no reason
  // needed); then one deposit and one withdrawal wait in the queues.
  const funding = await submitDeposit(request, member, await receiptPng(page, 'TX-E2E-2', '50'), '50');
  await ok(
    post(
      request,
      '/admin/recharge/approve',
      { orderId: funding.id, creditedAmount: '50' },
      { authorization: session.token },
    ),
  );
  const deposit = await submitDeposit(request, member, await receiptPng(page, 'TX-E2E-3', '80'), '80');
  const withdrawal = await submitWithdrawal(request, member, '20');
  await page.addInitScript((stored) => {
    sessionStorage.setItem('vela-admin-session', JSON.stringify(stored));
  }, session);

  const variants = [
    { name: 'desktop-light', width: 1280, height: 800, theme: 'light' },
    { name: 'desktop-dark', width: 1280, height: 800, theme: 'dark' },
    { name: 'phone-light', width: 375, height: 812, theme: 'light' },
    { name: 'phone-dark', width: 375, height: 812, theme: 'dark' },
  ] as const;
  for (const variant of variants) {
    await page.setViewportSize({ width: variant.width, height: variant.height });
    await page.addInitScript((mode) => localStorage.setItem('vela-admin-theme', mode), variant.theme);
    await page.goto('/admin/deposits');
    await expect(page.locator('html')).toHaveAttribute('data-theme', variant.theme);
    await expect(depositRow(page, deposit.id)).toBeVisible();
    await shot(page, `admin-funding-deposits-${variant.name}`);
    await depositRow(page, deposit.id).getByTestId('deposit-voucher').click();
    const viewer = page.getByRole('dialog', { name: `Deposit #${deposit.id} from agent01` });
    await expect(viewer.getByRole('img', { name: `Voucher of deposit #${deposit.id}` })).toBeVisible();
    // The pointer rests where the button was, over the image, whose hover mask would veil it.
    await page.mouse.move(0, 0);
    await shot(page, `admin-funding-voucher-${variant.name}`);
    await viewer.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();

    await page.goto('/admin/withdrawals');
    await expect(withdrawalRow(page, withdrawal.id)).toContainText('20.00 USDT');
    await shot(page, `admin-funding-withdrawals-${variant.name}`);
  }
  await page.setViewportSize({ width: 1280, height: 800 });

  // Paying out: the modal names the amount and the destination and needs the reference.
  await withdrawalRow(page, withdrawal.id).getByTestId('withdrawal-approve').click();
  const payout = page.getByRole('dialog', { name: `Pay out withdrawal #${withdrawal.id}` });
  await expect(payout).toContainText('19.98 USDT');
  await expect(payout).toContainText(TRC20_ADDRESS);
  await payout.getByRole('button', { name: 'Mark as paid out' }).click();
  await expect(payout.getByText('Enter the payout reference')).toBeVisible();
  await shot(page, 'admin-funding-payout-dark');
  await payout.getByLabel('Payout reference').fill('a1b2c3d4e5f6');
  // The form's error leaves with an animation that moves the buttons below it; a click made while it
  // plays can land beside the button, so the click waits for it to have gone.
  await expect(payout.getByText('Enter the payout reference')).toBeHidden();
  await payout.getByRole('button', { name: 'Mark as paid out' }).click();
  await expect(payout).toBeHidden();
  await expect(withdrawalRow(page, withdrawal.id)).toHaveCount(0);
  await page.getByTestId('queue-status').getByText('Approved', { exact: true }).click();
  await expect(withdrawalRow(page, withdrawal.id)).toContainText('a1b2c3d4e5f6');

  // Another operator approves the deposit while this one is confirming: the server refuses the
  // second approval, the modal says so, and the queue drops the order.
  await page.goto('/admin/deposits');
  await depositRow(page, deposit.id).getByTestId('deposit-approve').click();
  const approve = page.getByRole('dialog', { name: `Approve deposit #${deposit.id}` });
  await expect(approve.getByLabel('Amount to credit')).toHaveValue('80');
  await ok(
    post(
      request,
      '/admin/recharge/approve',
      { orderId: deposit.id, creditedAmount: '80' },
      { authorization: session.token },
    ),
  );
  await approve.getByRole('button', { name: 'Approve…' }).click();
  await page
    .locator('.ant-modal-confirm', { hasText: 'Credit 80.00 USDT to agent01?' })
    .getByRole('button', { name: 'Credit' })
    .click();
  await expect(approve.getByTestId('approve-error')).toHaveText('This order has already been reviewed');
  await expect(depositRow(page, deposit.id)).toHaveCount(0);
  await approve.getByRole('button', { name: 'Cancel' }).click();

  // The user's detail lists their deposits and withdrawals.
  await menu(page).getByText('Users').click();
  await page.locator('.ant-table-tbody a').getByText('agent01', { exact: true }).click();
  const drawer = page.locator('.ant-drawer-content');
  await expect(
    drawer.locator(`[data-testid="deposit-table"] tr[data-row-key="${deposit.id}"]`),
  ).toContainText('Credited 80.00 USDT');
  await expect(
    drawer.locator(`[data-testid="withdrawal-table"] tr[data-row-key="${withdrawal.id}"]`),
  ).toContainText('a1b2c3d4e5f6');
  await drawer.getByText('Withdrawals', { exact: true }).scrollIntoViewIfNeeded();
  await shot(page, 'admin-funding-user-panels');
  expect(unexpected(errors)).toEqual([]);
});
