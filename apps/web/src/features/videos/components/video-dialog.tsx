import { Modal } from 'antd';
import { useDialogs } from '../../../stores/dialogs';
import { VideoDetailPanel } from './video-detail-panel';

/** The payload of `openDialog('video', { id })`: the aweme id. */
export interface VideoDialogPayload {
  id?: string | null;
}

/** The 900 px video detail dialog (002 §2), opened anywhere with `openDialog('video', { id })`. */
export function VideoDialog() {
  const open = useDialogs((state) => state.open.video);
  const payload = useDialogs((state) => state.payload.video) as VideoDialogPayload | undefined;
  const close = useDialogs((state) => state.closeDialog);
  return (
    <Modal open={open} width={900} footer={null} onCancel={() => close('video')} destroyOnHidden title="视频详情">
      {open && <VideoDetailPanel awemeId={payload?.id} />}
    </Modal>
  );
}

export default VideoDialog;
