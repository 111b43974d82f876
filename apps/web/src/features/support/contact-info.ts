/**
 * Company and contact details shown in the footer and the contact dialog. They belong to the
 * operating company, not to the code, so they are kept together here for one place to change.
 */
export const company = {
  name: '北京迪搜信息技术有限公司',
  address: '北京市海淀区中关村软件园二期',
  phone: '400-000-0000',
  email: 'service@dsoseo.cn',
  /** Site-registration (ICP) number, linked to the MIIT registry as the rules require. */
  icp: '京ICP备2023000000号-1',
  icpUrl: 'https://beian.miit.gov.cn',
} as const;

/** Targets of the contact QR codes; scanning opens the chat or the official account. */
export const contactLinks = {
  supportWechat: 'https://work.weixin.qq.com/kfid/dso-support',
  officialAccount: 'https://mp.weixin.qq.com/dso-official',
} as const;

/** The sister product, linked from the footer. */
export const sisterProduct = {
  name: 'DCC 短视频数据平台',
  url: 'https://www.dccdata.cn',
} as const;
