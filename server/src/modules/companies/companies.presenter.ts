import {
  OCS_SECRET_FIELDS,
  PAYMENT_SECRET_FIELDS,
  SECRET_MASK,
  type TCompany,
  type THours,
  type TMediaRef,
  type TModules,
} from '@cd/contracts/company';
import type { TConfig } from '../../config';
import { decryptSecret } from '../../lib/crypto';
import { iri } from '../../lib/hydra';
import { signedMediaUrl } from '../media/media.presenter';
import type { TMediaRow } from '../media/media.schema';
import type { TCompanyRow } from './companies.schema';

function maskSecrets<T extends Record<string, unknown> | null>(group: T, fields: readonly string[], key: Buffer): T {
  if (!group) return group;
  const out: Record<string, unknown> = { ...group };
  for (const f of fields) {
    const v = out[f];
    if (typeof v === 'string' && v !== '') {
      let tail = '';
      try {
        const plain = decryptSecret(key, v);
        tail = plain.length >= 12 ? plain.slice(-4) : '';
      } catch {
        // A secret encrypted under another key still shows as set; it cannot be echoed anyway.
      }
      out[f] = SECRET_MASK + tail;
    }
  }
  return out as T;
}

export interface TCompanyImages {
  heroMobile: TMediaRef | null;
  logoMobile: TMediaRef | null;
}

/** The hero/logo references of a company out of loaded media rows; a reference whose media is gone reads as none. */
export function companyImagesOf(opts: {
  config: Pick<TConfig, 'encryptionKey' | 'publicUrl' | 'signedUrlTtl'>;
  company: TCompanyRow;
  media: TMediaRow[];
}): TCompanyImages {
  const { config, company, media } = opts;
  const ref = (id: number | null): TMediaRef | null => {
    const row = id === null ? undefined : media.find((m) => m.companyId === company.id && m.id === id);
    return row ? { '@id': iri('media_objects', row.id), id: row.id, contentUrl: signedMediaUrl({ config, row })! } : null;
  };
  return { heroMobile: ref(company.heroMobileId), logoMobile: ref(company.logoMobileId) };
}

export function toCompanyResource(c: TCompanyRow, encryptionKey: Buffer, images?: TCompanyImages): TCompany {
  return {
    '@id': iri('companies', c.id),
    '@type': 'Company',
    id: c.id,
    name: c.name,
    slug: c.slug,
    enabled: c.enabled,
    status: c.status,
    country: c.country,
    timezone: c.timezone,
    language: c.language as TCompany['language'],
    email: c.email,
    address: c.address,
    phone: c.phone,
    defaultCustomerUser: c.defaultCustomerUserId === null ? null : iri('users', c.defaultCustomerUserId),
    mainLogo: null,
    heroMobile: images?.heroMobile ?? null,
    logoMobile: images?.logoMobile ?? null,
    termsOfService: c.termsOfService,
    accentColor: c.accentColor,
    dNSZoneName: c.dnsZoneName,
    hours: c.hours as THours,
    modules: c.modules as TModules,
    customerView: c.customerView,
    surveySettings: c.surveySettings,
    realEstateSettings: c.realEstateSettings,
    automotiveMessages: c.automotiveMessages,
    ocs: maskSecrets(c.ocs, OCS_SECRET_FIELDS, encryptionKey),
    dms: c.dms,
    payment: maskSecrets(c.payment, PAYMENT_SECRET_FIELDS, encryptionKey),
    alerts: c.alerts,
    appointmentsSettings: c.appointmentsSettings,
    availableUserRoles: c.availableUserRoles,
    welcomeMessage: c.welcomeMessage,
    welcomeMessageEnabled: c.welcomeMessageEnabled,
    createdAt: c.createdAt.toISOString(),
  } as TCompany;
}
