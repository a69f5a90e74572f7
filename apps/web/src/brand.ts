import { BRAND_HOTLINES, brandFeatures, brandFromSourceId } from '@glucoguard/domain';

/** The two source ids of the product: 3 is the health brand, 4 (the default) the medical one. */
export type SourceId = 3 | 4;

export const DEFAULT_SOURCE_ID: SourceId = 4;

export interface Brand {
  sourceId: SourceId;
  /** Brand name, also the home page title. */
  name: string;
  /** The health brand shows extra mine items and hides the ranking link. */
  isHealthBrand: boolean;
  /** Name of the invitation activity (home tile). */
  invitationName: string;
  /** The contact page's service entry and hotline (spec §2.11). */
  contact: BrandContact;
}

/** How a brand's customers reach customer service. */
export interface BrandContact {
  /** The 400 hotline, as dialled and shown (the domain's BRAND_HOTLINES). */
  hotline: string;
  /** The official account whose service staff answer (named when there is no QR image). */
  serviceAccountName: string;
  /**
   * The customer-service chat opened directly by the brand whose `brandFeatures` say `chatLink`
   * (source 4); configured here, in one place (docs/adr/0062-contact-customer-service-invitation-and-home.md).
   */
  chatUrl: string | null;
  /** The service account's QR image for the `qrOverlay` brand; null until the brand supplies one. */
  qrImageUrl: string | null;
}

/**
 * The name and contact of each brand; which features a brand has comes from @glucoguard/domain, its
 * colours from the design tokens (packages/ui/src/tokens.css, `data-brand` on <html>).
 */
const LOOKS: Record<SourceId, Pick<Brand, 'name' | 'contact'>> = {
  3: {
    name: '糖护健康',
    contact: { hotline: BRAND_HOTLINES.health, serviceAccountName: '糖护健康服务号', chatUrl: null, qrImageUrl: null },
  },
  4: {
    name: '糖护医疗',
    contact: {
      hotline: BRAND_HOTLINES.medical,
      serviceAccountName: '糖护医疗服务号',
      chatUrl: 'https://work.weixin.qq.com/kfid/kfc_glucoguard_medical',
      qrImageUrl: null,
    },
  },
};

export function brandOf(sourceId: SourceId): Brand {
  return {
    sourceId,
    ...LOOKS[sourceId],
    isHealthBrand: brandFromSourceId(sourceId) === 'health',
    invitationName: brandFeatures(sourceId).invitationActivityName,
  };
}

/** Parses a source id as it appears in a URL or in storage; anything else is `null`. */
export function parseSourceId(value: string | null | undefined): SourceId | null {
  if (value === '3') {
    return 3;
  }
  if (value === '4') {
    return 4;
  }
  return null;
}
