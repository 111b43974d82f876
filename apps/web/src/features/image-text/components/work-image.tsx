import { PictureOutlined } from '@ant-design/icons';
import { useWorkImageUrl } from '../api/image-text-api';

export interface WorkImageProps {
  workId: number;
  name: string | null;
  alt: string;
  className?: string;
}

/** One picture of a work, fetched with the session; a placeholder while it loads or without one. */
export function WorkImage({ workId, name, alt, className }: WorkImageProps) {
  const url = useWorkImageUrl(workId, name);
  return url ? (
    <img className={`it-image ${className ?? ''}`} src={url} alt={alt} data-testid="work-image" />
  ) : (
    <div className={`it-image it-image--empty ${className ?? ''}`} role="img" aria-label={alt}>
      <PictureOutlined />
    </div>
  );
}
