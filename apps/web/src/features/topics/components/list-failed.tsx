import { Button } from 'antd';
import { NoData } from '../../../components';

/** A list that failed to load, with one way to try again. */
export function ListFailed({ text, retry }: { text: string; retry(): void }) {
  return (
    <div className="tp-empty">
      <NoData text={text} />
      <Button onClick={retry}>重新加载</Button>
    </div>
  );
}
