import { generateKeyPairSync } from 'node:crypto';

/** A fresh 2048-bit RSA key pair in PEM (SPKI public, PKCS#8 private), as the payment vendors' keys are given. */
export const rsaPemPair = () =>
  generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
