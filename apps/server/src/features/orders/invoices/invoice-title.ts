import type { InvoiceTitle } from '@dso/contract';
import type { Database } from '../../../db/client';
import { AppError } from '../../../lib/app-error';
import { invoiceMessages as m } from './invoice-items';
import { findInvoiceTitle } from './invoices.repository';

/** 统一社会信用代码 (GB 32100): registration authority and kind, 6-digit region, 9-character organisation code, check character. */
const TAX_NO = /^[0-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{10}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A title as stored on the invoice and as the saved title: absent fields are null. */
export interface NormalisedTitle {
  kind: 'normal' | 'special';
  titleType: 'personal' | 'company';
  title: string;
  taxNo: string | null;
  address: string | null;
  phone: string | null;
  bankName: string | null;
  bankAccount: string | null;
  email: string | null;
}

const filled = (value: string | undefined) => {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
};

/**
 * The title rules beyond the field limits the contract checks:
 * 1. a personal title is a 普通发票 only and carries no tax fields (any sent are dropped);
 * 2. a company title needs an 18-character 统一社会信用代码 (letters taken as capitals);
 * 3. a 专票 needs the company's address, phone, bank and account, asked for in that order;
 * 4. an email, when given, must look like one.
 */
export function normaliseInvoiceTitle(input: InvoiceTitle): NormalisedTitle {
  const email = filled(input.email);
  if (email && !EMAIL.test(email)) throw AppError.badRequest(m.email);
  const title = input.title.trim();
  if (input.title_type === 'personal') {
    if (input.kind === 'special') throw AppError.badRequest(m.specialCompanyOnly);
    return {
      kind: 'normal',
      titleType: 'personal',
      title,
      taxNo: null,
      address: null,
      phone: null,
      bankName: null,
      bankAccount: null,
      email,
    };
  }
  const taxNo = (input.tax_no ?? '').trim().toUpperCase();
  if (!TAX_NO.test(taxNo)) throw AppError.badRequest(m.taxNo);
  const company = {
    address: filled(input.address),
    phone: filled(input.phone),
    bankName: filled(input.bank_name),
    bankAccount: filled(input.bank_account),
  };
  if (input.kind === 'special') {
    for (const field of ['address', 'phone', 'bankName', 'bankAccount'] as const) {
      if (!company[field]) throw AppError.badRequest(m[field]);
    }
  }
  return { kind: input.kind, titleType: 'company', title, taxNo, ...company, email };
}

/** `invoice/title`: the title saved by the caller's last request, or null. */
export async function getSavedTitle(db: Database, userId: number): Promise<InvoiceTitle | null> {
  const row = await findInvoiceTitle(db, userId);
  if (!row) return null;
  const optional = (key: keyof InvoiceTitle, value: string | null) => (value === null ? {} : { [key]: value });
  return {
    kind: row.kind as InvoiceTitle['kind'],
    title_type: row.titleType as InvoiceTitle['title_type'],
    title: row.title,
    ...optional('tax_no', row.taxNo),
    ...optional('address', row.address),
    ...optional('phone', row.phone),
    ...optional('bank_name', row.bankName),
    ...optional('bank_account', row.bankAccount),
    ...optional('email', row.email),
  };
}
