import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { createAppRouter } from './app/router';
import { startApp } from './app/start';
import 'antd/dist/antd.css';
import './styles/global.css';
import './styles/page.css';
// The home page ships in the entry (app/route-table.ts); its stylesheet is imported here, after antd's,
// so that it overrides antd's rules as it did when it came with the page's own chunk.
import './styles/home.css';

const router = createAppRouter();
const root = createRoot(document.getElementById('root') as HTMLElement);
root.render(
  <StrictMode>
    <App router={router} />
  </StrictMode>,
);
void startApp();
