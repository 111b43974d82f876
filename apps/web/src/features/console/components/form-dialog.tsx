import { Form, type FormInstance, Modal } from 'antd';
import { type ReactNode, useState } from 'react';

export interface FormDialogProps<Values> {
  title: string;
  okText: string;
  open: boolean;
  onClose(): void;
  /**
   * Runs with the validated values; the dialog empties and closes when it resolves. When it rejects the
   * refusal has been shown already, and the dialog stays open with what was typed.
   */
  onSubmit(values: Values): Promise<unknown>;
  /** A sentence above the fields saying what the dialog will do. */
  summary?: ReactNode;
  initialValues?: Partial<Values>;
  /** The form, when a field's rules read another field (a password's confirmation); otherwise its own. */
  form?: FormInstance;
  children: ReactNode;
}

/**
 * The console's dialog around a form (the reason dialog, 修改密码): 取消, and an OK that validates the
 * fields, then runs `onSubmit` with the button loading.
 */
export function FormDialog<Values extends object>({
  title,
  okText,
  open,
  onClose,
  onSubmit,
  summary,
  initialValues,
  form: given,
  children,
}: FormDialogProps<Values>) {
  const [form] = Form.useForm(given);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const values = (await form.validateFields()) as Values;
    setBusy(true);
    try {
      await onSubmit(values);
      form.resetFields();
      onClose();
    } catch {
      // The refusal was shown where the call was made; the dialog stays open with what was typed.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      title={title}
      open={open}
      okText={okText}
      cancelText="取消"
      confirmLoading={busy}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      destroyOnHidden
    >
      {summary && <p className="console-dialog-summary">{summary}</p>}
      <Form form={form} layout="vertical" initialValues={initialValues} preserve={false}>
        {children}
      </Form>
    </Modal>
  );
}
