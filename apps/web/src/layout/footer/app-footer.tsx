import { EnvironmentOutlined, MailOutlined, PhoneOutlined } from '@ant-design/icons';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { company, contactLinks, sisterProduct } from '../../features/support/contact-info';
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
  return (
    <footer className="app-footer" data-testid="app-footer">
      <div className="footer-inner">
        <div className="footer-top">
          <div className="footer-brand">
            <Logo />
            <p className="footer-slogan">看懂用户在搜什么，找到值得做的词</p>
            <ul className="footer-contact">
              <li>{company.name}</li>
              <li>
                <EnvironmentOutlined /> {company.address}
              </li>
              <li>
                <PhoneOutlined /> {company.phone}
              </li>
              <li>
                <MailOutlined /> <a href={`mailto:${company.email}`}>{company.email}</a>
              </li>
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
            <button type="button" className="footer-link-button" onClick={() => openDialog('contact')}>
              联系客服
            </button>
            <a href={sisterProduct.url} target="_blank" rel="noopener noreferrer">
              {sisterProduct.name}
            </a>
          </nav>
          <div className="footer-qrs">
            <Suspense fallback={null}>
              <ContactQr value={contactLinks.officialAccount} size={96} label="官方公众号" />
              <ContactQr value={contactLinks.supportWechat} size={96} label="客服微信" />
            </Suspense>
          </div>
        </div>
        <FriendLinks />
        <div className="footer-bottom">
          <span>
            © {new Date().getFullYear()} {company.name} 版权所有
          </span>
          <a href={company.icpUrl} target="_blank" rel="noopener noreferrer">
            {company.icp}
          </a>
        </div>
      </div>
    </footer>
  );
}
