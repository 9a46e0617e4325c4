import { StrictMode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { unstableSetRender } from 'antd';
import { App } from './app/app.tsx';
import './console.css';

// antd renders modals, messages and notifications into roots of their own; under React 19 it must be
// told how to create one, once, before any of them is shown.
unstableSetRender((node, container) => {
  const host = container as Element & { __velaRoot?: Root };
  host.__velaRoot ??= createRoot(container);
  const root = host.__velaRoot;
  root.render(node);
  return async () => {
    await Promise.resolve();
    root.unmount();
    delete host.__velaRoot;
  };
});

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
