import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { createAppRouter } from './app/router';
import { startApp } from './app/start';
import 'antd/dist/antd.css';
import './styles/global.css';

const router = createAppRouter();
const root = createRoot(document.getElementById('root') as HTMLElement);
root.render(
  <StrictMode>
    <App router={router} />
  </StrictMode>,
);
void startApp();
