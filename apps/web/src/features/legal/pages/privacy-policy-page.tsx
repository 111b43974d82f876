import { LegalDocPage } from './legal-doc-page';

export default function PrivacyPolicyPage() {
  return <LegalDocPage doc="privacy-policy" />;
}
