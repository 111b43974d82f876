import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Where AI 图文 keeps files, under DATA_DIR (docs/image-text.md): a work's pictures in
 * `image-text/works/<id>/`, an uploaded archive while it is checked in `image-text/incoming/`, and an
 * archive's pictures waiting for the template step in `image-text/staged/<upload id>/<work index>/`.
 * Every name is built here from ids and the server's own picture names, never from what a user sent.
 */
export interface ImageTextStorage {
  workFolder(workId: number): string;
  workFile(workId: number, name: string): string;
  incomingFile(uploadId: string): string;
  stagedFolder(uploadId: string, index?: number): string;
}

export function imageTextStorage(dataDir: string): ImageTextStorage {
  const root = path.join(dataDir, 'image-text');
  return {
    workFolder: (workId) => path.join(root, 'works', String(workId)),
    workFile: (workId, name) => path.join(root, 'works', String(workId), path.basename(name)),
    incomingFile: (uploadId) => path.join(root, 'incoming', `${uploadId}.upload`),
    stagedFolder: (uploadId, index) =>
      index === undefined ? path.join(root, 'staged', uploadId) : path.join(root, 'staged', uploadId, String(index)),
  };
}

/** The extension a picture is stored with. */
export function extensionOf(mime: string): 'png' | 'jpg' | 'webp' {
  if (mime === 'image/jpeg') return 'jpg';
  if (mime === 'image/webp') return 'webp';
  return 'png';
}

export const mimeOfName = (name: string) =>
  name.endsWith('.jpg') ? 'image/jpeg' : name.endsWith('.webp') ? 'image/webp' : 'image/png';

export async function writeFileIn(folder: string, name: string, data: Uint8Array): Promise<void> {
  await mkdir(folder, { recursive: true });
  await writeFile(path.join(folder, name), data);
}

/** Moves a staged work's pictures to its work folder. */
export async function moveFolder(from: string, to: string): Promise<void> {
  await mkdir(path.dirname(to), { recursive: true });
  await rm(to, { recursive: true, force: true });
  await rename(from, to);
}

export const removePath = (target: string) => rm(target, { recursive: true, force: true });
