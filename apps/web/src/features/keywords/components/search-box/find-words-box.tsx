import { AimOutlined } from '@ant-design/icons';
import { keywordLimits, keywordMessages } from '@dso/domain';
import { Input } from 'antd';
import { useGatedNavigate } from '../../../../layout/login-gate';
import { useKeywordText } from '../../../../lib/use-keyword-text';

/** Where 'find words' leads: AI keyword selection, which picks blue-ocean words for a core word. */
export const FIND_WORDS_PATH = '/keyWordSeo';

/**
 * The 'find words' box of the page header (000 §2.6, §5): an industry core keyword of at most 10
 * characters; once full, the note 请输入您的行业核心关键词，10个字以内 shows under it. It opens AI keyword
 * selection, which the menus mark login-needed, so visitors get the login dialog first. An empty
 * box does nothing.
 */
export function FindWordsBox() {
  const goOrLogin = useGatedNavigate();
  const { text, input, submit } = useKeywordText(keywordLimits.findWords, (keyword) => {
    if (!keyword) return;
    goOrLogin(`${FIND_WORDS_PATH}?keyword=${encodeURIComponent(keyword)}`);
  });
  const full = Array.from(text).length >= keywordLimits.findWords;

  return (
    <div className="kw-find-words" data-testid="find-words">
      <Input.Search
        {...input}
        placeholder="输入行业核心词，AI帮你找词"
        enterButton={
          <span>
            <AimOutlined /> 找词
          </span>
        }
        onSearch={submit}
        aria-label="找词"
      />
      {full && (
        <div className="kw-find-words-note" role="note">
          {keywordMessages.findWords}
        </div>
      )}
    </div>
  );
}
