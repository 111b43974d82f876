import { CONSOLE_REASON_MAX, consoleMessages } from '@dso/contract';
import { Form, Input, Modal } from 'antd';
import { type ReactNode, useState } from 'react';

export interface ReasonDialogProps<Values> {
  title: string;
  /** What the action will do, in a sentence shown above the fields. */
  summary?: ReactNode;
  okText: string;
  open: boolean;
  onClose(): void;
  /** Runs the action with the form's values (the reason included); the dialog closes when it resolves. */
  onSubmit(values: Values & { reason: string }): Promise<unknown>;
  /** The action's own fields, before the reason. */
  children?: ReactNode;
  initialValues?: Partial<Values>;
  /** A shorter limit than the audit log's 200 characters, where the reason goes elsewhere too (a red invoice's 备注). */
  reasonLimit?: { max: number; message: string };
}

/**
 * Every console action that changes something goes through this dialog: its fields, then the reason the
 * audit log keeps (required, at most 200 characters, the server's words).
 */
export function ReasonDialog<Values extends object>({
  title,
  summary,
  okText,
  open,
  onClose,
  onSubmit,
  children,
  initialValues,
  reasonLimit = { max: CONSOLE_REASON_MAX, message: consoleMessages.reasonTooLong },
}: ReasonDialogProps<Values>) {
  const [form] = Form.useForm();
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const values = (await form.validateFields()) as Values & { reason: string };
    setBusy(true);
    try {
      await onSubmit({ ...values, reason: values.reason.trim() });
      form.resetFields();
      onClose();
    } catch {
      // The client has shown the refusal; the dialog stays open with what was typed.
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
        <Form.Item
          name="reason"
          label="操作原因"
          rules={[
            { required: true, whitespace: true, message: consoleMessages.reasonRequired },
            { max: reasonLimit.max, message: reasonLimit.message },
          ]}
        >
          <Input.TextArea
            rows={3}
            placeholder="将记入审计日志，例如：用户来电反映账号被盗"
            showCount
            maxLength={reasonLimit.max}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
