import { AppstoreAddOutlined, HistoryOutlined, SettingOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { NavLink } from 'react-router';
import { useImageTextRemaining } from '../api/image-text-api';
import { imageTextPaths } from '../image-text-paths';

/** The AI 图文 pages' shared head: title, remaining works and the links between the pages. */
export function ImageTextNav({ title, hint }: { title: string; hint: string }) {
  const remaining = useImageTextRemaining();
  return (
    <header className="it-hero">
      <div>
        <h1 className="tool-hero__title">{title}</h1>
        <p className="tool-hint">{hint}</p>
      </div>
      <nav className="it-nav" aria-label="AI图文">
        <NavLink to={imageTextPaths.generate()} end>
          <ThunderboltOutlined /> 单篇生成
        </NavLink>
        <NavLink to={imageTextPaths.batch}>
          <AppstoreAddOutlined /> 批量创作
        </NavLink>
        <NavLink to={imageTextPaths.history()}>
          <HistoryOutlined /> 历史记录
        </NavLink>
        <NavLink to={imageTextPaths.settings}>
          <SettingOutlined /> 模板设置
        </NavLink>
        {remaining !== null && (
          <span className="tool-hint it-nav__remaining" data-testid="image-text-remaining">
            剩余图文额度 <b>{remaining}</b> 个
          </span>
        )}
      </nav>
    </header>
  );
}
