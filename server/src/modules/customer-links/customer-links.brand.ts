import type { TPublicBrand } from '@cd/contracts/customer-link';
import type { TAppDeps } from '../../context';
import type { TTx } from '../../db/client';
import type { TCompanyRow } from '../companies/companies.api';
import { findMediaRows, signedMediaUrl } from '../media/media.api';

/** Logos on public pages: signed URLs that live as long as someone reads a page, not as long as the link. */
const PAGE_MEDIA_TTL_SECONDS = 15 * 60;

/** The company as every public link page brands itself. */
export async function brandOfCompany(tx: TTx, opts: { deps: TAppDeps; company: TCompanyRow }): Promise<TPublicBrand> {
  const { company } = opts;
  const logoId = company.mainLogoId ?? company.logoMobileId;
  const [logo] = logoId === null ? [] : await findMediaRows(tx, { companyId: company.id, ids: [logoId] });
  return {
    name: company.name,
    logoUrl: logo ? signedMediaUrl({ config: opts.deps.config, row: logo, ttlSeconds: PAGE_MEDIA_TTL_SECONDS }) : null,
    accentColor: company.accentColor,
    language: (['en', 'bs', 'hr', 'sr'].includes(company.language) ? company.language : 'en') as TPublicBrand['language'],
    termsOfService: company.termsOfService,
  };
}
