import { describe, expect, it } from 'vitest';
import { pickFiles } from './upload-rules';

const file = (name: string, size = 10_000) => ({ name, size });

describe('picking keyword files', () => {
  it('refuses a pick when two files are listed', () => {
    expect(pickFiles(2, [file('a.xlsx')])).toEqual({ accepted: [], message: '最多只能上传两个文件,请先删除' });
  });

  it('refuses more than two files at once', () => {
    expect(pickFiles(0, [file('a.xlsx'), file('b.xlsx'), file('c.xlsx')])).toEqual({
      accepted: [],
      message: '一次最多上传两个文件',
    });
  });

  it('refuses a pick that would make three', () => {
    expect(pickFiles(1, [file('a.xlsx'), file('b.xls')]).message).toBe('最多只能上传两个文件,请先删除');
  });

  it('keeps out files of 20 MB or more and files that are not workbooks', () => {
    expect(pickFiles(0, [file('big.xlsx', 20 * 1024 * 1024), file('ok.XLS')])).toEqual({
      accepted: [file('ok.XLS')],
      message: '上传文件大小不能超过 20MB!',
    });
    expect(pickFiles(0, [file('a.csv')]).message).toBe('请上传 .xlsx 或 .xls 格式的文件');
    expect(pickFiles(1, [file('b.xlsx')])).toEqual({ accepted: [file('b.xlsx')], message: null });
  });
});
