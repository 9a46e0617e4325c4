import { useEffect, useState } from 'react';
import { Alert, Card, ConfigProvider, Descriptions, Layout, Typography } from 'antd';
import type { Envelope } from '@vela/contract';
import { routes } from '@vela/contract/routes';

type Status =
  | { state: 'checking' }
  | { state: 'up'; serverTime: number; latencyMs: number }
  | { state: 'down'; reason: string };

/** Measures the API the console talks to, through the same contract endpoint the app's line probe uses. */
function useApiStatus(): Status {
  const [status, setStatus] = useState<Status>({ state: 'checking' });
  useEffect(() => {
    const started = performance.now();
    fetch(`/api${routes.system.ping.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    })
      .then((response) => response.json() as Promise<Envelope<{ serverTime: number }>>)
      .then((envelope) => {
        if (!envelope.success || !envelope.data) throw new Error(envelope.message);
        setStatus({
          state: 'up',
          serverTime: envelope.data.serverTime,
          latencyMs: Math.round(performance.now() - started),
        });
      })
      .catch((error: unknown) =>
        setStatus({ state: 'down', reason: error instanceof Error ? error.message : String(error) }),
      );
  }, []);
  return status;
}

/**
 * The operators' console. Review queues, configuration, support tools and the audit log are added
 * with the features they operate on; this shell shows which server it is connected to.
 */
export function App() {
  const status = useApiStatus();
  return (
    <ConfigProvider theme={{ token: { colorPrimary: '#d89e00' } }}>
      <Layout style={{ minHeight: '100vh' }}>
        <Layout.Header style={{ color: '#fff', fontWeight: 600, fontSize: 18 }}>
          Vela operators&apos; console
        </Layout.Header>
        <Layout.Content style={{ padding: 24, maxWidth: 960 }}>
          <Card title="Server">
            {status.state === 'down' ? (
              <Alert type="error" message={`The API does not answer: ${status.reason}`} />
            ) : null}
            <Descriptions column={1} size="small">
              <Descriptions.Item label="API">
                {status.state === 'up' ? `up, ${status.latencyMs} ms` : status.state}
              </Descriptions.Item>
              <Descriptions.Item label="Server time">
                {status.state === 'up' ? new Date(status.serverTime).toISOString() : '—'}
              </Descriptions.Item>
              <Descriptions.Item label="API documentation">
                <Typography.Link href="/api/docs">/api/docs</Typography.Link>
              </Descriptions.Item>
            </Descriptions>
          </Card>
        </Layout.Content>
      </Layout>
    </ConfigProvider>
  );
}
