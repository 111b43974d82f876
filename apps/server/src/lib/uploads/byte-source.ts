import { open } from 'node:fs/promises';

/**
 * Random access to a file's bytes, in memory or on disk: the guard reads a zip's central directory and a tar's
 * headers without loading a 1 GB archive whole.
 */
export interface ByteSource {
  readonly size: number;
  /** Up to `length` bytes from `offset` (fewer at the end of the file). */
  read(offset: number, length: number): Promise<Buffer>;
  close(): Promise<void>;
}

export function bufferSource(buffer: Buffer): ByteSource {
  return {
    size: buffer.length,
    read: async (offset, length) => buffer.subarray(offset, Math.min(buffer.length, offset + length)),
    close: async () => {},
  };
}

export async function fileSource(path: string): Promise<ByteSource> {
  const handle = await open(path, 'r');
  const { size } = await handle.stat();
  return {
    size,
    read: async (offset, length) => {
      const wanted = Math.max(0, Math.min(length, size - offset));
      const buffer = Buffer.alloc(wanted);
      const { bytesRead } = await handle.read(buffer, 0, wanted, offset);
      return buffer.subarray(0, bytesRead);
    },
    close: () => handle.close(),
  };
}
