import type { InvoiceInsertBody, InvoiceTitle, OrderItem } from '@dso/contract';
import { yuanText } from '@dso/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, Radio, Spin } from 'antd';
import type { Rule } from 'antd/es/form';
import { useState } from 'react';
import { AppDialog } from '../../../components/app-dialog/app-dialog';
import { toast } from '../../../lib/feedback';
import { insertInvoice, invoiceListKey, savedInvoiceTitleQuery } from '../api/invoice-api';
import { orderListKey } from '../api/order-list-api';

/** 统一社会信用代码: 18 characters of digits and upper-case letters (GB 32100-2015). */
const TAX_NO_PATTERN = /^[0-9A-Z]{18}$/;
export const TAX_NO_MESSAGE = '请输入正确的统一社会信用代码';

export const invoiceKindText = { normal: '普通发票', special: '增值税专用发票' } as const;
export const invoiceTitleTypeText = { personal: '个人', company: '单位' } as const;

/** The form's values: every text field as typed. */
export interface InvoiceFormValues {
  kind: InvoiceTitle['kind'];
  title_type: InvoiceTitle['title_type'];
  title: string;
  tax_no: string;
  address: string;
  phone: string;
  bank_name: string;
  bank_account: string;
  email: string;
}

const emptyValues: InvoiceFormValues = {
  kind: 'normal',
  title_type: 'personal',
  title: '',
  tax_no: '',
  address: '',
  phone: '',
  bank_name: '',
  bank_account: '',
  email: '',
};

/** The saved title as the form's starting values (the saved title reused). */
export function valuesFromTitle(saved: InvoiceTitle | null | undefined): InvoiceFormValues {
  if (!saved) return emptyValues;
  return {
    kind: saved.title_type === 'company' ? saved.kind : 'normal',
    title_type: saved.title_type,
    title: saved.title,
    tax_no: saved.tax_no ?? '',
    address: saved.address ?? '',
    phone: saved.phone ?? '',
    bank_name: saved.bank_name ?? '',
    bank_account: saved.bank_account ?? '',
    email: saved.email ?? '',
  };
}

/**
 * The request body: the tax number only for a company title, the bank fields only for a special VAT
 * invoice, and an empty e-mail left out.
 */
export function invoiceBody(orderIds: string[], values: InvoiceFormValues): InvoiceInsertBody {
  const company = values.title_type === 'company';
  const special = company && values.kind === 'special';
  const email = values.email.trim();
  return {
    order_ids: orderIds,
    kind: special ? 'special' : 'normal',
    title_type: values.title_type,
    title: values.title.trim(),
    ...(company ? { tax_no: values.tax_no.trim() } : {}),
    ...(special
      ? {
          address: values.address.trim(),
          phone: values.phone.trim(),
          bank_name: values.bank_name.trim(),
          bank_account: values.bank_account.trim(),
        }
      : {}),
    ...(email ? { email } : {}),
  };
}

const required = (message: string): Rule[] => [{ required: true, whitespace: true, message }];

/** What a special (专用) invoice adds, each required: the company's registered address and phone, and its bank. */
const specialFields = [
  { label: '地址', name: 'address', maxLength: 100, placeholder: '单位注册地址' },
  { label: '电话', name: 'phone', maxLength: 20, placeholder: '单位注册电话' },
  { label: '开户行', name: 'bank_name', maxLength: 50, placeholder: '开户银行名称' },
  { label: '银行账号', name: 'bank_account', maxLength: 40, placeholder: '银行账号' },
] as const;

export interface InvoiceRequestDialogProps {
  open: boolean;
  /** The paid orders the invoice covers. */
  orders: OrderItem[];
  onClose(): void;
  /** Called after the request was accepted. */
  onSubmitted(): void;
}

/**
 * The invoice request: 发票类型 (普通发票, or 增值税专用发票 for a company
 * title), 抬头类型 个人/单位, 抬头, 统一社会信用代码 for a company, the special invoice's address, phone,
 * bank and account, and an optional 接收邮箱. It starts from the saved title.
 */
export function InvoiceRequestDialog({ open, orders, onClose, onSubmitted }: InvoiceRequestDialogProps) {
  return (
    <AppDialog
      open={open}
      title="申请开票"
      width={560}
      footer={null}
      onCancel={onClose}
      className="orders-invoice-dialog"
    >
      {open && <InvoiceRequestForm orders={orders} onClose={onClose} onSubmitted={onSubmitted} />}
    </AppDialog>
  );
}

