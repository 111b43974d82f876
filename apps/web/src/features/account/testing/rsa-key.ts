/** A throwaway RSA-OAEP key pair in the server's format: the public half as base64 SPKI. */
export async function createTestKeyPair() {
  const pair = await crypto.subtle.generateKey(
    { name: 'RSA-OAEP', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
    true,
    ['encrypt', 'decrypt'],
  );
  const spki = new Uint8Array(await crypto.subtle.exportKey('spki', pair.publicKey));
  const publicKey = { public_key: btoa(String.fromCharCode(...spki)), algorithm: 'RSA-OAEP', hash: 'SHA-256' };
  /** Decrypts a `pwd` field the way the server does. */
  const decrypt = async (base64: string) => {
    const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
    return new TextDecoder().decode(await crypto.subtle.decrypt({ name: 'RSA-OAEP' }, pair.privateKey, bytes));
  };
  return { publicKey, decrypt };
}
