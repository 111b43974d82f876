import { LinkOutlined } from '@ant-design/icons';
import { AppDialog } from '../../../components';
import { useAccountDialogs } from '../account-dialogs';

/** The sister product's name as the link dialog says it. */
export const SISTER_PRODUCT_NAME = 'DCC';

/**
 * The sister-product account link (001 §4), in its two wordings: an account was detected and OK
 * links it; or none exists and OK registers one and links it.
 */
export function DccLinkDialog() {
  const open = useAccountDialogs((state) => state.open.dccLink);
  const prompt = useAccountDialogs((state) => state.dccPrompt);
  return (
    <AppDialog
      open={open && prompt !== null}
      title={
        <span>
          <LinkOutlined /> 关联{SISTER_PRODUCT_NAME}账号
        </span>
      }
      width={440}
      confirmText={prompt?.reg ? '注册并关联' : '确定关联'}
      onConfirm={() => prompt?.answer(true)}
      onCancel={() => prompt?.answer(false)}
      maskClosable={false}
    >
      {prompt?.reg ? (
        <p className="dso-account-lead">
          您尚未注册 DSO，确定后将使用{SISTER_PRODUCT_NAME}账号的手机号（{prompt.phone}）自动注册 DSO 账号并完成关联。
        </p>
      ) : (
        <p className="dso-account-lead">
          检测到手机号 {prompt?.phone} 已有 DSO 账号，点击确定即可与{SISTER_PRODUCT_NAME}账号关联并登录。
        </p>
      )}
    </AppDialog>
  );
}
