import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readPdf } from '../../testing/read-pdf';
import { type InvoiceRequest, InvoiceRequestError, type InvoiceSeller, MAX_INVOICE_TOTAL_FEN, splitTax } from './index';
import {
  findInvoiceFont,
  INVOICE_FONT_MISSING_MESSAGE,
  type InvoiceFont,
  InvoiceFontMissingError,
  preferredFace,
  SYSTEM_CJK_FONTS,
} from './invoice-font';
import { amountInChineseCapitals, formatInvoiceDate, formatYuan } from './invoice-pdf';
import { createSandboxInvoice, sandboxInvoiceNo } from './sandbox';

const seller: InvoiceSeller = {
  name: '北京迪搜信息技术有限公司',
  taxNo: '91110108MA01ABCD3X',
  address: '北京市海淀区中关村大街1号',
  phone: '010-12345678',
  bank: '招商银行北京分行 110912345610101',
};

function invoiceRequest(overrides: Partial<InvoiceRequest> = {}): InvoiceRequest {
  return {
    invoiceId: 'inv_0001',
    kind: 'normal',
    titleType: 'company',
    title: '上海某某文化传媒有限公司',
    taxNo: '91310000MA1FL12345',
    email: 'finance@example.com',
    lines: [{ name: '*信息技术服务*DSO 个人版会员 12个月', amountFen: 139_900, orderId: 'O2025010200001' }],
    // 01:30 on 2 January in Shanghai, still 1 January in UTC.
    issuedAt: new Date('2025-01-01T17:30:00Z'),
    ...overrides,
  };
}

/** The drawing tests need a CJK font on the machine, as the product does (Debian: fonts-noto-cjk). */
function installedFont(): InvoiceFont {
  try {
    return findInvoiceFont({ candidates: SYSTEM_CJK_FONTS });
  } catch (error) {
    const detail = error instanceof InvoiceFontMissingError ? error.detail : String(error);
    throw new Error(`these tests draw Chinese and need a CJK font (apt-get install fonts-noto-cjk): ${detail}`);
  }
}

const font = installedFont();

function sandbox(options: { now?: () => Date } = {}) {
  return createSandboxInvoice({
    seller,
    fontPath: font.path,
    ...(font.family ? { fontFamily: font.family } : {}),
    ...options,
  });
}

describe('amountInChineseCapitals', () => {
  it.each([
    [0, '零圆整'],
    [5, '伍分'],
    [50, '伍角'],
    [100, '壹圆整'],
    [1005, '壹拾圆零伍分'],
    [5005, '伍拾圆零伍分'],
    [10_050, '壹佰圆伍角'],
    [139_900, '壹仟叁佰玖拾玖圆整'],
    [100_500, '壹仟零伍圆整'],
    [10_000_000, '壹拾万圆整'],
    [10_100_000, '壹拾万壹仟圆整'],
    [100_000_005, '壹佰万圆零伍分'],
    [100_010_000, '壹佰万零壹佰圆整'],
    [10_000_000_100, '壹亿零壹圆整'],
    [10_001_000_000, '壹亿零壹万圆整'],
    [-139_900, '负壹仟叁佰玖拾玖圆整'],
  ])('writes %i fen as %s', (fen, capitals) => {
    expect(amountInChineseCapitals(fen)).toBe(capitals);
  });

  it('refuses fractions of a fen and amounts beyond 9999亿 yuan', () => {
    expect(() => amountInChineseCapitals(1.5)).toThrow(RangeError);
    expect(() => amountInChineseCapitals(1e14)).toThrow(RangeError);
  });
});

describe('splitTax', () => {
  it('splits 1,399.00 into 1,319.81 and 79.19 at 6%', () => {
    expect(splitTax(139_900)).toEqual({ amountFen: 131_981, taxFen: 7_919 });
  });

  it('rounds the tax half up: 53 fen carries 3 fen of tax (53 × 6 / 106 = 3 exactly), 9 fen carries 1 (0.509)', () => {
    expect(splitTax(53).taxFen).toBe(3);
    expect(splitTax(9).taxFen).toBe(1);
    expect(splitTax(8).taxFen).toBe(0);
  });

  it('always adds back to the total, with the tax the rounded 6/106 share and a negative total the mirror', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000_000 }), (total) => {
        const { amountFen, taxFen } = splitTax(total);
        expect(amountFen + taxFen).toBe(total);
        expect(Math.abs(taxFen - (total * 6) / 106)).toBeLessThanOrEqual(0.5);
        expect(splitTax(-total)).toEqual({ amountFen: -amountFen || 0, taxFen: -taxFen || 0 });
      }),
    );
  });
});

