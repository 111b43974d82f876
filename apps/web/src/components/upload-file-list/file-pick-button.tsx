import { UploadOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useRef } from 'react';

export interface FilePickButtonProps {
  /** The file types the picker offers (`.zip,.tar`). */
  accept: string;
  /** The hidden input's test id (tests and journeys set files on it). */
  inputTestId: string;
  disabled?: boolean;
  /** The files picked; the input is emptied first so the same file can be picked again. */
  onPick(files: File[]): void;
}

/** The upload dialogs' 选择文件 button over a hidden multiple-file input (002 §2). */
export function FilePickButton({ accept, inputTestId, disabled, onPick }: FilePickButtonProps) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <input
        ref={input}
        type="file"
        accept={accept}
        multiple
        hidden
        data-testid={inputTestId}
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          event.target.value = '';
          onPick(files);
        }}
      />
      <Button icon={<UploadOutlined />} onClick={() => input.current?.click()} disabled={disabled}>
        选择文件
      </Button>
    </>
  );
}
