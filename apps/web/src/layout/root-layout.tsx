import { Layout } from 'antd';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router';
import { APP_CONTAINER_ID, useAfterNavigation, useRouteMeta } from '../app/after-navigation';
import { usePreparing } from '../stores/preparing';
import { AppFooter, isFooterHidden } from './footer/app-footer';
import { GlobalDialogs } from './global-dialogs';
import { AppHeader } from './header/app-header';
import { HomeBanner } from './home-banner';
import { KeywordBreadcrumb } from './keyword-breadcrumb';

// Shown only on an error or after scrolling: their chunks load right after the first paint (their
// imports start when the layout first renders), not before it.
const ErrorDialogs = lazy(async () => ({
  default: (await import('../features/errors/components/error-dialogs')).ErrorDialogs,
}));
// Only on a first start still preparing its demo data (the store is set by the response handler).
const PreparingNotice = lazy(async () => ({
  default: (await import('../features/errors/components/preparing-notice')).PreparingNotice,
}));
const BackToTop = lazy(async () => ({ default: (await import('./back-to-top')).BackToTop }));

/** Scroll handling is throttled to 16 ms (000 §9). */
const SCROLL_THROTTLE_MS = 16;
/** Distance from the end at which the named load event fires. */
const LOAD_MORE_THRESHOLD_PX = 80;

export function RootLayout() {
  useAfterNavigation();
  const meta = useRouteMeta();
  const { pathname } = useLocation();
  const containerRef = useRef<HTMLDivElement>(null);
  const loadEvent = meta?.infiniteScroll;
  const preparing = usePreparing((state) => state.notice !== null);
  // The operator's console is staff's own app: none of the members' bars, pendants and dialogs over it.
  const isConsole = pathname === '/admin' || pathname.startsWith('/admin/');

  useEffect(() => {
    const container = containerRef.current;
    if (!loadEvent || !container) return;
    let last = 0;
    const onScroll = () => {
      const now = Date.now();
      if (now - last < SCROLL_THROTTLE_MS) return;
      last = now;
      if (container.scrollTop + container.clientHeight >= container.scrollHeight - LOAD_MORE_THRESHOLD_PX) {
        window.dispatchEvent(new CustomEvent(loadEvent));
      }
    };
    container.addEventListener('scroll', onScroll, { passive: true });
    return () => container.removeEventListener('scroll', onScroll);
  }, [loadEvent]);

  const layoutClass = meta?.layout ? `layout-${meta.layout}` : 'layout-default';
  return (
    <Layout className={`app-shell ${layoutClass}`}>
      {meta?.layout !== 'plain' && <AppHeader activeTab={meta?.tab ?? null} />}
      <HomeBanner />
      <main id={APP_CONTAINER_ID} ref={containerRef} className={loadEvent ? 'app-main app-main-scroll' : 'app-main'}>
        {meta?.breadcrumb && <KeywordBreadcrumb />}
        <Outlet />
        {meta?.layout !== 'plain' && !isFooterHidden(pathname) && <AppFooter />}
      </main>
      <Suspense fallback={null}>
        <BackToTop scrollContainerId={loadEvent ? APP_CONTAINER_ID : null} />
        <ErrorDialogs />
        {preparing && <PreparingNotice />}
      </Suspense>
      {!isConsole && <GlobalDialogs />}
    </Layout>
  );
}
