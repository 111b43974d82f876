import { RobotOutlined, SearchOutlined } from '@ant-design/icons';
import { keywordLimits, keywordMessages } from '@dso/domain';
import { Button, Input, Tooltip } from 'antd';
import { useState } from 'react';
import { PlatformChip } from '../../../components';
import { useGatedNavigate } from '../../../layout/login-gate';
import { toast } from '../../../lib/feedback';
import { type PlatformInfo, platforms } from '../../../lib/platforms';
import { useKeywordText } from '../../../lib/use-keyword-text';
import { homeSearchTarget } from '../platforms';

/** The hero's keyword search: platform pills, a 30-character box and the AI选词 toggle (000 §2.5, §2.6). */
export function HomeSearch() {
  const [platform, setPlatform] = useState<PlatformInfo>(platforms[0] as PlatformInfo);
  const [aiPick, setAiPick] = useState(false);
  const goOrLogin = useGatedNavigate();
  const { input, submit } = useKeywordText(keywordLimits.single, (keyword) => {
    if (!keyword) {
      toast(keywordMessages.required, 'warning');
      return;
    }
    goOrLogin(homeSearchTarget({ platform, keyword, aiPick }));
  });

  return (
    <div className="home-search" data-testid="home-search">
      <div className="home-platforms" role="tablist" aria-label="选择平台">
        {platforms.map((item) => (
          <PlatformChip
            key={item.key}
            platform={item}
            active={item.key === platform.key}
            className="home-platform"
            onClick={() => setPlatform(item)}
          />
        ))}
      </div>
      <div className="home-search-box">
        <SearchOutlined className="home-search-icon" />
        <Input
          variant="borderless"
          size="large"
          {...input}
          placeholder={aiPick ? '输入核心词，AI 帮您挑选高价值蓝海词' : `搜索${platform.name}关键词，例如：露营装备`}
          onPressEnter={submit}
          aria-label="关键词"
        />
        <Tooltip title="开启后进入 AI 选词，由 AI 帮您挑选高价值蓝海词">
          <button
            type="button"
            role="switch"
            aria-checked={aiPick}
            className={`home-ai-toggle${aiPick ? ' is-on' : ''}`}
            onClick={() => setAiPick(!aiPick)}
            data-testid="ai-pick-toggle"
          >
            <RobotOutlined />
            AI选词
            <span className="home-ai-track" aria-hidden="true" />
          </button>
        </Tooltip>
        <Button type="primary" size="large" className="home-search-submit" autoInsertSpace={false} onClick={submit}>
          搜索
        </Button>
      </div>
    </div>
  );
}
