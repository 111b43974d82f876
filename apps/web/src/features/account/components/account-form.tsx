import { Button, Form, type FormInstance } from 'antd';
import { type ReactNode, useState } from 'react';
import { allFilled } from '../../../lib/form-rules';

interface AccountSubmitOptions<Values> {
  form: FormInstance<Values>;
  /** The form's own enable rule (001 §4): while false, a submit does nothing. */
  isReady: boolean;
  send(values: Values): Promise<void>;
  /** By default a failure says nothing more: the response handler has already told the user. */
  onFailure?(error: unknown): void;
}

/** The button's loading flag and the send it stands for: on until `send` settles, a failure going to `onFailure`. */
function useSending() {
  const [loading, setLoading] = useState(false);
  const run = async (send: () => Promise<void>, onFailure?: (error: unknown) => void) => {
    setLoading(true);
    try {
      await send();
    } catch (error) {
      onFailure?.(error);
    } finally {
      setLoading(false);
    }
  };
  return { loading, run };
}

/**
 * The submit of an account form (001 §4). Enter in a field calls it directly, past a disabled or
 * loading button, so it checks the enable rule and a running submit itself; then the field rules,
 * then `send` with the button loading until it settles.
 */
export function useAccountSubmit<Values>({ form, isReady, send, onFailure }: AccountSubmitOptions<Values>) {
  const { loading, run } = useSending();
  const trySubmit = async () => {
    if (!isReady || loading) return;
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    await run(() => send(values), onFailure);
  };
  return { submit: () => void trySubmit(), loading };
}

/**
 * The submit of an account step without a form (a code sent to the account's own phone): as
 * useAccountSubmit, nothing while not ready or while one runs, and the button loading until `send`
 * settles; a failure has been told by the response handler.
 */
export function useStepSubmit(isReady: boolean, send: () => Promise<void>) {
  const { loading, run } = useSending();
  const submit = () => {
    if (isReady && !loading) void run(send);
  };
  return { submit, loading };
}

/** A phone and its SMS code, as the forms that send them name them. */
export interface PhoneCodeValues {
  phone: string;
  code: string;
}

/**
 * A form of a phone and its SMS code (code login, bind phone, the new phone): ready once both are
 * filled (001 §4); `send` gets them trimmed, as the server expects them. `phone` is what the
 * get-code button sends to.
 */
export function usePhoneCodeForm(send: (values: PhoneCodeValues) => Promise<void>) {
  const [form] = Form.useForm<PhoneCodeValues>();
  const phone = Form.useWatch('phone', form) ?? '';
  const code = Form.useWatch('code', form) ?? '';
  const isReady = allFilled(phone, code);
  const sendTrimmed = (values: PhoneCodeValues) => send({ phone: values.phone.trim(), code: values.code.trim() });
  return { form, phone, isReady, ...useAccountSubmit({ form, isReady, send: sendTrimmed }) };
}

interface AccountFormProps<Values> {
  form: FormInstance<Values>;
  /** The form's DOM id; tests find the submit button through it. */
  name: string;
  onSubmit(): void;
  children: ReactNode;
}

/** The frame of an account form; the rule messages speak for themselves, so no required marks. */
export function AccountForm<Values>({ form, name, onSubmit, children }: AccountFormProps<Values>) {
  return (
    <Form form={form} name={name} className="dso-account-form" onFinish={onSubmit} requiredMark={false}>
      {children}
    </Form>
  );
}

/** The full-width primary button an account form ends with: disabled until the form is ready (001 §4). */
export function AccountSubmitButton({
  isReady,
  loading,
  children,
}: {
  isReady: boolean;
  loading: boolean;
  children: ReactNode;
}) {
  return (
    <Button type="primary" size="large" block htmlType="submit" disabled={!isReady} loading={loading}>
      {children}
    </Button>
  );
}
