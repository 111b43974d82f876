import { DatabaseOutlined, RightOutlined } from '@ant-design/icons';
import type { CSSProperties } from 'react';
import { Link } from 'react-router';
import { allMenuEntries } from '../../../layout/menu-config';
import { platforms } from '../../../lib/platforms';
import { SectionHeading } from './entry-section';

const heading = {
  title: '关键词库',
  subtitle: '六大平台的搜索词、相关词、行业词与下拉词，附搜索指数、月覆盖量与竞争度',
  icon: DatabaseOutlined,
  accent: '#3b6cff',
};

/** One card per platform library, with its tabs taken from the header menu. */
export function LibrarySection() {
  return (
    <section className="home-section" data-testid="home-section-libraries">
      <SectionHeading section={heading} />
      <div className="home-grid home-grid-3">
        {platforms.map((platform) => {
          const Icon = platform.icon;
          const tabs = allMenuEntries.filter((entry) => entry.to.startsWith(`${platform.root}/`));
          return (
            <div key={platform.key} className="library-card" style={{ '--accent': platform.color } as CSSProperties}>
              <Link to={`${platform.root}/searchWord`} className="library-card-head">
                <span className="library-card-icon">
                  <Icon />
                </span>
                <span className="library-card-title">
                  <strong>{platform.name}关键词库</strong>
                  <span>日覆盖 {platform.coverage}</span>
                </span>
                <RightOutlined className="library-card-arrow" />
              </Link>
              <div className="library-card-tabs">
                {tabs.map((entry) => (
                  <Link key={entry.to} to={entry.to}>
                    {entry.name}
                  </Link>
                ))}
              </div>
            </div>
          );
        })}
      </div>
    </section>
  );
}
