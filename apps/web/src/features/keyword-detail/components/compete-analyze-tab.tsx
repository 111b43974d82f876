import { CheckCircleFilled, ExclamationCircleFilled } from '@ant-design/icons';
import type { CompeteAnalyze, KeywordRow } from '@dso/contract';
import { competitionLabel, fallbackYardstick, type SupplyLevel, supplyLevel } from '@dso/domain';
import { type ReactNode, useMemo } from 'react';
import { CompetitionStars, GrowthText, NoData } from '../../../components';
import { EChart, useChartTheme } from '../../../lib/charts';
import { formatFigure } from '../../../lib/figures';
import { competeCategories, competeChartOption } from '../charts/compete-chart-option';
import { DetailCard } from './detail-card';
import { FigureTip } from './figure-tip';

type Comparison = 'higher' | 'similar' | 'lower';

const comparisonText: Record<Comparison, string> = { higher: '高于', similar: '持平', lower: '低于' };

const densityNotes: Record<SupplyLevel, string> = {
  crowded: '创作者扎堆',
  above: '已有一定数量作品',
  below: '相关作品较少',
};

/** Works per index point as the grade reads it: against the industry's median (the domain's supplyLevel). */
function densityNote(worksPerIndex: number, median: number | null): string {
  return densityNotes[supplyLevel(worksPerIndex, median ?? fallbackYardstick.worksPerIndex)];
}

/**
 * Whether a comparison is good news for someone choosing the word: more demand and growth are good,
 * more works per index point and more competition are not.
 */
function isFavourable(metric: 'search_index' | 'works_per_index' | 'competition' | 'growth_rate', value: Comparison) {
  if (value === 'similar') return null;
  const higherIsBetter = metric === 'search_index' || metric === 'growth_rate';
  return (value === 'higher') === higherIsBetter;
}

function ComparisonBadge({ metric, value }: { metric: Parameters<typeof isFavourable>[0]; value: Comparison }) {
  const favourable = isFavourable(metric, value);
  const tone = favourable === null ? 'flat' : favourable ? 'good' : 'bad';
  return <span className={`kd-compare-badge kd-compare-badge--${tone}`}>{comparisonText[value]}中位</span>;
}

/**
 * The competition analysis tab (`competeAnalyze`): the stars with the reasons behind them, the
 * drivers (works per index, commerce intent, growth, blue ocean), and the keyword against its
 * industry's median as a dual-axis chart with a verdict per figure.
 */
/** A factor of the rating under 竞争因素: its name, its value, and what the value means. */
function Driver({ label, value, note }: { label: ReactNode; value: ReactNode; note: string }) {
  return (
    <div className="kd-driver">
      <div className="kd-driver__label">{label}</div>
      <div className="kd-driver__value">{value}</div>
      <div className="note-line">{note}</div>
    </div>
  );
}

export function CompeteAnalyzeTab({ row, analysis }: { row: KeywordRow; analysis: CompeteAnalyze }) {
  const { palette } = useChartTheme();
  const option = useMemo(() => competeChartOption(row, analysis, palette), [row, analysis, palette]);
  const level = competitionLabel(analysis.stars)?.level ?? 'low';
  const median = analysis.industry_median;
  const [, medianName] = competeCategories(analysis);
  return (
    <div className="kd-stack" data-testid="compete-tab">
      <div className="kd-grid kd-grid--compete">
        <DetailCard
          title={<FigureTip term="competition">竞争度评级</FigureTip>}
          extra={<span className="kd-card__extra">截至 {row.as_of}</span>}
          className={`kd-verdict kd-verdict--${level}`}
        >
          <div className="kd-verdict__grade">
            <CompetitionStars value={analysis.stars} className="kd-verdict__stars" />
            <span className="kd-verdict__level">{analysis.level}</span>
          </div>
          <p className="kd-verdict__summary">{analysis.summary}</p>
          <h3 className="kd-subtitle">评级原因</h3>
          {analysis.reasons.length > 0 ? (
            <ul className="kd-reasons" data-testid="compete-reasons">
              {analysis.reasons.map((reason) => (
                <li key={reason}>
                  <ExclamationCircleFilled className="kd-reasons__icon" aria-hidden />
                  {reason}
                </li>
              ))}
            </ul>
          ) : (
            <p className="kd-muted">暂无明显竞争因素</p>
          )}
        </DetailCard>
        <DetailCard title="竞争因素">
          <div className="kd-drivers">
            <Driver
              label={<FigureTip term="worksPerIndex" />}
              value={analysis.works_per_index.toFixed(2)}
              note={densityNote(analysis.works_per_index, median?.works_per_index ?? null)}
            />
            <Driver
              label="带货意图"
              value={analysis.commerce_intent ? '强' : '弱'}
              note={analysis.commerce_intent ? '商家争抢，投放竞争激烈' : '以内容需求为主'}
            />
            <Driver
              label={<FigureTip term="growth" />}
              value={<GrowthText rate={analysis.growth_rate} />}
              note="近7天对比前7天"
            />
            <Driver
              label="蓝海词"
              value={
                analysis.blue_ocean ? (
                  <span className="kd-good">
                    <CheckCircleFilled aria-hidden /> 是
                  </span>
                ) : (
                  '否'
                )
              }
              note={analysis.blue_ocean ? '需求高、竞争小，值得优先布局' : '需结合需求与竞争判断'}
            />
          </div>
        </DetailCard>
      </div>
      <DetailCard
        title={`与${medianName}对比`}
        extra={
          median && (
            <span className="kd-card__extra">
              基于 {median.sample_size.toLocaleString('zh-CN')} 个关键词 · 截至 {median.as_of}
            </span>
          )
        }
        testId="compete-median"
      >
        {median && option && analysis.compared ? (
          <div className="kd-grid kd-grid--median">
            <EChart
              option={option}
              height={300}
              ariaLabel={`本词与${medianName}的搜索指数、相关作品数和作品/指数比`}
              testId="compete-chart"
            />
            <table className="kd-median-table">
              <thead>
                <tr>
                  <th>指标</th>
                  <th>本词</th>
                  <th>中位数</th>
                  <th>对比</th>
                </tr>
              </thead>
              <tbody>
                <tr>
                  <td>搜索指数</td>
                  <td>{formatFigure(row.search_index)}</td>
                  <td>{formatFigure(median.search_index)}</td>
                  <td>
                    <ComparisonBadge metric="search_index" value={analysis.compared.search_index} />
                  </td>
                </tr>
                <tr>
                  <td>作品/指数比</td>
                  <td>{analysis.works_per_index.toFixed(2)}</td>
                  <td>{median.works_per_index.toFixed(2)}</td>
                  <td>
                    <ComparisonBadge metric="works_per_index" value={analysis.compared.works_per_index} />
                  </td>
                </tr>
                <tr>
                  <td>竞争度</td>
                  <td>{analysis.stars} 星</td>
                  <td>{Number(median.competition.toFixed(1))} 星</td>
                  <td>
                    <ComparisonBadge metric="competition" value={analysis.compared.competition} />
                  </td>
                </tr>
                <tr>
                  <td>7日增长率</td>
                  <td>
                    <GrowthText rate={analysis.growth_rate} />
                  </td>
                  <td>
                    <GrowthText rate={median.growth_rate} />
                  </td>
                  <td>
                    <ComparisonBadge metric="growth_rate" value={analysis.compared.growth_rate} />
                  </td>
                </tr>
              </tbody>
            </table>
          </div>
        ) : (
          <NoData text="行业中位数据计算中，请稍后再来查看" />
        )}
      </DetailCard>
    </div>
  );
}
