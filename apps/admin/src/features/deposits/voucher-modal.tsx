import { Button, Col, Descriptions, Image, Modal, Row, Skeleton, Space, Typography, theme } from 'antd';
import { formatTime, timeTitle } from '../../lib/format.ts';
import { CHANNEL_METHOD_LABELS } from '../../lib/labels.ts';
import { Amount, ReviewState } from '../../components/funding.tsx';
import { QueryError } from '../../components/query-error.tsx';
import type { DetailModalProps } from '../../components/review-queue/index.ts';
import { depositNote, type Deposit } from './deposit-credit.ts';
import { useVoucher } from './deposits-api.ts';

/**
 * The voucher of a deposit beside its figures. antd's image preview (a click on the image) zooms,
 * rotates and flips it, which photographed receipts often need.
 */
export function VoucherModal({ order, onClose, onApprove, onReject }: DetailModalProps<Deposit>) {
  return (
    <Modal
      open={order !== null}
      title={order ? `Deposit #${order.id} from ${order.username}` : ''}
      onCancel={onClose}
      width={960}
      destroyOnHidden
      footer={
        order ? (
          <Space wrap style={{ justifyContent: 'flex-end' }}>
            <Button onClick={onClose}>Close</Button>
            {order.status === 'pending' ? (
              <>
                <Button danger onClick={() => onReject(order)}>
                  Reject
                </Button>
                <Button type="primary" onClick={() => onApprove(order)}>
                  Approve
                </Button>
              </>
            ) : null}
          </Space>
        ) : null
      }
    >
      {order ? (
        <Row gutter={[24, 16]}>
          <Col xs={24} md={14}>
            <Voucher order={order} />
          </Col>
          <Col xs={24} md={10}>
            <DepositFacts order={order} />
          </Col>
        </Row>
      ) : null}
    </Modal>
  );
}

/** The image the user sent as proof, fetched when the voucher is opened. */
function Voucher({ order }: { order: Deposit }) {
  const { token } = theme.useToken();
  const voucher = useVoucher(order.id);
  const image = voucher.data;
  return (
    <>
      <div
        style={{
          background: token.colorFillQuaternary,
          border: `1px solid ${token.colorBorderSecondary}`,
          borderRadius: token.borderRadiusLG,
          minHeight: 260,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          padding: 8,
        }}
        data-testid="voucher-image"
      >
        {voucher.isPending ? <Skeleton.Image active /> : null}
        {voucher.isError ? <QueryError error={voucher.error} onRetry={() => void voucher.refetch()} /> : null}
        {image ? (
          <Image
            src={`data:${image.mime};base64,${image.dataBase64}`}
            alt={`Voucher of deposit #${order.id}`}
            style={{ maxWidth: '100%', maxHeight: 440, objectFit: 'contain' }}
            preview={{ mask: 'Zoom and rotate' }}
          />
        ) : null}
      </div>
      {image ? (
        <Typography.Text type="secondary" style={{ display: 'block', marginTop: 8 }}>
          {image.width} × {image.height} px. Click the image to zoom, rotate or flip it.
        </Typography.Text>
      ) : null}
    </>
  );
}

/** The order's figures beside what the user sent as proof, so the two can be compared at a glance. */
function DepositFacts({ order }: { order: Deposit }) {
  return (
    <Descriptions column={1} size="small" bordered className="console-numbers" data-testid="deposit-facts">
      <Descriptions.Item label="User">
        {order.username} (#{order.userId})
      </Descriptions.Item>
      <Descriptions.Item label="Channel">
        {CHANNEL_METHOD_LABELS[order.method]} (#{order.channelId})
      </Descriptions.Item>
      {order.chainName ? (
        <Descriptions.Item label="Network">
          <span data-testid="voucher-network">{order.chainName}</span>
        </Descriptions.Item>
      ) : null}
      <Descriptions.Item label="Paid">
        <Amount value={order.payAmount} currency={order.payCurrency} />
      </Descriptions.Item>
      <Descriptions.Item label="Receives (quoted)">
        <Amount value={order.receiveAmount} currency={order.symbol} />
      </Descriptions.Item>
      <Descriptions.Item label="Fee">
        <Amount value={order.fee} currency={order.symbol} />
      </Descriptions.Item>
      {order.txHash !== null ? (
        <Descriptions.Item label="TxID">
          <Typography.Text
            code
            copyable={{ text: order.txHash }}
            style={{ wordBreak: 'break-all' }}
            data-testid="voucher-tx-hash"
          >
            {order.txHash}
          </Typography.Text>
        </Descriptions.Item>
      ) : (
        <>
          <Descriptions.Item label="Payer name">{order.payerName}</Descriptions.Item>
          <Descriptions.Item label="Payer mobile">{order.payerMobile}</Descriptions.Item>
        </>
      )}
      <Descriptions.Item label={timeTitle('Submitted')}>{formatTime(order.createdAt)}</Descriptions.Item>
      <Descriptions.Item label="Status">
        <ReviewState status={order.status} reviewedAt={order.reviewedAt} note={depositNote(order)} />
      </Descriptions.Item>
    </Descriptions>
  );
}
