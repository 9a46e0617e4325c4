import { Alert, Button } from 'antd';
import { errorText } from '../lib/api.ts';

/** The error state of a screen: the server's message and a way to try again. */
export function QueryError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <Alert
      type="error"
      showIcon
      message="This could not be loaded"
      description={errorText(error)}
      action={
        <Button size="small" onClick={onRetry}>
          Try again
        </Button>
      }
      style={{ marginBottom: 16 }}
    />
  );
}
