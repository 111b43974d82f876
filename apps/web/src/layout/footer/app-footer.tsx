/** The footer is hidden on /setting and /pay (000 §2.4). */
export function isFooterHidden(pathname: string): boolean {
  return pathname.startsWith('/setting') || pathname.startsWith('/pay');
}

export function AppFooter() {
  return <footer className="app-footer" />;
}
