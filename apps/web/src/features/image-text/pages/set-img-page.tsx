import { defaultImageTextSettings, type ImageTextSettings, imageTextLimits, imageTextMessages } from '@dso/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Radio, Skeleton, Slider } from 'antd';
import { type CSSProperties, useState } from 'react';
import { openLoginDialog } from '../../../components';
import { toast } from '../../../lib/feedback';
import { useSession } from '../../../stores/session';
import { imageTextKeys, saveImageTextSettings, useImageTextSettings } from '../api/image-text-api';
import { ImageTextNav } from '../components/image-text-nav';
import '../image-text.css';

const templates: Array<{ value: ImageTextSettings['template']; label: string }> = [
  { value: 'gradient', label: '渐变封面' },
  { value: 'solid', label: '纯色卡片' },
  { value: 'note', label: '笔记纸' },
];

/** Ready-made colour sets, each a starting point the pickers can change. */
const palettes: Array<{
  name: string;
  colors: Pick<ImageTextSettings, 'primary_color' | 'background_color' | 'text_color'>;
}> = [
  { name: '活力橙', colors: { primary_color: '#ff6a3d', background_color: '#1e2a4a', text_color: '#ffffff' } },
  { name: '清新绿', colors: { primary_color: '#2eb872', background_color: '#f4fbf6', text_color: '#1f2d24' } },
  { name: '奶油白', colors: { primary_color: '#e8a33d', background_color: '#fffaf0', text_color: '#2b2b2b' } },
  { name: '科技蓝', colors: { primary_color: '#1677ff', background_color: '#0b1730', text_color: '#ffffff' } },
];

/**
 * /setImg (图文设置): the cards' template, colours, body font size and cards per work, saved per user and
 * used for every work drawn afterwards. A visitor sees the defaults; saving asks them to log in.
 */
export default function SetImgPage() {
  const token = useSession((state) => state.token);
  const settings = useImageTextSettings();
  if (token && settings.isPending) {
    return (
      <div className="tool-page it-page">
        <Skeleton active paragraph={{ rows: 8 }} />
      </div>
    );
  }
  return <SettingsForm key={token ?? 'guest'} initial={settings.data ?? defaultImageTextSettings} />;
}

function SettingsForm({ initial }: { initial: ImageTextSettings }) {
  const token = useSession((state) => state.token);
  const queryClient = useQueryClient();
  const [value, setValue] = useState(initial);
  const [saving, setSaving] = useState(false);
  const set = (change: Partial<ImageTextSettings>) => setValue((current) => ({ ...current, ...change }));

  const save = async () => {
    if (!token) return openLoginDialog();
    setSaving(true);
    try {
      await saveImageTextSettings(value);
      toast(imageTextMessages.settingsSaved, 'success');
      await queryClient.invalidateQueries({ queryKey: imageTextKeys.settings });
    } catch {
      // The client's response handler has shown the reason.
    } finally {
      setSaving(false);
    }
  };

  const color = (key: 'primary_color' | 'background_color' | 'text_color', label: string) => (
    <label className="it-color">
      <input
        type="color"
        value={value[key]}
        aria-label={label}
        onChange={(event) => set({ [key]: event.target.value })}
      />
      <span>{label}</span>
      <code>{value[key]}</code>
    </label>
  );

  /** A number setting: its title with the value now, then the slider that sets it, labelled by the title. */
  const slider = (key: 'font_size' | 'card_count', label: string, shown: string, [min, max]: [number, number]) => {
    const titleId = `it-${key.replace('_', '-')}`;
    return (
      <>
        <span className="it-panel__title" id={titleId}>
          {label} <span className="tool-hint">{shown}</span>
        </span>
        <Slider
          aria-labelledby={titleId}
          min={min}
          max={max}
          value={value[key]}
          onChange={(next) => set({ [key]: next })}
        />
      </>
    );
  };

  return (
    <div className="tool-page it-page" data-testid="set-img-page">
      <ImageTextNav title="图文设置" hint="设置图文卡片的模板与样式，之后生成的作品都按此绘制" />
      <div className="tool-workspace">
        <section className="tool-panel it-panel it-form" aria-label="模板与样式">
          <span className="it-panel__title">封面模板</span>
          <Radio.Group
            optionType="button"
            value={value.template}
            options={templates}
            onChange={(event) => set({ template: event.target.value })}
          />
          <span className="it-panel__title">配色</span>
          <div className="it-palettes">
            {palettes.map((palette) => (
              <button
                key={palette.name}
                type="button"
                className="it-palette"
                onClick={() => set(palette.colors)}
                style={{ background: palette.colors.background_color, color: palette.colors.text_color }}
              >
                <i style={{ background: palette.colors.primary_color }} />
                {palette.name}
              </button>
            ))}
          </div>
          <div className="it-colors">
            {color('primary_color', '主色')}
            {color('background_color', '背景色')}
            {color('text_color', '文字颜色')}
          </div>
          {slider('font_size', '正文字号', `${value.font_size}px`, [
            imageTextLimits.fontSizeMin,
            imageTextLimits.fontSizeMax,
          ])}
          {slider('card_count', '每篇图片数', `${value.card_count} 张（含封面）`, [
            imageTextLimits.cardCountMin,
            imageTextLimits.cardCountMax,
          ])}
          <div className="it-actions">
            <Button type="primary" loading={saving} onClick={() => void save()}>
              保存设置
            </Button>
            <Button onClick={() => setValue(defaultImageTextSettings)}>恢复默认</Button>
          </div>
        </section>
        <section className="tool-panel it-panel" aria-label="预览">
          <span className="it-panel__title">预览</span>
          <CardPreview settings={value} />
        </section>
      </div>
    </div>
  );
}

/** A small drawing of the cover as the cards will look (the server draws the real ones). */
function CardPreview({ settings }: { settings: ImageTextSettings }) {
  const scale = 0.3;
  const style: CSSProperties = {
    color: settings.text_color,
    backgroundColor: settings.background_color,
    backgroundImage:
      settings.template === 'gradient'
        ? `linear-gradient(135deg, ${settings.primary_color}, ${settings.background_color})`
        : settings.template === 'note'
          ? `repeating-linear-gradient(transparent 0 21px, ${settings.text_color}1a 21px 22px)`
          : 'none',
    borderTop: settings.template === 'solid' ? `7px solid ${settings.primary_color}` : undefined,
    borderLeft: settings.template === 'note' ? `2px solid ${settings.primary_color}99` : undefined,
  };
  return (
    <div className="it-preview" style={style} data-testid="card-preview" data-template={settings.template}>
      <span
        className="it-preview__tag"
        style={{ background: settings.primary_color, fontSize: settings.font_size * scale * 0.8 }}
      >
        # 露营装备
      </span>
      <strong className="it-preview__title" style={{ fontSize: settings.font_size * scale * 2.1 }}>
        露营装备怎么选？这5点一次讲清
      </strong>
      <i className="it-preview__rule" style={{ background: settings.primary_color }} />
      <span style={{ fontSize: settings.font_size * scale * 0.8, opacity: 0.8 }}>
        共 {settings.card_count - 1} 页干货 · 左滑查看
      </span>
    </div>
  );
}
