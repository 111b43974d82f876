import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as XLSX from '@e965/xlsx';
import { afterAll, describe, expect, it } from 'vitest';
import { workbookFile } from '../../testing/workbooks';
import { bufferSource, fileSource } from './byte-source';
import { type InspectOptions, inspectUpload } from './inspect-upload';
import { tarOf, workbookBomb, zipOf } from './test-archives';
import { uploadLimits, uploadMessages } from './upload-limits';

const sheetLimits = uploadLimits.keywordSheet;
const archiveLimits = uploadLimits.archive;

const inspect = (file: Buffer, limits = sheetLimits, options: InspectOptions = {}) =>
  inspectUpload(bufferSource(file), limits, options);

function smallWorkbook(bookType: 'xlsx' | 'biff8'): Buffer {
  const sheet = XLSX.utils.aoa_to_sheet([
    ['platform', 'keyword'],
    ['DSO', '露营'],
  ]);
  return workbookFile(sheet, bookType);
}

describe('the upload guard', () => {
  it('refuses a 1 MB workbook whose sheet unpacks to 300 MB without unpacking it', async () => {
    const bomb = workbookBomb(300);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const started = performance.now();
    await expect(inspect(bomb, sheetLimits, { measure: true })).rejects.toThrow(uploadMessages.unpackedTooLarge);
    // Reading the directory is all it takes; inflating 300 MB would take seconds.
    expect(performance.now() - started).toBeLessThan(500);
  });

  it('refuses a small entry compressed far beyond what real files reach', async () => {
    await expect(inspect(workbookBomb(5))).rejects.toThrow(uploadMessages.ratioTooHigh);
  });

  it('passes a directory that understates a sheet, then catches the lie when measuring', async () => {
    const liar = workbookBomb(300, { declaredSize: 10_000 });
    await expect(inspect(liar)).resolves.toMatchObject({ container: 'zip' });
    await expect(inspect(liar, sheetLimits, { measure: true })).rejects.toThrow(uploadMessages.damaged);
  });

  it('refuses more entries than the kind allows, from the count the directory declares', async () => {
    const many = zipOf(Array.from({ length: sheetLimits.maxEntries + 1 }, (_, index) => ({ name: `f${index}.txt` })));
    await expect(inspect(many)).rejects.toThrow(uploadMessages.tooManyEntries);
  });

  it('refuses absolute paths and .. in a zip', async () => {
    for (const name of ['../evil.sh', 'works/../../evil.sh', '/etc/passwd', 'C:\\Windows\\evil.dll', '..\\evil']) {
      await expect(inspect(zipOf([{ name, data: 'x' }]), archiveLimits)).rejects.toThrow(uploadMessages.unsafePath);
    }
  });

  it('refuses a symlink in a zip', async () => {
    const zip = zipOf([
      { name: 'a.png', data: 'png' },
      { name: 'link', data: '/etc/passwd', symlink: true },
    ]);
    await expect(inspect(zip, archiveLimits)).rejects.toThrow(uploadMessages.link);
  });

  it('refuses symlinks, hard links and .. in a tar', async () => {
    const symlink = tarOf([
      { name: 'works/a.png', data: 'png' },
      { name: 'works/b', type: '2', linkName: '/etc' },
    ]);
    await expect(inspect(symlink, archiveLimits)).rejects.toThrow(uploadMessages.link);
    const hardLink = tarOf([{ name: 'b', type: '1', linkName: 'a' }]);
    await expect(inspect(hardLink, archiveLimits)).rejects.toThrow(uploadMessages.link);
    const outside = tarOf([{ name: '../../root/.ssh/authorized_keys', data: 'key' }]);
    await expect(inspect(outside, archiveLimits)).rejects.toThrow(uploadMessages.unsafePath);
  });

  it('refuses a tar whose header does not add up', async () => {
    const tar = tarOf([{ name: 'a.png', data: 'png' }]);
    tar[0] = 'b'.charCodeAt(0);
    await expect(inspect(tar, archiveLimits)).rejects.toThrow(uploadMessages.damaged);
    const truncated = tarOf([{ name: 'a.png', data: Buffer.alloc(4096) }]).subarray(0, 1024);
    await expect(inspect(truncated, archiveLimits)).rejects.toThrow(uploadMessages.damaged);
  });

  it('answers the spec size messages for a file over its kind’s limit, declared or actual', async () => {
    const tooBig = Buffer.alloc(sheetLimits.maxBytes + 1);
    await expect(inspect(tooBig)).rejects.toThrow('上传文件大小不能超过 20MB!');
    const small = tarOf([{ name: 'a.png', data: 'png' }]);
    await expect(inspect(small, archiveLimits, { declaredBytes: archiveLimits.maxBytes + 1 })).rejects.toThrow(
      '上传文件大小不能超过 1G!',
    );
    await expect(inspect(small, archiveLimits, { declaredBytes: small.length + 1 })).rejects.toThrow(
      uploadMessages.damaged,
    );
  });

  it('refuses a file that is not what its format says', async () => {
    await expect(inspect(Buffer.from('platform,keyword\n'), sheetLimits, { expect: ['zip'] })).rejects.toThrow(
      uploadMessages.damaged,
    );
    const cut = smallWorkbook('xlsx');
    await expect(inspect(cut.subarray(0, cut.length - 30))).rejects.toThrow(uploadMessages.damaged);
  });

  it('passes ordinary workbooks, text and archives and says what they hold', async () => {
    const xlsx = await inspect(smallWorkbook('xlsx'), sheetLimits, { expect: ['zip'], measure: true });
    expect(xlsx.container).toBe('zip');
    expect(xlsx.entries).toBeGreaterThan(3);
    expect(await inspect(smallWorkbook('biff8'))).toMatchObject({ container: 'cfb', entries: 0 });
    expect(await inspect(Buffer.from('a,b\n1,2\n'))).toEqual({ container: 'plain', entries: 0, unpackedBytes: 8 });
    const works = tarOf([
      { name: 'works/', type: '5' },
      { name: 'works/封面.png', data: Buffer.alloc(700) },
    ]);
    expect(await inspect(works, archiveLimits)).toEqual({ container: 'tar', entries: 2, unpackedBytes: 700 });
  });

  describe('on disk', () => {
    let folder = '';
    afterAll(async () => folder && rm(folder, { recursive: true, force: true }));

    it('reads an archive from a file as it reads one in memory', async () => {
      folder = await mkdtemp(path.join(tmpdir(), 'dso-guard-'));
      const file = path.join(folder, 'works.zip');
      await writeFile(
        file,
        zipOf([
          { name: '作品/1.png', data: 'png' },
          { name: '作品/2.png', data: 'png!' },
        ]),
      );
      const source = await fileSource(file);
      try {
        expect(await inspectUpload(source, archiveLimits, { measure: true })).toEqual({
          container: 'zip',
          entries: 2,
          unpackedBytes: 7,
        });
      } finally {
        await source.close();
      }
    });
  });
});
