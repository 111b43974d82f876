import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntdApp, theme as antdTheme, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { useEffect, useMemo } from 'react';
import { RouterProvider } from 'react-router';
import { registerFeedback } from '../lib/feedback';
import { usePreferences } from '../stores/preferences';
import type { createAppRouter } from './router';

dayjs.locale('zh-cn');

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 } },
});

/** Brand colour and shapes shared by both themes. */
const brandToken = {
  colorPrimary: '#3b6cff',
  colorInfo: '#3b6cff',
  borderRadius: 8,
  fontFamily:
    "-apple-system, BlinkMacSystemFont, 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Noto Sans CJK SC', 'WenQuanYi Micro Hei', sans-serif",
};

function FeedbackBridge() {
  const { message } = AntdApp.useApp();
  useEffect(() => registerFeedback(message), [message]);
  return null;
}

export function App({ router }: { router: ReturnType<typeof createAppRouter> }) {
  const theme = usePreferences((state) => state.theme);
  useEffect(() => {
    document.documentElement.dataset.theme = theme;
  }, [theme]);
  const themeConfig = useMemo(
    () => ({
      // Component styles come from antd's static stylesheet (main.tsx) instead of being generated at
      // run time, which held the first paint; the theme still sets the CSS variables they read.
      zeroRuntime: true,
      algorithm: theme === 'dark' ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm,
      token: { ...brandToken, colorBgLayout: theme === 'dark' ? '#0d0f14' : '#f4f6fa' },
    }),
    [theme],
  );
  return (
    <ConfigProvider locale={zhCN} theme={themeConfig}>
      <AntdApp>
        <FeedbackBridge />
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </AntdApp>
    </ConfigProvider>
  );
}
