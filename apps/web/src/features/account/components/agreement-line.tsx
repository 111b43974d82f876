import { legalDocs } from '@dso/contract';

/** Opens a document in a new tab, so the login form and what was typed in it stay. */
function DocLink({ doc }: { doc: keyof typeof legalDocs }) {
  const { title, page } = legalDocs[doc];
  return (
    <a className="dso-agreement__doc" href={page} target="_blank" rel="noopener">
      《{title}》
    </a>
  );
}

/** The agreement line of the login forms (001 §2), linking both documents (docs/legal.md). */
export function AgreementLine() {
  return (
    <p className="dso-agreement">
      登录即表示同意
      <DocLink doc="user-agreement" />和
      <DocLink doc="privacy-policy" />
    </p>
  );
}