function InvoiceRequestForm({ orders, onClose, onSubmitted }: Omit<InvoiceRequestDialogProps, 'open'>) {
  const saved = useQuery(savedInvoiceTitleQuery());
  if (saved.isPending) {
    return (
      <div className="orders-invoice-loading">
        <Spin />
      </div>
    );
  }
  return (
    <InvoiceForm
      initialValues={valuesFromTitle(saved.data)}
      orders={orders}
      onClose={onClose}
      onSubmitted={onSubmitted}
    />
  );
}

function InvoiceForm({
  initialValues,
  orders,
  onClose,
  onSubmitted,
}: Omit<InvoiceRequestDialogProps, 'open'> & { initialValues: InvoiceFormValues }) {
  const [form] = Form.useForm<InvoiceFormValues>();
  const queryClient = useQueryClient();
  const [submitting, setSubmitting] = useState(false);
  const titleType = Form.useWatch('title_type', form) ?? initialValues.title_type;
  const kind = Form.useWatch('kind', form) ?? initialValues.kind;
  const company = titleType === 'company';
  const special = company && kind === 'special';
  const total = orders.reduce((sum, order) => sum + order.pay_money, 0);

  const submit = async () => {
    const values = await form.validateFields();
    setSubmitting(true);
    try {
      await insertInvoice(
        invoiceBody(
          orders.map((order) => order.order_id),
          { ...emptyValues, ...values },
        ),
      );
    } finally {
      setSubmitting(false);
    }
    toast('开票申请已提交', 'success', 2000);
    void queryClient.invalidateQueries({ queryKey: orderListKey });
    void queryClient.invalidateQueries({ queryKey: invoiceListKey });
    void queryClient.invalidateQueries({ queryKey: savedInvoiceTitleQuery().queryKey });
    onSubmitted();
  };

  return (
    <Form
      form={form}
      name="invoice-request"
      layout="horizontal"
      labelCol={{ flex: '140px' }}
      initialValues={initialValues}
      requiredMark
      onValuesChange={(changed: Partial<InvoiceFormValues>) => {
        // A personal title takes only ordinary invoices (增值税专用发票 is for companies).
        if (changed.title_type === 'personal') form.setFieldValue('kind', 'normal');
      }}
      onFinish={() => void submit().catch(() => undefined)}
      className="orders-invoice-form"
    >
      <p className="orders-invoice-summary" data-testid="invoice-summary">
        共 {orders.length} 个订单，开票金额 <strong>¥{yuanText(total)}</strong>
      </p>
      <Form.Item label="抬头类型" name="title_type">
        <Radio.Group
          options={[
            { value: 'personal', label: invoiceTitleTypeText.personal },
            { value: 'company', label: invoiceTitleTypeText.company },
          ]}
        />
      </Form.Item>
      <Form.Item label="发票类型" name="kind">
        <Radio.Group
          options={[
            { value: 'normal', label: invoiceKindText.normal },
            { value: 'special', label: invoiceKindText.special, disabled: !company },
          ]}
        />
      </Form.Item>
      <Form.Item label="抬头" name="title" rules={required('请输入发票抬头')}>
        <Input maxLength={100} placeholder={company ? '请输入单位名称' : '请输入个人姓名'} />
      </Form.Item>
      {company && (
        <Form.Item
          label="统一社会信用代码"
          name="tax_no"
          normalize={(value: string) => value.replace(/\s/g, '').toUpperCase()}
          rules={[
            {
              validator: (_rule, value: string | undefined) =>
                TAX_NO_PATTERN.test(value ?? '') ? Promise.resolve() : Promise.reject(new Error(TAX_NO_MESSAGE)),
            },
          ]}
          required
        >
          <Input maxLength={18} placeholder="18位统一社会信用代码" />
        </Form.Item>
      )}
      {special &&
        specialFields.map((field) => (
          <Form.Item key={field.name} label={field.label} name={field.name} rules={required(`请输入${field.label}`)}>
            <Input maxLength={field.maxLength} placeholder={field.placeholder} />
          </Form.Item>
        ))}
      <Form.Item
        label="接收邮箱"
        name="email"
        rules={[{ type: 'email', message: '请输入正确的邮箱地址' }]}
        extra="选填，开具后发送电子发票到该邮箱"
      >
        <Input maxLength={100} placeholder="选填" />
      </Form.Item>
      <div className="dso-dialog__footer">
        <Button onClick={onClose}>取消</Button>
        <Button type="primary" htmlType="submit" loading={submitting}>
          提交申请
        </Button>
      </div>
    </Form>
  );
}
