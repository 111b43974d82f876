import { SyncOutlined } from '@ant-design/icons';
import { useRandomSeoWords } from '../../api/random-seo-words';

/** The SEO page's random keyword tries (000 §2.6, §7): a few blue-ocean words and 换一批. */
export function RandomTries({ onPick }: { onPick(word: string): void }) {
  const { data: words = [], refetch, isFetching } = useRandomSeoWords();
  if (words.length === 0) return null;
  return (
    <div className="kw-tries" data-testid="random-tries">
      <span className="kw-tries-label">试试：</span>
      {words.map((word) => (
        <button key={word} type="button" className="kw-try" onClick={() => onPick(word)}>
          {word}
        </button>
      ))}
      <button type="button" className="kw-tries-refresh" onClick={() => void refetch()} disabled={isFetching}>
        <SyncOutlined spin={isFetching} /> 换一批
      </button>
    </div>
  );
}
