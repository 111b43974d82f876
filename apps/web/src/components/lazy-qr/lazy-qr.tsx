import type { QRCodeProps } from 'antd';
import { lazy, Suspense } from 'react';

// The QR code generator is some 5 KB gzip; pages in the members' entry chunk (the video head under the
// home page's video cards) draw a QR only once a video is opened, so it loads then, in its own chunk.
const QRCode = lazy(() => import('antd/es/qr-code'));

/** antd's QRCode, loaded on first use; a blank square of its size holds the place meanwhile. */
export function LazyQRCode(props: QRCodeProps) {
  const size = props.size ?? 160;
  return (
    <Suspense fallback={<span style={{ display: 'inline-block', width: size, height: size }} aria-hidden />}>
      <QRCode {...props} />
    </Suspense>
  );
}
