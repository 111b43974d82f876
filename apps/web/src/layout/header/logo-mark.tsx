/** The DSO mark, drawn inline so it follows the page without an extra request. */
export function LogoMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" className="logo-mark">
      <defs>
        <linearGradient id="dso-logo-gradient" x1="0" y1="0" x2="64" y2="64" gradientUnits="userSpaceOnUse">
          <stop stopColor="#5b8cff" />
          <stop offset="1" stopColor="#7a4dff" />
        </linearGradient>
      </defs>
      <rect width="64" height="64" rx="16" fill="url(#dso-logo-gradient)" />
      <path d="M18 16h14c10 0 16 6.5 16 16s-6 16-16 16H18zm8 7v18h6c5.2 0 8-3.3 8-9s-2.8-9-8-9z" fill="#fff" />
    </svg>
  );
}

/** Mark plus word mark, used in the header and the footer. */
export function Logo() {
  return (
    <span className="logo">
      <LogoMark />
      <span className="logo-text">
        <span className="logo-name">DSO</span>
        <span className="logo-tagline">短视频关键词平台</span>
      </span>
    </span>
  );
}
