import {
  createDecipheriv,
  createPrivateKey,
  createPublicKey,
  type KeyObject,
  randomBytes,
  sign,
  verify,
  X509Certificate,
} from 'node:crypto';

/**
 * The cryptography of WeChat Pay API v3, kept apart from the HTTP calls so each rule is readable on
 * its own. Followed (pay.weixin.qq.com, 2024–2025 versions of the merchant docs):
 * - 签名生成 / interface-rules: the request message `METHOD\nPATH?QUERY\nTIMESTAMP\nNONCE\nBODY\n`,
 *   SHA256withRSA with the merchant API key, sent as `WECHATPAY2-SHA256-RSA2048 mchid=…,…`;
 * - build-verify-sign-src (验签): the answer/notification message `TIMESTAMP\nNONCE\nBODY\n` (an empty
 *   body, e.g. 204, still ends in `\n`), the key chosen by `Wechatpay-Serial`: `PUB_KEY_ID_…` is the
 *   微信支付公钥, anything else a 平台证书 serial;
 * - 下载平台证书 `GET /v3/certificates` and 回调报文解密: AEAD_AES_256_GCM with the APIv3 key, the
 *   12-byte nonce and associated_data as given, the 16-byte tag at the end of the base64 ciphertext.
 */

/** The signature scheme named in the Authorization header and in `Wechatpay-Signature-Type`. */
export const WECHATPAY_SCHEME = 'WECHATPAY2-SHA256-RSA2048';

/** WeChat Pay refuses (and we refuse) signed messages more than 5 minutes away from the clock. */
export const MAX_CLOCK_SKEW_SECONDS = 300;

/** A random 32-character nonce (WeChat Pay allows up to 32 characters). */
export function createNonce(): string {
  return randomBytes(16).toString('hex').toUpperCase();
}

/** The message a merchant request signature covers. `urlPath` is the path with its query string. */
export function requestMessage(method: string, urlPath: string, timestamp: number, nonce: string, body: string) {
  return `${method.toUpperCase()}\n${urlPath}\n${timestamp}\n${nonce}\n${body}\n`;
}

/** The message WeChat Pay's answer and notification signatures cover. */
export function signedMessage(timestamp: string, nonce: string, body: string): string {
  return `${timestamp}\n${nonce}\n${body}\n`;
}

/** SHA256withRSA (PKCS#1 v1.5) in base64. */
export function signSha256Rsa(message: string, privateKey: KeyObject): string {
  return sign('sha256', Buffer.from(message, 'utf8'), privateKey).toString('base64');
}

/** False for a wrong, malformed or empty signature; never throws. */
export function verifySha256Rsa(message: string, signatureBase64: string, publicKey: KeyObject): boolean {
  try {
    const signature = Buffer.from(signatureBase64, 'base64');
    if (signature.length === 0) return false;
    return verify('sha256', Buffer.from(message, 'utf8'), publicKey, signature);
  } catch {
    return false;
  }
}

export interface AuthorizationInput {
  mchId: string;
  serialNo: string;
  privateKey: KeyObject;
  method: string;
  urlPath: string;
  body: string;
  timestamp: number;
  nonce: string;
}

/** The `Authorization` header value of one merchant request. */
export function buildAuthorization(input: AuthorizationInput): string {
  const signature = signSha256Rsa(
    requestMessage(input.method, input.urlPath, input.timestamp, input.nonce, input.body),
    input.privateKey,
  );
  return (
    `${WECHATPAY_SCHEME} mchid="${input.mchId}",nonce_str="${input.nonce}",signature="${signature}",` +
    `timestamp="${input.timestamp}",serial_no="${input.serialNo}"`
  );
}

/** An AEAD_AES_256_GCM envelope as WeChat Pay sends it (notification `resource`, `encrypt_certificate`). */
export interface AesGcmEnvelope {
  algorithm?: string;
  nonce: string;
  associated_data?: string;
  ciphertext: string;
}

/** Decrypts an envelope with the APIv3 key; throws when the tag does not authenticate. */
export function decryptAesGcm(envelope: AesGcmEnvelope, apiV3Key: Buffer): string {
  if (envelope.algorithm !== undefined && envelope.algorithm !== 'AEAD_AES_256_GCM') {
    throw new Error(`unsupported algorithm ${envelope.algorithm}`);
  }
  const data = Buffer.from(envelope.ciphertext, 'base64');
  if (data.length <= 16) throw new Error('ciphertext too short');
  const decipher = createDecipheriv('aes-256-gcm', apiV3Key, Buffer.from(envelope.nonce, 'utf8'));
  decipher.setAuthTag(data.subarray(data.length - 16));
  decipher.setAAD(Buffer.from(envelope.associated_data ?? '', 'utf8'));
  return Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]).toString('utf8');
}

/** The APIv3 key as AES-256 key bytes; it is a 32-character string set in the merchant platform. */
export function apiV3KeyBytes(apiV3Key: string): Buffer {
  const bytes = Buffer.from(apiV3Key, 'utf8');
  if (bytes.length !== 32) throw new Error('WeChat Pay APIv3 key must be 32 bytes');
  return bytes;
}

export function loadPrivateKey(pem: string): KeyObject {
  return createPrivateKey(pem);
}

