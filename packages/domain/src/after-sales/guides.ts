/**
 * The guides of after-sales (spec 3 §2.8): usage and fault guides per model, the three ways into
 * the product type list (`/usageGuide?name=…`), and where a guide whose content is an address goes.
 */

/** `guideType` of a guide: 1 a usage guide (使用指南), 2 a common fault (常见故障). */
export const GUIDE_TYPE = { usage: 1, fault: 2 } as const;
/** A guide's type code. */
export type GuideType = (typeof GUIDE_TYPE)[keyof typeof GUIDE_TYPE];

/** The `name` of /usageGuide: safe 保修查询 (厂方保修), guide 使用指南, fault 常见故障. */
export const USAGE_GUIDE_ENTRIES = ['safe', 'guide', 'fault'] as const;
/** One way into the product type list. */
export type UsageGuideEntry = (typeof USAGE_GUIDE_ENTRIES)[number];

/** The titles of the three ways into the product type list. */
export const USAGE_GUIDE_TITLES: Readonly<Record<UsageGuideEntry, string>> = {
  safe: '厂方保修',
  guide: '使用指南',
  fault: '常见故障',
};

/** The entry named in a `name` query value; anything else is the usage guide. */
export function usageGuideEntry(name: string | null | undefined): UsageGuideEntry {
  return USAGE_GUIDE_ENTRIES.find((entry) => entry === name) ?? 'guide';
}

/**
 * Where a model chosen on /usageGuide leads: its warranty (/factoryWarranty), its common faults
 * (/commonFaults, the fault guides of the model) or its guide page (/usageGuideDetail).
 */
export function usageGuideTarget(entry: UsageGuideEntry, model: { id: number; categoryId: number }): string {
  const query = `productId=${model.id}&categoryId=${model.categoryId}`;
  switch (entry) {
    case 'safe':
      return `/factoryWarranty?${query}`;
    case 'fault':
      return `/commonFaults?${query}`;
    case 'guide':
      return `/usageGuideDetail?${query}`;
  }
}

/**
 * A guide's `contentUrl` the page may leave for: only an absolute https address; anything else
 * (empty, http, `javascript:`, a relative path) means the guide's own rich text is shown.
 */
export function guideRedirectUrl(contentUrl: string | null | undefined): string | null {
  const url = (contentUrl ?? '').trim();
  return HTTPS_ADDRESS.test(url) ? url : null;
}

/** An absolute https address: a host name (letters, digits, dots, hyphens), an optional port, then a path, query or fragment without spaces. */
const HTTPS_ADDRESS =
  /^https:\/\/[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*(?::\d{1,5})?(?:[/?#]\S*)?$/i;
