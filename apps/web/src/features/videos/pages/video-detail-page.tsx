import { useParams } from 'react-router';
import { VideoDetailPanel } from '../components/video-detail-panel';

/** /videoDetail/{id}: the video detail panel as a page (000 §2). */
export function VideoDetailPage() {
  const { id } = useParams<{ id: string }>();
  return (
    <main className="vd-page">
      <VideoDetailPanel awemeId={id} />
    </main>
  );
}

export default VideoDetailPage;
