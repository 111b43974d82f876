import { DownloadOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { TierBadge } from '../../../../components';
import { passLoginGate } from '../../../../layout/login-gate';
import { toast } from '../../../../lib/feedback';
import { saveFile } from '../../../../lib/save-file';
import { useSession } from '../../../../stores/session';
import { checkFeature, handleQuotaFailure } from '../../../permissions';
import { exportKeywords } from '../../api/export-keywords';
import type { SearchKeywordsRequest } from '../../api/search-keywords';

/** The permission behind the export (xlsx export behind KEYWORD_LIBRARY_EXPORT). */
export const EXPORT_PERMISSION = 'KEYWORD_LIBRARY_EXPORT';

export interface ExportButtonProps {
  /** The search being shown; the export takes its first 100 rows in its order. */
  body: SearchKeywordsRequest;
  /** File name when the server gives none. */
  filename: string;
  disabled?: boolean;
}

/**
 * Exports the table to .xlsx. Visitors get the login dialog; a grade without the permission gets the
 * no-permission dialog; the server's refusals (810: lacking or used up) open the matching dialog.
 */
export function ExportButton({ body, filename, disabled }: ExportButtonProps) {
  const [busy, setBusy] = useState(false);
  const location = useLocation();
  const loggedIn = useSession((state) => Boolean(state.token));

  const run = async () => {
    if (!passLoginGate(`${location.pathname}${location.search}`)) return;
    if (!checkFeature(EXPORT_PERMISSION)) return;
    setBusy(true);
    try {
      const file = await exportKeywords({ ...body, page_no: 1 });
      saveFile(file.blob, file.filename ?? filename);
      toast('导出成功', 'success');
    } catch (error) {
      handleQuotaFailure(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button
      icon={<DownloadOutlined />}
      onClick={() => void run()}
      loading={busy}
      disabled={disabled}
      data-testid="export-button"
    >
      导出数据
      {loggedIn && <TierBadge required="VIP" />}
    </Button>
  );
}
