import { VideoCameraOutlined } from '@ant-design/icons';

/** A session's cover, or a drawn placeholder when the platform gave none. */
export function LiveCover({ src, title, className }: { src: string; title: string; className?: string }) {
  const classes = ['lv-cover', className].filter(Boolean).join(' ');
  if (!src) {
    return (
      <div className={`${classes} lv-cover--empty`} role="img" aria-label={`${title}（暂无封面）`}>
        <VideoCameraOutlined />
      </div>
    );
  }
  return <img className={classes} src={src} alt={title} loading="lazy" referrerPolicy="no-referrer" />;
}
