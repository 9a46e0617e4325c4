import { useState } from 'react';
import { Alert, Button, Card, Form, Input, Layout, Typography } from 'antd';
import { ApiError } from '../../lib/api.ts';
import { startSession } from '../../lib/session.ts';
import { sendLogin, type LoginValues } from './auth-api.ts';

/**
 * Operator sign-in: username, password and the authenticator code, all three every time. The
 * password leaves the browser pre-hashed like a user's (decision 004).
 */
export default function LoginPage({ notice }: { notice: string | null }) {
  const [form] = Form.useForm<LoginValues>();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (values: LoginValues) => {
    setBusy(true);
    setError(null);
    try {
      const data = await sendLogin(values);
      startSession({ token: data.token, operator: data.operator });
    } catch (failure) {
      // A code is good for one attempt: whatever went wrong, the next try needs the next code.
      form.setFieldValue('googleCode', '');
      if (failure instanceof ApiError && failure.field && failure.field in values) {
        form.setFields([{ name: failure.field as keyof LoginValues, errors: [failure.message] }]);
      } else {
        setError(failure instanceof Error ? failure.message : String(failure));
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <Layout style={{ minHeight: '100vh', alignItems: 'center', justifyContent: 'center', padding: 16 }}>
      <Card style={{ width: '100%', maxWidth: 400 }}>
        <Typography.Title level={3} style={{ marginTop: 0 }}>
          Vela operators&apos; console
        </Typography.Title>
        <Typography.Paragraph type="secondary">
          Sign in with your operator account and the code of your authenticator app.
        </Typography.Paragraph>
        {notice ? <Alert type="info" showIcon message={notice} style={{ marginBottom: 16 }} /> : null}
        {error ? (
          <Alert
            type="error"
            showIcon
            message={error}
            style={{ marginBottom: 16 }}
            data-testid="login-error"
          />
        ) : null}
        <Form form={form} layout="vertical" requiredMark={false} onFinish={(values) => void submit(values)}>
          <Form.Item
            label="Username"
            name="username"
            rules={[{ required: true, whitespace: true, message: 'Enter your username' }]}
          >
            <Input autoComplete="username" autoFocus />
          </Form.Item>
          <Form.Item
            label="Password"
            name="password"
            rules={[{ required: true, message: 'Enter your password' }]}
          >
            <Input.Password autoComplete="current-password" />
          </Form.Item>
          <Form.Item
            label="Authenticator code"
            name="googleCode"
            rules={[
              { required: true, message: 'Enter the 6-digit code' },
              { pattern: /^\s*\d{6}\s*$/, message: 'The code is 6 digits' },
            ]}
          >
            <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={busy} data-testid="login-submit">
            Sign in
          </Button>
        </Form>
      </Card>
    </Layout>
  );
}
