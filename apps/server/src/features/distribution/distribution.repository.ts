import type { DistributionLeadBody } from '@dso/contract';
import type { Database } from '../../db/client';
import { distributionLeads } from '../../db/schema';

/** Stores one /distribution contact form submission. */
export async function insertLead(
  db: Database,
  lead: DistributionLeadBody & { userId: number | null; ip: string },
): Promise<void> {
  await db.insert(distributionLeads).values({
    userId: lead.userId,
    name: lead.name,
    phone: lead.phone,
    company: lead.company,
    need: lead.need,
    ip: lead.ip,
  });
}
