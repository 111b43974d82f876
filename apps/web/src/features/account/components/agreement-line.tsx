/** The agreement line of the login forms (001 §2). */
export function AgreementLine() {
  return (
    <p className="dso-agreement">
      登录即表示同意<span className="dso-agreement__doc">《用户协议》</span>和
      <span className="dso-agreement__doc">《隐私政策》</span>
    </p>
  );
}
