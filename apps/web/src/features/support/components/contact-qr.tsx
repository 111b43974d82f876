import { QRCode } from 'antd';

/**
 * A scannable QR code: dark modules on a white card in both themes, since many phone scanners fail
 * on light-on-dark codes.
 */
export function ContactQr({ value, size = 112, label }: { value: string; size?: number; label?: string }) {
  return (
    <figure className="contact-qr">
      <div className="contact-qr-card">
        <QRCode value={value} size={size} type="svg" color="#0d0f14" bgColor="#ffffff" bordered={false} />
      </div>
      {label && <figcaption>{label}</figcaption>}
    </figure>
  );
}
