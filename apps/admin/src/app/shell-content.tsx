import { Suspense } from 'react';
import { Button, Result, Spin } from 'antd';
import { navigate } from '../lib/navigation.ts';
import { forbiddenText, type PageState } from './page-state.ts';
import type { ConsolePage } from './registry.tsx';

/** The page at the current path, or why there is none. */
export function ShellContent({
  state,
  first,
}: {
  state: PageState<ConsolePage>;
  first: ConsolePage | undefined;
}) {
  switch (state.kind) {
    case 'root':
      return null;
    case 'missing':
      return (
        <Result
          status="404"
          title="No such page"
          extra={first ? <Button onClick={() => navigate(first.path)}>Open {first.label}</Button> : null}
        />
      );
    case 'forbidden':
      return <Result status="403" title="Not for your role" subTitle={forbiddenText(state.page)} />;
    case 'page': {
      const Page = state.page.component;
      return (
        <Suspense fallback={<Spin size="large" style={{ display: 'block', margin: '96px auto' }} />}>
          <Page />
        </Suspense>
      );
    }
  }
}
