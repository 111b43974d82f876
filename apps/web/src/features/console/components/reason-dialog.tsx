import { CONSOLE_REASON_MAX, consoleMessages } from '@dso/contract';
import { Form, Input } from 'antd';
import type { ReactNode } from 'react';
import { FormDialog } from './form-dialog';

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
  return (
    <FormDialog<Values & { reason: string }>
      title={title}
      okText={okText}
      open={open}
      onClose={onClose}
      onSubmit={(values) => onSubmit({ ...values, reason: values.reason.trim() })}
      summary={summary}
      // Only the action's own fields start filled (the reason starts empty); TypeScript cannot see that this fits.
      initialValues={initialValues as Partial<Values & { reason: string }> | undefined}
    >
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
    </FormDialog>
  );
}