describe('formatting', () => {
  it('writes yuan with thousands separators and two decimals', () => {
    expect(formatYuan(139_900)).toBe('1,399.00');
    expect(formatYuan(123_456_789)).toBe('1,234,567.89');
    expect(formatYuan(-5)).toBe('-0.05');
    expect(formatYuan(0)).toBe('0.00');
  });

  it('dates an invoice by the Shanghai calendar day', () => {
    expect(formatInvoiceDate(new Date('2025-01-01T17:30:00Z'))).toBe('2025年01月02日');
    expect(formatInvoiceDate(new Date('2025-12-31T15:59:59Z'))).toBe('2025年12月31日');
  });
});

describe('sandbox invoice numbers', () => {
  it('are 20 digits starting with 99, the same for the same id and different for another', () => {
    const number = sandboxInvoiceNo('inv_0001');
    expect(number).toMatch(/^99\d{18}$/);
    expect(sandboxInvoiceNo('inv_0001')).toBe(number);
    expect(sandboxInvoiceNo('inv_0002')).not.toBe(number);
  });
});

describe('the sandbox invoice provider', () => {
  it('issues a small, complete PDF file', async () => {
    const issued = await sandbox().issue(invoiceRequest());
    expect(issued.pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(issued.pdf.subarray(-6).toString('latin1').trim()).toBe('%%EOF');
    // Only the glyphs used are embedded, not the 20 MB font.
    expect(issued.pdf.length).toBeLessThan(300 * 1024);
    expect(issued.invoiceCode).toBeUndefined();
    expect(issued.issuedAt).toEqual(new Date('2025-01-01T17:30:00Z'));
  });

  it('prints a normal invoice: title, sandbox mark, number, Shanghai date, buyer, seller, items and totals', async () => {
    const provider = sandbox();
    const request = invoiceRequest({
      lines: [
        { name: '*信息技术服务*DSO 个人版会员 12个月', amountFen: 139_900, orderId: 'O2025010200001' },
        { name: '*信息技术服务*DSO 加油包', amountFen: 5_005, orderId: 'O2025010200002' },
      ],
    });
    const issued = await provider.issue(request);
    const { text, lines } = readPdf(issued.pdf);

    expect(lines).toContain('电子发票（普通发票）');
    expect(text).toContain('沙盒样张 · 无效发票');
    expect(lines).toContain('发票号码：');
    expect(lines).toContain(issued.invoiceNo);
    expect(lines).toContain('2025年01月02日');
    expect(lines).toContain('上海某某文化传媒有限公司');
    expect(lines).toContain('统一社会信用代码/纳税人识别号：');
    expect(lines).toContain('91310000MA1FL12345');
    expect(lines).toContain(seller.name);
    expect(lines).toContain(seller.taxNo);
    expect(lines).toEqual(expect.arrayContaining(['项目名称', '数量', '金额', '税率/征收率', '税额']));
    expect(lines).toContain('*信息技术服务*DSO 个人版会员 12个月');
    // 1,399.00 = 1,319.81 + 79.19 and 50.05 = 47.22 + 2.83; totals 1,367.03 + 82.02 = 1,449.05.
    expect(lines).toEqual(expect.arrayContaining(['1,319.81', '79.19', '47.22', '2.83', '6%', '1']));
    expect(lines).toEqual(expect.arrayContaining(['¥1,367.03', '¥82.02']));
    expect(lines).toContain('壹仟肆佰肆拾玖圆零伍分');
    expect(lines).toContain('（小写）');
    expect(lines).toContain('¥1,449.05');
    expect(text).toContain('订单号：O2025010200001、O2025010200002');
    expect(lines).toContain('开票人：沙盒');
    // A normal invoice carries no bank details.
    expect(text).not.toContain('开户行及账号');
  });

  it('names the invoice and the sandbox in the document information', async () => {
    const issued = await sandbox().issue(invoiceRequest());
    const { info } = readPdf(issued.pdf);
    expect(info.Title).toBe(`电子发票（普通发票） ${issued.invoiceNo}`);
    expect(info.Subject).toContain('沙盒样张 · 无效发票');
    expect(info.Author).toBe(seller.name);
  });

  it('embeds one subset CJK font whose ToUnicode map carries 发 and 票', async () => {
    const issued = await sandbox().issue(invoiceRequest());
    const { fonts, cmaps } = readPdf(issued.pdf);
    expect(fonts).toHaveLength(1);
    // A subset font's name is a six-letter tag, '+', and the face's PostScript name.
    expect(fonts[0]).toMatch(new RegExp(`^[A-Z]{6}\\+${font.family ?? ''}`));
    const mapped = new Set(cmaps.flatMap((cmap) => [...cmap.values()]));
    expect(mapped).toContain('发');
    expect(mapped).toContain('票');
  });

  it('gives a retried invoice id the same number and the same bytes, and another id another number', async () => {
    const provider = sandbox();
    const first = await provider.issue(invoiceRequest());
    const retry = await provider.issue(invoiceRequest());
    const other = await provider.issue(invoiceRequest({ invoiceId: 'inv_0002' }));
    expect(retry.invoiceNo).toBe(first.invoiceNo);
    expect(retry.pdf.equals(first.pdf)).toBe(true);
    expect(other.invoiceNo).not.toBe(first.invoiceNo);
  });

  it('prints the buyer and seller address, phone and bank account on a special invoice', async () => {
    const issued = await sandbox().issue(
      invoiceRequest({
        kind: 'special',
        address: '上海市浦东新区世纪大道100号',
        phone: '021-87654321',
        bankName: '中国工商银行上海分行',
        bankAccount: '1001234509876543210',
      }),
    );
    const { lines, info } = readPdf(issued.pdf);
    expect(lines).toContain('电子发票（增值税专用发票）');
    expect(info.Title).toContain('电子发票（增值税专用发票）');
    expect(lines.filter((line) => line === '地址、电话：')).toHaveLength(2);
    expect(lines.filter((line) => line === '开户行及账号：')).toHaveLength(2);
    expect(lines).toContain('上海市浦东新区世纪大道100号 021-87654321');
    expect(lines).toContain('中国工商银行上海分行 1001234509876543210');
    expect(lines).toContain(`${seller.address} ${seller.phone}`);
    expect(lines).toContain(seller.bank);
  });

  it('issues a red-letter invoice with negative amounts that names the original number and the reason', async () => {
    const provider = sandbox({ now: () => new Date('2025-03-05T02:00:00Z') });
    const original = invoiceRequest();
    const blue = await provider.issue(original);
    const red = await provider.redden({
      invoiceId: 'inv_0001_red',
      invoiceNo: blue.invoiceNo,
      reason: '开票有误',
      original,
    });
    expect(red.invoiceNo).toMatch(/^99\d{18}$/);
    expect(red.invoiceNo).not.toBe(blue.invoiceNo);
    expect(red.issuedAt).toEqual(new Date('2025-03-05T02:00:00Z'));

    const { lines, text, info } = readPdf(red.pdf);
    expect(lines).toContain('红字发票');
    expect(info.Title).toBe(`红字电子发票（普通发票） ${red.invoiceNo}`);
    expect(lines).toContain(red.invoiceNo);
    expect(lines).toContain('2025年03月05日');
    expect(text).toContain(`被红冲蓝字发票号码：${blue.invoiceNo}`);
    expect(text).toContain('红冲原因：开票有误');
    expect(lines).toEqual(expect.arrayContaining(['-1', '-1,319.81', '-79.19', '¥-1,319.81', '¥-79.19']));
    expect(lines).toContain('（负数）壹仟叁佰玖拾玖圆整');
    expect(lines).toContain('¥-1,399.00');
  });

  it('refuses to redden with a number that is not the original invoice’s, or under the original’s own id', async () => {
    const provider = sandbox();
    const original = invoiceRequest();
    const blue = await provider.issue(original);
    await expect(
      provider.redden({ invoiceId: 'inv_red', invoiceNo: sandboxInvoiceNo('other'), reason: '开票有误', original }),
    ).rejects.toThrow(new InvoiceRequestError('红冲的发票号码与原发票不符'));
    await expect(
      provider.redden({ invoiceId: original.invoiceId, invoiceNo: blue.invoiceNo, reason: '开票有误', original }),
    ).rejects.toBeInstanceOf(InvoiceRequestError);
  });

  it('refuses a company title without a valid tax number, a special invoice for a person, and empty or oversized item lists', async () => {
    const provider = sandbox();
    await expect(provider.issue(invoiceRequest({ taxNo: '12345' }))).rejects.toThrow(InvoiceRequestError);
    await expect(provider.issue(invoiceRequest({ taxNo: undefined }))).rejects.toThrow(InvoiceRequestError);
    await expect(
      provider.issue(invoiceRequest({ kind: 'special', titleType: 'personal', title: '张三', taxNo: undefined })),
    ).rejects.toThrow('增值税专用发票只能开给单位');
    await expect(provider.issue(invoiceRequest({ lines: [] }))).rejects.toThrow(InvoiceRequestError);
    const hugeLine = { name: '*信息技术服务*DSO', amountFen: MAX_INVOICE_TOTAL_FEN + 1, orderId: 'O1' };
    await expect(provider.issue(invoiceRequest({ lines: [hugeLine] }))).rejects.toThrow('发票金额超出上限');
  });

  it('issues a personal invoice without a tax number', async () => {
    const issued = await sandbox().issue(invoiceRequest({ titleType: 'personal', title: '张三', taxNo: undefined }));
    expect(readPdf(issued.pdf).lines).toContain('张三');
  });

  it('grows the page for many orders and keeps a long buyer name on one line', async () => {
    const lines = Array.from({ length: 30 }, (_, index) => ({
      name: `*信息技术服务*DSO 个人版会员 第${index + 1}期`,
      amountFen: 4_990,
      orderId: `O${String(index + 1).padStart(4, '0')}`,
    }));
    const title = '中华人民共和国某某省某某市某某区某某街道某某文化传媒科技发展股份有限公司第一分公司';
    const issued = await sandbox().issue(invoiceRequest({ title, lines }));
    const read = readPdf(issued.pdf);
    expect(read.lines).toContain(title);
    expect(read.lines).toContain('*信息技术服务*DSO 个人版会员 第30期');
    // 30 × 49.90 = 1,497.00.
    expect(read.lines).toContain('¥1,497.00');
    const mediaBox = /\/MediaBox \[0 0 683 (\d+)\]/.exec(issued.pdf.toString('latin1'));
    expect(Number(mediaBox?.[1])).toBeGreaterThan(30 * 18);
  });
});

/** Debian's fonts-dejavu-core: Latin, Greek and Cyrillic only. */
const LATIN_ONLY_FONT = '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf';

describe('the invoice font', () => {
  it('fails issuing with the Chinese message when the configured font does not exist and the search is off', async () => {
    const provider = createSandboxInvoice({ seller, fontPath: '/nonexistent/NotoSansCJK.ttc', fontCandidates: [] });
    const error = await provider.issue(invoiceRequest()).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(InvoiceFontMissingError);
    expect((error as Error).message).toBe('发票字体缺失，请安装中文字体（fonts-noto-cjk）或设置 INVOICE_FONT_PATH');
    expect((error as InvoiceFontMissingError).detail).toContain('/nonexistent/NotoSansCJK.ttc');
  });

  it('does not fall back to a system font when the configured one is missing', () => {
    expect(() => findInvoiceFont({ fontPath: '/nonexistent/font.otf' })).toThrow(INVOICE_FONT_MISSING_MESSAGE);
  });

  it('fails without a configured font when no candidate location holds one', () => {
    expect(() => findInvoiceFont({ candidates: [{ path: '/nonexistent/a.ttc' }] })).toThrow(InvoiceFontMissingError);
    expect(() => findInvoiceFont({ candidates: [] })).toThrow(InvoiceFontMissingError);
  });

  it('rejects a file that is not a font', () => {
    const notAFont = fileURLToPath(import.meta.url);
    expect(() => findInvoiceFont({ fontPath: notAFont })).toThrow(InvoiceFontMissingError);
  });

  it.runIf(existsSync(LATIN_ONLY_FONT))(
    'refuses a font without Chinese glyphs rather than print empty boxes',
    async () => {
      const provider = createSandboxInvoice({ seller, fontPath: LATIN_ONLY_FONT });
      const error = await provider.issue(invoiceRequest()).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(InvoiceFontMissingError);
      expect((error as InvoiceFontMissingError).detail).toContain('no Chinese glyphs');
    },
  );

  it('searches the system locations in order and takes the first one present', () => {
    const found = findInvoiceFont({ candidates: [{ path: '/nonexistent/a.ttc' }, font] });
    expect(found.path).toBe(font.path);
  });

  it('picks the Simplified Chinese face of a collection when no face is named', () => {
    expect(
      preferredFace([
        'NotoSansCJKjp-Regular',
        'NotoSansCJKkr-Regular',
        'NotoSansMonoCJKsc-Regular',
        'NotoSansCJKsc-Regular',
      ]),
    ).toBe('NotoSansCJKsc-Regular');
    expect(preferredFace(['WenQuanYiMicroHei', 'WenQuanYiMicroHeiMono'])).toBe('WenQuanYiMicroHei');
    expect(preferredFace(['SourceHanSans-Regular', 'SourceHanSansSC-Regular'])).toBe('SourceHanSansSC-Regular');
  });

  it.runIf(font.family !== undefined)(
    'reads the face names of an installed collection and refuses one it lacks',
    () => {
      expect(findInvoiceFont({ fontPath: font.path }).family).toBe(font.family);
      expect(() => findInvoiceFont({ fontPath: font.path, fontFamily: 'NoSuchFace-Regular' })).toThrow(
        InvoiceFontMissingError,
      );
    },
  );
});
