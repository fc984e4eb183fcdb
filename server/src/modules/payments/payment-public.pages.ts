import type { TLinkPage } from '../customer-links/customer-links.api';
import { brandOfCompany } from '../customer-links/customer-links.api';
import { findCompany } from '../companies/companies.api';

/**
 * The payment link's page behind `/r/{code}`: customer-links resolves the code (404 unknown, 410 expired or revoked)
 * and counts the open; the page names the company, and the web page reads the rest from /api/public/payments/{code}.
 */
export const paymentLinkPage: TLinkPage = {
  read: async (tx, { deps, link }) => {
    const company = await findCompany(tx, link.companyId);
    if (!company) return null;
    return { purpose: 'payment', company: await brandOfCompany(tx, { deps, company }) };
  },
};
