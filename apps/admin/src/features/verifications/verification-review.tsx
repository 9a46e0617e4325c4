import { useState } from 'react';
import {
  App,
  Alert,
  Button,
  Col,
  Descriptions,
  Grid,
  Image,
  Modal,
  Row,
  Skeleton,
  Space,
  Tag,
  Typography,
  theme,
} from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import type { DocumentSide, VerificationRecord, VerificationStatus } from '@vela/contract';
import { errorText } from '../../lib/api.ts';
import { QueryError } from '../../components/query-error.tsx';
import { ReasonModal } from '../../components/reason-modal.tsx';
import { formatTime, timeTitle } from '../../lib/format.ts';
import { CERT_TYPE_LABELS, DOCUMENT_SIDE_LABELS, VERIFICATION_STATUS_LABELS } from '../../lib/labels.ts';
import { approveVerification, rejectVerification, useDocumentPhoto } from './verifications-api.ts';

/**
 * Reviewing one real-name submission, shared by the verification queue and a user's Identity
 * panel: the document's facts, its three photos and, while it is pending, approving or rejecting it.
 */

const SIDES: readonly DocumentSide[] = ['front', 'back', 'handheld'];

const STATUS_COLORS: Record<VerificationStatus, string> = {
  PENDING: 'gold',
  APPROVED: 'green',
  REJECTED: 'red',
};

export function VerificationStatusTag({ status }: { status: VerificationStatus }) {
  return <Tag color={STATUS_COLORS[status]}>{VERIFICATION_STATUS_LABELS[status]}</Tag>;
}

/** After a decision, every list that shows submissions or the audit log may be out of date. */
function useRefreshAfterDecision() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: ['verifications'] });
    void queryClient.invalidateQueries({ queryKey: ['audit'] });
  };
}

