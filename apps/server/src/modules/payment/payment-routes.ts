import { endpoints, UPLOAD_LIMITS } from '@vela/contract';
import type { RouteTable } from '../../http/contract-routes.ts';
import type { PaymentService } from './payment-service.ts';

const { payment } = endpoints;

export function addPaymentRoutes(table: RouteTable, payments: PaymentService): void {
  table
    .add(payment.bankList, () => payments.banks())
    .add(payment.chainList, () => payments.chains())
    .add(payment.bankCardList, (_body, ctx) => payments.listBankCards(ctx.session.userId))
    .add(payment.bankCardAdd, (body, ctx) => payments.addBankCard(ctx.session.userId, body))
    .add(payment.walletAddressList, (_body, ctx) => payments.listWalletAddresses(ctx.session.userId))
    .add(payment.walletAddressAdd, (body, ctx) => payments.addWalletAddress(ctx.session.userId, body))
    .add(payment.zskAccountList, (_body, ctx) => payments.listZskAccounts(ctx.session.userId))
    .add(payment.zskAccountAdd, (body, ctx) => payments.addZskAccount(ctx.session.userId, body))
    .add(payment.realNameGet, (_body, ctx) => payments.realNameInfo(ctx.session.userId))
    .add(payment.realNameSubmit, (body, ctx) => payments.submitRealName(ctx.session.userId, body))
    // The one route with a body above the app's 1 MiB: an image travels in it as base64.
    .add(payment.uploadImage, (body, ctx) => payments.uploadImage(ctx.session.userId, body), {
      bodyLimit: UPLOAD_LIMITS.bodyLimitBytes,
    })
    .add(payment.uploadGet, async (body, ctx) => {
      const upload = await payments.readUpload(body.id, { userId: ctx.session.userId });
      return {
        id: upload.id,
        purpose: upload.purpose,
        mime: upload.mime,
        width: upload.width,
        height: upload.height,
        bytes: upload.bytes,
        data: upload.content.toString('base64'),
      };
    });
}
