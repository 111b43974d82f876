import { imageTextMessages } from '@dso/contract';
import { describe, expect, it } from 'vitest';
import { pickArchives, statusLabel, stepDecision } from './works-upload-rules';

const file = (name: string, size = 1024) => ({ name, size });

describe('picking works archives', () => {
  it('takes .zip and .tar under 1 GB', () => {
    expect(pickArchives(0, [file('a.zip'), file('b.TAR')])).toEqual({
      accepted: [file('a.zip'), file('b.TAR')],
      message: null,
    });
  });

  it('leaves out other formats and files of 1 GB or more with their messages', () => {
    expect(pickArchives(0, [file('a.rar'), file('b.zip')])).toEqual({
      accepted: [file('b.zip')],
      message: imageTextMessages.uploadOnlyArchives,
    });
    expect(pickArchives(0, [file('big.zip', 1024 ** 3)]).message).toBe('上传文件大小不能超过 1G!');
  });

  it('refuses a third file with the two messages of 002 §5', () => {
    expect(pickArchives(2, [file('c.zip')]).message).toBe('最多只能上传两个文件,请先删除');
    expect(pickArchives(0, [file('a.zip'), file('b.zip'), file('c.zip')]).message).toBe('一次最多上传两个文件');
    expect(pickArchives(1, [file('a.zip'), file('b.zip')])).toEqual({
      accepted: [],
      message: '最多只能上传两个文件,请先删除',
    });
  });
});

describe('after parsing', () => {
  it('refuses without units, asks for the first N when short, applies otherwise', () => {
    expect(stepDecision(3, 0)).toEqual({ kind: 'refuse' });
    expect(stepDecision(5, 2)).toEqual({ kind: 'ask', first: 2 });
    expect(imageTextMessages.quotaFirstN(2)).toBe('当前剩余额度不足，是否上传前2个作品？');
    expect(stepDecision(2, 2)).toEqual({ kind: 'apply' });
  });

  it('labels a parsed file with its work count from the status_id', () => {
    expect(statusLabel(2, 'abc_3')).toBe('解析成功！共3个图文作品');
    expect(statusLabel(4, null)).toBe('解析失败！');
    expect(statusLabel(3, null)).toBe('上传失败！');
  });
});
