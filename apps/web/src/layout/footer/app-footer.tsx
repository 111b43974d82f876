import { EnvironmentOutlined, MailOutlined, PhoneOutlined } from '@ant-design/icons';
import { legalDocs } from '@dso/contract';
import { formatTime } from '@dso/domain';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { useSiteInfo } from '../../features/support';
import { useDialogs } from '../../stores/dialogs';
import { Logo } from '../header/logo-mark';
import { FriendLinks } from './friend-links';

// The footer sits below the fold: its QR codes need not hold up the first paint.
const ContactQr = lazy(async () => ({
  default: (await import('../../features/support/components/contact-qr')).ContactQr,
}));

/** The footer is hidden on /setting and /pay (000 §2.4). */
export function isFooterHidden(pathname: string): boolean {
  return pathname.startsWith('/setting') || pathname.startsWith('/pay');
}

const productLinks = [
  { label: '关键词库', to: '/KeywordDouyin/searchWord' },
  { label: '热词榜单', to: '/KeywordDouyinHot/blue' },
  { label: '达人库', to: '/personListLibrary' },
  { label: 'AI创作', to: '/CueWord' },
];

/** Footer (000 §2.4): company details, product links, contact QR codes, friend links and the ICP notice. */
export function AppFooter() {
  const openDialog = useDialogs((state) => state.openDialog);
  const site = useSiteInfo();
  return (
    <footer className="app-footer" data-testid="app-footer">
      <div className="footer-inner">
        <div className="footer-top">
          <div className="footer-brand">
            <Logo />
            <p className="footer-slogan">看懂用户在搜什么，找到值得做的词</p>
            <ul className="footer-contact">
              {site?.company_name ? <li>{site.company_name}</li> : null}
              {site?.company_address ? (
                <li>
                  <EnvironmentOutlined /> {site.company_address}
                </li>
              ) : null}
              {site?.phone ? (
                <li>
                  <PhoneOutlined /> {site.phone}
                </li>
              ) : null}
              {site?.email ? (
                <li>
                  <MailOutlined /> <a href={`mailto:${site.email}`}>{site.email}</a>
                </li>
              ) : null}
            </ul>
          </div>
          <nav className="footer-column" aria-label="产品">
            <h4>产品</h4>
            {productLinks.map((link) => (
              <Link key={link.to} to={link.to}>
                {link.label}
              </Link>
            ))}
          </nav>
          <nav className="footer-column" aria-label="关于">
            <h4>关于</h4>
            <Link to="/about">关于我们</Link>
            <Link to={legalDocs['user-agreement'].page}>{legalDocs['user-agreement'].title}</Link>
            <Link to={legalDocs['privacy-policy'].page}>{legalDocs['privacy-policy'].title}</Link>
            <button type="button" className="footer-link-button" onClick={() => openDialog('contact')}>
              联系客服
            </button>
            {site?.sister_product_name && site.sister_product_url ? (
              <a href={site.sister_product_url} target="_blank" rel="noopener noreferrer">
                {site.sister_product_name}
              </a>
            ) : null}
          </nav>
          <div className="footer-qrs">
            <Suspense fallback={null}>
              {site?.official_account_url ? (
                <ContactQr value={site.official_account_url} size={96} label="官方公众号" />
              ) : null}
              {site?.support_wechat_url ? (
                <ContactQr value={site.support_wechat_url} size={96} label="客服微信" />
              ) : null}
            </Suspense>
          </div>
        </div>
        <FriendLinks />
        <div className="footer-bottom">
          {site?.company_name ? (
            <span>
              © {formatTime(Date.now(), 'YYYY')} {site.company_name} 版权所有
            </span>
          ) : null}
          {site?.icp ? (
            <a href={site.icp_url} target="_blank" rel="noopener noreferrer">
              {site.icp}
            </a>
          ) : null}
        </div>
      </div>
    </footer>
  );
}
