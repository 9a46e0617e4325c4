import { TextArea } from 'antd-mobile';
import { QRCodeSVG } from 'qrcode.react';
import type { FundingChannel } from '@vela/contract';
import { FormField } from '../../components/form-field.tsx';
import { useT, type TFunction } from '../../lib/i18n.ts';
import type { FormApi } from '../../lib/use-form.ts';
import { CopyButton, Rows, type Row } from './channel-parts.tsx';
import { moneyRows } from './form-parts.tsx';
import { txHashMessage, type DepositValues, type QuotePreview } from './funding-logic.ts';

/**
 * The transaction hash of a crypto deposit, with its network's rule under it. The hash wraps rather
 * than scrolls, so all of it can be checked against the wallet's.
 */
export function TxHashField({ form, channel }: { form: FormApi<DepositValues>; channel: FundingChannel }) {
  const t = useT();
  return (
    <>
      <FormField name="txHash" label={t('funding.txHash')} error={form.errors.txHash}>
        <TextArea
          name="txHash"
          className="funding-tx-hash num"
          value={form.values.txHash}
          onChange={form.set('txHash')}
          placeholder={t('funding.txHashPlaceholder')}
          autoSize={{ minRows: 1, maxRows: 3 }}
          maxLength={200}
          autoComplete="off"
        />
      </FormField>
      {form.errors.txHash ? null : (
        <p className="form-hint funding-tx-hash__rule" data-testid="tx-hash-rule">
          {t(txHashMessage(channel))}
        </p>
      )}
    </>
  );
}

/** Where to pay: the chain address with its QR code, the bank account, or the fast-payment account. */
export function PayTo({ channel }: { channel: FundingChannel }) {
  const t = useT();
  const copyable = (label: string, value: string | null, testId: string): Row | null =>
    value
      ? {
          label,
          value: (
            <span className="funding-copyable">
              <bdi className="num funding-copyable__text">{value}</bdi>
              <CopyButton text={value} testId={`copy-${testId}`} />
            </span>
          ),
          testId,
        }
      : null;

  if (channel.method === 'chain') {
    return (
      <section className="funding-card funding-pay" data-testid="pay-to">
        <h2 className="funding-card__title">{t('funding.depositAddress')}</h2>
        {channel.address ? (
          <>
            {/* Dark on white with a quiet zone, so it scans in the dark theme too. */}
            <div className="funding-qr" data-testid="deposit-qr">
              <QRCodeSVG
                value={channel.address}
                size={152}
                level="M"
                bgColor="#ffffff"
                fgColor="#000000"
                marginSize={2}
                title={t('funding.depositAddress')}
              />
            </div>
            <div className="funding-address">
              <bdi className="num funding-address__text" data-testid="deposit-address">
                {channel.address}
              </bdi>
              <CopyButton text={channel.address} testId="copy-address" />
            </div>
          </>
        ) : null}
        <p className="funding-warning">
          {t('funding.addressWarning', { symbol: channel.payCurrency, network: channel.chainName ?? '' })}
        </p>
      </section>
    );
  }

  const rows = [
    channel.method === 'bank' && channel.bankName
      ? { label: t('funding.bankName'), value: channel.bankName, testId: 'pay-bank' }
      : null,
    copyable(t('funding.accountName'), channel.accountName, 'pay-account-name'),
    copyable(
      channel.method === 'zsk' ? t('funding.zskId') : t('funding.accountNumber'),
      channel.accountNumber,
      'pay-account-number',
    ),
  ].filter((row): row is Row => row !== null);
  return (
    <section className="funding-card funding-pay" data-testid="pay-to">
      <h2 className="funding-card__title">{t('funding.payTo')}</h2>
      <Rows rows={rows} />
    </section>
  );
}

/**
 * The deposit's confirmation rows: the channel, what is paid, the fee, what arrives, and the network
 * and transaction of a crypto payment or the payer of a bank one.
 */
export function depositConfirmRows(
  t: TFunction,
  values: DepositValues,
  channel: FundingChannel,
  preview: QuotePreview | null,
): Row[] {
  return [
    ...moneyRows(t, {
      channel,
      label: t('funding.amountPaid'),
      amount: values.amount,
      preview,
      sent: { scale: channel.payScale, currency: channel.payCurrency },
      fee: { scale: channel.walletScale, currency: channel.symbol },
      receive: { scale: channel.walletScale, currency: channel.symbol },
    }),
    ...(channel.method === 'chain'
      ? [
          { label: t('funding.network'), value: channel.chainName ?? '', testId: 'confirm-network' },
          {
            label: t('funding.txHash'),
            value: <bdi className="num funding-full-address">{values.txHash.trim()}</bdi>,
            testId: 'confirm-tx-hash',
          },
        ]
      : [
          {
            label: t('funding.payer'),
            value: (
              <span>
                {values.payerName.trim()} · <bdi className="num">{values.payerMobile.trim()}</bdi>
              </span>
            ),
          },
        ]),
  ];
}
