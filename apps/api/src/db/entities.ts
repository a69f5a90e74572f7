import { BloodPressureRange, BloodPressureTest } from '../modules/blood-pressure/bloodPressure.entity';
import { Customer } from '../modules/customer/customer.entity';
import { DictionaryItem } from '../modules/dictionary/dictionary.entity';
import { Doctor } from '../modules/doctor/doctor.entity';
import { Feedback } from '../modules/feedback/feedback.entity';
import { FrontLog } from '../modules/front-log/frontLog.entity';
import { KetoneTest } from '../modules/ketone/ketone.entity';
import { RateEvent } from '../modules/rate-limit/rateEvent.entity';
import { Session } from '../modules/session/session.entity';
import { ShareLink } from '../modules/share/shareLink.entity';
import { SmsCode } from '../modules/sms/smsCode.entity';
import { SugarObjective, SugarSlot, SugarTest } from '../modules/sugar/sugar.entity';
import { UricAcidTest } from '../modules/uric-acid/uricAcid.entity';
import { WeightRecord } from '../modules/weight/weight.entity';

/** Every entity of the API. A new entity goes here and gets a migration (`npm run migration:create -w @glucoguard/api`). */
export const entities = [BloodPressureRange, BloodPressureTest, Customer, DictionaryItem, Doctor, Feedback, FrontLog, KetoneTest, RateEvent, Session, ShareLink, SmsCode, SugarObjective, SugarSlot, SugarTest, UricAcidTest, WeightRecord];
