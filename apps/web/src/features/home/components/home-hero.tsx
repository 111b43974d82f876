import { ThunderboltFilled } from '@ant-design/icons';
import { menuEntry } from '../../../layout/menu-config';
import { MenuLink } from '../../../layout/menu-link';
import { HomeSearch } from './home-search';

const quickEntries = [
  '/KeywordDouyinHot/blue',
  '/KeywordDouyinHot/topicSurge',
  '/KeywordDouyinHot/industryHeight',
  '/DouyinTopic/lowPowderPop',
  '/copyWriters',
];

/** The top of the workbench: what the product is for and the big keyword search. */
export function HomeHero() {
  return (
    <section className="home-hero">
      <div className="home-hero-glow" aria-hidden="true" />
      <div className="home-hero-inner">
        <span className="home-hero-eyebrow">
          <ThunderboltFilled /> 短视频关键词搜索与内容营销平台
        </span>
        <h1 className="home-hero-title">
          看懂用户在<span className="home-hero-accent">搜什么</span>，找到值得做的词
        </h1>
        <p className="home-hero-subtitle">
          覆盖抖音、小红书、微信搜一搜、B站、快手与 TikTok 的关键词库与热词榜单，
          <br />
          帮您判断哪些词值得做、该做什么内容。
        </p>
        <HomeSearch />
        <div className="home-hero-quick">
          <span>热门入口</span>
          {quickEntries.map((to) => {
            const entry = menuEntry(to);
            return (
              <MenuLink key={to} entry={entry} className="home-hero-chip">
                {entry.name}
              </MenuLink>
            );
          })}
        </div>
      </div>
    </section>
  );
}
