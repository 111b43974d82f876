import { LegalDocPage } from './legal-doc-page';

export default function UserAgreementPage() {
  return <LegalDocPage doc="user-agreement" />;
}
