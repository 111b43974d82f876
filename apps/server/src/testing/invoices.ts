import type { InvoiceProvider, InvoiceRequest } from '../providers/invoice/index';
import { createSandboxInvoice } from '../providers/invoice/sandbox';

type Issue = (request: InvoiceRequest) => ReturnType<InvoiceProvider['issue']>;

/**
 * An invoice provider whose issuing the test steers (`steer(next)`: a refusal, an outage, a fontless
 * renderer), the sandbox's otherwise; 红冲 always goes through the sandbox.
 */
export function steeredInvoiceProvider() {
  const sandbox = createSandboxInvoice({
    seller: { name: 'DSO 示例科技有限公司', taxNo: '91110000MA00000000', address: '', phone: '', bank: '' },
  });
  let issue: Issue = (request) => sandbox.issue(request);
  const provider: InvoiceProvider = {
    name: 'stub',
    issue: (request) => issue(request),
    redden: (request) => sandbox.redden(request),
  };
  return {
    provider,
    sandbox,
    steer(next: Issue) {
      issue = next;
    },
  };
}
