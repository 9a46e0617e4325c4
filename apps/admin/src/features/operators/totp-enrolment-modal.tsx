import { Alert, Modal, QRCode, Space, Typography } from 'antd';

export interface TotpEnrolment {
  username: string;
  totpSecret: string;
  otpauthUri: string;
}

/**
 * Shows a new operator's authenticator secret, the only time the console ever shows it: as a QR
 * code to scan, and as text to type.
 */
export function TotpEnrolmentModal({
  enrolment,
  onClose,
}: {
  enrolment: TotpEnrolment | null;
  onClose: () => void;
}) {
  return (
    <Modal
      open={enrolment !== null}
      title={enrolment ? `Authenticator for ${enrolment.username}` : ''}
      onOk={onClose}
      onCancel={onClose}
      okText="Done"
      cancelButtonProps={{ style: { display: 'none' } }}
      maskClosable={false}
    >
      {enrolment ? (
        <Space direction="vertical" size="middle" style={{ width: '100%' }}>
          <Alert
            type="warning"
            showIcon
            message="Shown once"
            description="Have the operator scan this code with an authenticator app now. Closing this window hides the secret for good; a lost one can only be replaced (Reset authenticator)."
          />
          {/* Dark on white in both themes: phone cameras read that reliably. */}
          <QRCode
            value={enrolment.otpauthUri}
            size={184}
            color="#000"
            bgColor="#fff"
            style={{ margin: '0 auto' }}
          />
          <div>
            <Typography.Text type="secondary">Secret</Typography.Text>
            <Typography.Paragraph copyable code data-testid="enrolment-secret" style={{ marginBottom: 0 }}>
              {enrolment.totpSecret}
            </Typography.Paragraph>
          </div>
        </Space>
      ) : null}
    </Modal>
  );
}
