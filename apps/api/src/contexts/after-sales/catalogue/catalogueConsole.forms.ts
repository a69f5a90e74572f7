import type { Schema } from '@glucoguard/sdk';
import { BANNER_PRODUCT_CODE, bannerTarget } from '@glucoguard/domain';
import { AppError, ErrorCodes } from '../../../lib/errors';
import type { CatalogueKind, CatalogueRepository, RowFields } from './catalogue.repository';
import { sanitizeRichText } from './catalogue.sanitize';
import { httpsOnly } from './catalogue.service';

// The console's catalogue forms as stored: trimmed, checked against the database, rich text
// sanitised (docs/adr/0196-rich-text-sanitised-on-the-server.md). Every refusal is a 40000 with
// the message of the field.

export const CATALOGUE_FORM_MESSAGES = {
  blank: '名称不能为空',
  categoryUnknown: '品类不存在',
  productUnknown: '型号不存在',
  productElsewhere: '该型号不属于所选品类',
  platformUnknown: '平台不存在',
  picture: '图片地址不正确',
  manual: '说明书地址不正确',
  video: '视频地址须为https地址',
  contentUrl: '跳转地址须为https地址',
  guideEmpty: '请填写内容或跳转地址',
  hrefUrl: '链接地址不正确',
  productCode: '请选择品牌',
  clause: '条款标题和内容不能为空',
} as const;

export const refuse = (errMsg: string) => new AppError(ErrorCodes.badRequest, errMsg);

/** A stored file's path (`uploads/…`), one of our own addresses (`/api/…`), or an https address. */
const ASSET = /^(uploads\/[A-Za-z0-9/_.-]+|\/api\/[A-Za-z0-9/_.-]+|https:\/\/[^\s"'<>]+)$/;

/** An optional picture (or file) address as stored: empty, or an {@link ASSET}. */
function asset(value: string | undefined, message: string = CATALOGUE_FORM_MESSAGES.picture): string {
  const text = (value ?? '').trim();
  if (text !== '' && !ASSET.test(text)) {
    throw refuse(message);
  }
  return text;
}

/** A required name: trimmed, not blank. */
export function named(value: string, message: string = CATALOGUE_FORM_MESSAGES.blank): string {
  const text = value.trim();
  if (text === '') {
    throw refuse(message);
  }
  return text;
}

/** Empty, or an https address; anything else is refused with `message`. */
function httpsOrEmpty(value: string | undefined, message: string): string {
  const text = (value ?? '').trim();
  if (text !== '' && httpsOnly(text) === '') {
    throw refuse(message);
  }
  return text;
}

export type Inputs = {
  category: Schema<'ProductCategoryInput'>;
  product: Schema<'ProductInput'>;
  guide: Schema<'GuideInput'>;
  banner: Schema<'BannerInput'>;
  platform: Schema<'GuaranteePlatformInput'>;
  guarantee: Schema<'GuaranteeInput'>;
  shop: Schema<'ShopInput'>;
};

async function knownCategory(repo: CatalogueRepository, id: number) {
  if (!(await repo.find('category', id))) {
    throw refuse(CATALOGUE_FORM_MESSAGES.categoryUnknown);
  }
}

/** Each kind's form as stored: trimmed, checked, rich text sanitised. */
export const FIELDS: { [K in CatalogueKind]: (repo: CatalogueRepository, input: Inputs[K]) => Promise<RowFields<K>> } =
  {
    category: async (_repo, input) => ({
      name: named(input.name),
      iconUrl: asset(input.iconUrl),
      sort: input.sort,
      status: input.status,
    }),
    product: async (repo, input) => {
      await knownCategory(repo, input.categoryId);
      return {
        categoryId: input.categoryId,
        name: named(input.name),
        iconUrl: asset(input.iconUrl),
        deviceType: input.deviceType,
        warMonths: input.warMonths,
        videoUrl: httpsOrEmpty(input.videoUrl, CATALOGUE_FORM_MESSAGES.video),
        manualUrl: asset(input.manualUrl, CATALOGUE_FORM_MESSAGES.manual),
        manualImages: input.manualImages.map((path) => asset(path)).filter((path) => path !== ''),
        remark: input.remark.trim(),
        warUrl: asset(input.warUrl),
        warrantyRemark: input.warrantyRemark.trim(),
        sort: input.sort,
        status: input.status,
      };
    },
    guide: async (repo, input) => {
      await knownCategory(repo, input.categoryId);
      const productId = input.productId ?? null;
      if (productId !== null) {
        const model = await repo.find('product', productId);
        if (!model) {
          throw refuse(CATALOGUE_FORM_MESSAGES.productUnknown);
        }
        if (model.categoryId !== input.categoryId) {
          throw refuse(CATALOGUE_FORM_MESSAGES.productElsewhere);
        }
      }
      const content = sanitizeRichText(input.content);
      const contentUrl = httpsOrEmpty(input.contentUrl, CATALOGUE_FORM_MESSAGES.contentUrl);
      if (content === '' && contentUrl === '') {
        throw refuse(CATALOGUE_FORM_MESSAGES.guideEmpty);
      }
      return {
        categoryId: input.categoryId,
        productId,
        guideType: input.guideType,
        title: named(input.title),
        iconUrl: asset(input.iconUrl),
        content,
        contentUrl,
        sort: input.sort,
        status: input.status,
      };
    },
    banner: async (_repo, input) => {
      if (!Object.values(BANNER_PRODUCT_CODE).includes(input.productCode)) {
        throw refuse(CATALOGUE_FORM_MESSAGES.productCode);
      }
      const hrefUrl = input.hrefUrl.trim();
      if (hrefUrl !== '' && bannerTarget(hrefUrl).kind === 'none') {
        throw refuse(CATALOGUE_FORM_MESSAGES.hrefUrl);
      }
      const imgUrl = asset(input.imgUrl);
      if (imgUrl === '') {
        throw refuse(CATALOGUE_FORM_MESSAGES.picture);
      }
      return {
        productCode: input.productCode,
        imgUrl,
        hrefUrl,
        title: input.title.trim(),
        sort: input.sort,
        status: input.status,
      };
    },
    platform: async (_repo, input) => ({ name: named(input.name), sort: input.sort, status: input.status }),
    guarantee: async (repo, input) => {
      if (!(await repo.find('platform', input.platformId))) {
        throw refuse(CATALOGUE_FORM_MESSAGES.platformUnknown);
      }
      return {
        platformId: input.platformId,
        name: named(input.name),
        iconUrl: asset(input.iconUrl),
        content: sanitizeRichText(input.content),
        credentialUrl: asset(input.credentialUrl),
        sort: input.sort,
        status: input.status,
      };
    },
    shop: async (_repo, input) => ({
      name: named(input.name),
      province: named(input.province, '请选择省份'),
      city: named(input.city, '请选择城市'),
      district: input.district.trim(),
      address: named(input.address, '请输入门店地址'),
      phone: input.phone.trim(),
      openHours: input.openHours.trim(),
      sort: input.sort,
      status: input.status,
    }),
  };