/** The 微信支付公钥 as given in the merchant platform (a PEM public key). */
export function loadPublicKey(pem: string): KeyObject {
  return createPublicKey(pem);
}

/** A platform certificate as read from `/v3/certificates`: its serial (upper-case hex) and key. */
export interface PlatformCertificate {
  serial: string;
  publicKey: KeyObject;
  validTo: Date;
}

/** Parses a decrypted platform certificate PEM; the serial is the one inside the certificate. */
export function readPlatformCertificate(pem: string): PlatformCertificate {
  const certificate = new X509Certificate(pem);
  return {
    serial: normaliseSerial(certificate.serialNumber),
    publicKey: certificate.publicKey,
    validTo: new Date(certificate.validTo),
  };
}

/** Serials are hex; compare them case-insensitively and without leading zeros. */
export function normaliseSerial(serial: string): string {
  return serial
    .trim()
    .toUpperCase()
    .replace(/^0+(?=.)/, '');
}

/** The four signed headers of an answer or a notification. */
export interface WechatpaySignedHeaders {
  timestamp?: string;
  nonce?: string;
  signature?: string;
  serial?: string;
}

export interface PlatformKeyStoreOptions {
  /** The 微信支付公钥 ID (`PUB_KEY_ID_…`) and key, when the merchant uses the public-key mode. */
  publicKeyId?: string;
  publicKey?: KeyObject;
  /** Fetches and decrypts `/v3/certificates`; verifying that download is the caller's job. */
  download: () => Promise<PlatformCertificate[]>;
  now: () => Date;
}

/**
 * Chooses the verification key by `Wechatpay-Serial`. Certificates are downloaded on first need and
 * again when an unknown serial shows up (WeChat Pay rotates them, serving old and new side by side for
 * a while). A serial still unknown after that re-download starts a one-minute pause on re-downloads,
 * so a stream of notifications with invented serials cannot make us call WeChat Pay for each one;
 * WeChat Pay's own retries of a real notification come later than that.
 */
export function createPlatformKeyStore(options: PlatformKeyStoreOptions) {
  let certificates: Map<string, KeyObject> | null = null;
  let inFlight: Promise<Map<string, KeyObject>> | null = null;
  let pauseUntil = 0;
  const publicKeyId = options.publicKeyId ? options.publicKeyId.trim() : undefined;

  const refresh = (): Promise<Map<string, KeyObject>> => {
    inFlight ??= options
      .download()
      .then((list) => {
        const at = options.now().getTime();
        certificates = new Map(
          list.filter((item) => item.validTo.getTime() > at).map((item) => [item.serial, item.publicKey]),
        );
        return certificates;
      })
      .finally(() => {
        inFlight = null;
      });
    return inFlight;
  };

  return {
    /** The key for a serial, or null when no public key or certificate has it. */
    async keyFor(serial: string): Promise<KeyObject | null> {
      if (publicKeyId && options.publicKey && serial.trim() === publicKeyId) return options.publicKey;
      const wanted = normaliseSerial(serial);
      const cached = certificates;
      const known = cached?.get(wanted);
      if (known) return known;
      if (cached && options.now().getTime() < pauseUntil) return null;
      // A cold cache downloads once here; a warm one re-downloads once: never twice for one lookup.
      const found = (await refresh()).get(wanted) ?? null;
      if (!found) pauseUntil = options.now().getTime() + 60_000;
      return found;
    },
    /** Accepts a freshly downloaded list before it is stored (to verify the download's own signature). */
    keyIn(list: PlatformCertificate[], serial: string): KeyObject | null {
      if (publicKeyId && options.publicKey && serial.trim() === publicKeyId) return options.publicKey;
      const wanted = normaliseSerial(serial);
      return list.find((item) => item.serial === wanted)?.publicKey ?? null;
    },
  };
}

export type PlatformKeyStore = ReturnType<typeof createPlatformKeyStore>;

/**
 * Checks an answer's or notification's signature: all four headers present, the timestamp within five
 * minutes of our clock, a key for the serial, and SHA256withRSA over `TIMESTAMP\nNONCE\nBODY\n`.
 * Returns why it failed, or null when it verifies. WeChat Pay also sends probe notifications whose
 * signature starts with `WECHATPAY/SIGNTEST/` to check that merchants verify; they fail here as they must.
 */
export async function checkSignature(
  headers: WechatpaySignedHeaders,
  body: string,
  keyFor: (serial: string) => Promise<KeyObject | null>,
  now: Date,
): Promise<string | null> {
  const { timestamp, nonce, signature, serial } = headers;
  if (!timestamp || !nonce || !signature || !serial) return 'missing Wechatpay signature headers';
  if (!/^\d{1,12}$/.test(timestamp)) return 'malformed Wechatpay-Timestamp';
  if (Math.abs(now.getTime() / 1000 - Number(timestamp)) > MAX_CLOCK_SKEW_SECONDS) {
    return 'Wechatpay-Timestamp more than 5 minutes off';
  }
  const key = await keyFor(serial);
  if (!key) return `unknown Wechatpay-Serial ${serial}`;
  if (!verifySha256Rsa(signedMessage(timestamp, nonce, body), signature, key)) return 'signature does not verify';
  return null;
}
