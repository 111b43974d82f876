import { QuestionCircleOutlined } from '@ant-design/icons';
import { competitionRule } from '@dso/domain';
import { Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { GlossaryTip } from '../../../components';

/**
 * Definitions of the keyword figures. The shared glossary (000 §9) defines competition; the
 * figures below are this product's own, worded for marketers.
 */
export const figureDefinitions = {
  searchIndex: { name: '搜索指数', text: '关键词在平台内的日均搜索热度，数值越高，搜索的人越多。' },
  overallIndex: {
    name: '综合指数',
    text: '关键词的综合热度：在搜索热度之上，计入相关作品的发布、播放、点赞、评论和分享等内容传播热度。综合指数高而搜索指数低，说明内容多、主动搜索少。',
  },
  relationStrength: {
    name: '关联强度',
    text: '相关词与本词的关联程度（0-100）：字面重合越多、搜索量越接近本词、同属一个行业，关联越强；60 以上为强，30-59 为中，30 以下为弱。',
  },
  relatedTrend: {
    name: '热度走势',
    text: '相关词自身近7天搜索指数相对前7天的变化：↑ 上升，↓ 下降，变化不足 1% 为持平；词库未收录的词显示 —。',
  },
  monthCover: { name: '月覆盖量', text: '近30天搜索该关键词的用户覆盖人次。' },
  relatedWorks: { name: '相关作品数', text: '标题、话题或文案中包含该关键词的作品数量。' },
  growth: { name: '7日增长率', text: '近7天搜索指数相对前7天的变化幅度。' },
  worksPerIndex: {
    name: '作品/指数比',
    text: `每一点搜索指数对应的相关作品数，与同行业的中位数相比：达到中位数的${competitionRule.crowdedRatio}倍为创作者扎堆，高于中位数为已有一定数量的作品，越低越容易突围。`,
  },
  firstSeen: { name: '首次收录', text: '该关键词第一次被词库收录的日期。' },
} as const;

export type FigureTerm = keyof typeof figureDefinitions | 'competition';

/** A figure's name with a question mark that explains it on hover, as the glossary tips do (000 §2.7). */
export function FigureTip({ term, children }: { term: FigureTerm; children?: ReactNode }) {
  if (term === 'competition') return <GlossaryTip term="competition">{children ?? '竞争度'}</GlossaryTip>;
  const definition = figureDefinitions[term];
  return (
    <Tooltip
      title={
        <div className="dso-glossary-tip">
          <div className="dso-glossary-tip__title">{definition.name}</div>
          <div>{definition.text}</div>
        </div>
      }
    >
      <span className="dso-glossary-term">
        {children ?? definition.name}
        <QuestionCircleOutlined className="dso-glossary-term__icon" aria-label={`${definition.name}说明`} />
      </span>
    </Tooltip>
  );
}
