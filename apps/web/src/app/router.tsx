import { createBrowserRouter, type RouteObject, redirect } from 'react-router';
import { RouteError } from '../features/errors/pages/route-error';
import { RootLayout } from '../layout/root-layout';
import { registerNavigator } from '../lib/navigation';
import { guardLoader } from './guard';
import { lazyPage } from './lazy-page';
import { type RouteMeta, routeTable } from './route-table';

function toRouteObject(meta: RouteMeta): RouteObject {
  return {
    path: meta.path,
    handle: meta,
    loader: guardLoader(meta),
    lazy: () => lazyPage(meta.page),
  };
}

function BlankFallback() {
  return null;
}

export function createAppRouter() {
  const router = createBrowserRouter([
    {
      element: <RootLayout />,
      errorElement: <RouteError />,
      // The first page's loader (the guard) and chunk run before anything renders: the page is
      // blank for that moment by design, said explicitly so the router does not warn about it.
      HydrateFallback: BlankFallback,
      children: [
        // /login always lands on the home page (000 §2.2); the login dialog is how one logs in.
        // Redirect-only routes render nothing of their own.
        { path: '/login', loader: () => redirect('/'), element: null },
        ...routeTable.map(toRouteObject),
        { path: '*', loader: () => redirect('/404'), element: null },
      ],
    },
  ]);
  registerNavigator((to, options) => void router.navigate(to, options));
  return router;
}