/** The facts of a submission; `wide` spreads them over columns where the screen allows (the review modal). */
export function VerificationFacts({
  verification,
  wide,
}: {
  verification: VerificationRecord;
  wide?: boolean;
}) {
  return (
    <Descriptions
      column={wide ? { xs: 1, sm: 1, md: 2, lg: 2, xl: 3, xxl: 3 } : 1}
      size="small"
      bordered
      className="console-numbers"
      data-testid="verification-facts"
    >
      <Descriptions.Item label="User">
        {verification.username} (#{verification.userId})
      </Descriptions.Item>
      <Descriptions.Item label="Document">{CERT_TYPE_LABELS[verification.certType]}</Descriptions.Item>
      <Descriptions.Item label="Name">{verification.name}</Descriptions.Item>
      <Descriptions.Item label="Number">
        <Typography.Text copyable>{verification.certNumber}</Typography.Text>
      </Descriptions.Item>
      <Descriptions.Item label={timeTitle('Submitted')}>
        {formatTime(verification.submittedAt)}
      </Descriptions.Item>
      <Descriptions.Item label="Status">
        <VerificationStatusTag status={verification.status} />
      </Descriptions.Item>
      {verification.reviewedAt !== null ? (
        <Descriptions.Item label={timeTitle('Reviewed')}>
          {formatTime(verification.reviewedAt)}
          {verification.reviewedBy !== null ? ` by operator #${verification.reviewedBy}` : ''}
        </Descriptions.Item>
      ) : null}
      {verification.rejectReason ? (
        <Descriptions.Item label="Reason given">{verification.rejectReason}</Descriptions.Item>
      ) : null}
    </Descriptions>
  );
}

/**
 * One photo, fetched when shown. Each fetch is recorded in the audit log (these are identity
 * documents), and nothing is kept once the review closes: the photos stay out of memory, and the
 * next look is a new, recorded one.
 */
function DocumentPhoto({ verification, side }: { verification: VerificationRecord; side: DocumentSide }) {
  const { token } = theme.useToken();
  // Side by side on any screen; on a phone they are thumbnails, which a tap opens full size.
  const height = (Grid.useBreakpoint().sm ?? true) ? 200 : 110;
  const photo = useDocumentPhoto(verification.id, side);
  const image = photo.data;
  return (
    <figure style={{ margin: 0 }} data-testid={`document-photo-${side}`}>
      <div
        style={{
          background: token.colorFillQuaternary,
          border: `1px solid ${token.colorBorderSecondary}`,
          borderRadius: token.borderRadiusLG,
          height,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          padding: 8,
          overflow: 'hidden',
        }}
      >
        {photo.isPending ? <Skeleton.Image active /> : null}
        {photo.isError ? <QueryError error={photo.error} onRetry={() => void photo.refetch()} /> : null}
        {image ? (
          <Image
            src={`data:${image.mime};base64,${image.dataBase64}`}
            alt={`${DOCUMENT_SIDE_LABELS[side]} of the document of ${verification.username}`}
            style={{ maxWidth: '100%', maxHeight: height - 18, objectFit: 'contain' }}
            preview={{ mask: 'Zoom and rotate' }}
          />
        ) : null}
      </div>
      <figcaption>
        <Typography.Text type="secondary">{DOCUMENT_SIDE_LABELS[side]}</Typography.Text>
      </figcaption>
    </figure>
  );
}

/**
 * The review of one submission in a modal: the photos side by side (a click zooms, rotates and
 * flips one; the preview steps through all three), the facts, and the decision while pending.
 * Approving asks for confirmation; rejecting asks for the reason the user will read.
 */
export function VerificationReviewModal({
  verification,
  onClose,
}: {
  verification: VerificationRecord | null;
  onClose: () => void;
}) {
  const [rejecting, setRejecting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const close = () => {
    setFailure(null);
    onClose();
  };
  const approve = useApproval({ onApproved: close, onRefused: setFailure });

  return (
    <>
      <Modal
        open={verification !== null}
        title={verification ? `Real-name verification #${verification.id}` : ''}
        onCancel={close}
        width={1000}
        destroyOnHidden
        footer={
          verification ? (
            <ReviewFooter
              verification={verification}
              onClose={close}
              onApprove={() => approve(verification)}
              onReject={() => setRejecting(true)}
            />
          ) : null
        }
      >
        {verification ? <ReviewBody verification={verification} failure={failure} /> : null}
      </Modal>
      <RejectVerificationModal
        verification={rejecting ? verification : null}
        onRejected={close}
        onClose={() => setRejecting(false)}
      />
    </>
  );
}

/** Approving after a confirmation; a refusal (another operator decided first) is shown in the review. */
function useApproval({
  onApproved,
  onRefused,
}: {
  onApproved: () => void;
  onRefused: (message: string) => void;
}) {
  const { modal, message } = App.useApp();
  const refresh = useRefreshAfterDecision();
  return (target: VerificationRecord) => {
    modal.confirm({
      title: `Approve the verification of ${target.username}?`,
      content:
        'The user becomes verified (withdrawals need it) and the identity data can no longer be changed.',
      okText: 'Approve',
      onOk: async () => {
        try {
          await approveVerification(target.id);
          void message.success(`${target.username} is verified`);
          onApproved();
        } catch (error) {
          onRefused(errorText(error));
        } finally {
          refresh();
        }
      },
    });
  };
}

function ReviewFooter({
  verification,
  onClose,
  onApprove,
  onReject,
}: {
  verification: VerificationRecord;
  onClose: () => void;
  onApprove: () => void;
  onReject: () => void;
}) {
  return (
    <Space wrap style={{ justifyContent: 'flex-end' }}>
      <Button onClick={onClose}>Close</Button>
      {verification.status === 'PENDING' ? (
        <>
          <Button danger onClick={onReject} data-testid="verification-reject">
            Reject
          </Button>
          <Button type="primary" onClick={onApprove} data-testid="verification-approve">
            Approve
          </Button>
        </>
      ) : null}
    </Space>
  );
}

function ReviewBody({ verification, failure }: { verification: VerificationRecord; failure: string | null }) {
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      {failure ? <Alert type="error" showIcon message={failure} /> : null}
      <Image.PreviewGroup>
        <Row gutter={[16, 16]}>
          {SIDES.map((side) => (
            <Col key={side} span={8}>
              <DocumentPhoto verification={verification} side={side} />
            </Col>
          ))}
        </Row>
      </Image.PreviewGroup>
      <Typography.Text type="secondary">
        Each photo you open here is recorded in the audit log.
      </Typography.Text>
      <VerificationFacts verification={verification} wide />
    </Space>
  );
}

/** Rejecting with the reason the user reads; they may submit again with new photos. */
function RejectVerificationModal({
  verification,
  onRejected,
  onClose,
}: {
  verification: VerificationRecord | null;
  onRejected: () => void;
  onClose: () => void;
}) {
  const { message } = App.useApp();
  const refresh = useRefreshAfterDecision();
  return (
    <ReasonModal
      open={verification !== null}
      title={verification ? `Reject the verification of ${verification.username}` : ''}
      description="The user sees this reason and may submit again with new photos."
      okText="Reject"
      danger
      onSubmit={async (reason) => {
        if (!verification) return;
        try {
          await rejectVerification(verification.id, reason);
        } finally {
          refresh();
        }
        void message.success(`The verification of ${verification.username} is rejected`);
        onRejected();
      }}
      onClose={onClose}
    />
  );
}
