import type { Db } from '../../../lib/db';
import type { BodyOf } from '../../../lib/contract';
import { splitImageNames, validateFeedback } from '@glucoguard/domain';
import { AppError, ErrorCodes } from '../../../lib/errors';
import { assertValid } from '../../../lib/validate';
import { isValidKey } from '../../../providers/storage/storage';
import type { Customer } from '../../identity';
import { FeedbackRepository } from './feedback.repository';

/** Stores a feedback form (spec 1 §2.11): the domain's rules, and images that are our own upload paths. */
export async function submitFeedback(em: Db, customer: Customer, input: BodyOf<'submitFeedback'>, now: Date) {
  const images = splitImageNames(input.imgUrl);
  assertValid(validateFeedback({ adviceContent: input.adviceContent, images }));
  if (images.some((path) => !path.startsWith('uploads/') || !isValidKey(path))) {
    throw new AppError(ErrorCodes.badRequest, '图片地址不正确，请重新上传');
  }
  const id = await new FeedbackRepository(em).add({
    customerId: customer.id,
    type: input.type,
    adviceContent: input.adviceContent.trim(),
    imgUrl: images.join(','),
    sourceId: customer.sourceId,
    createdAt: now,
  });
  return { id: String(id) };
}
