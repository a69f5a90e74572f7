/*
 * Health tips (健康提示): the short advice the app shows after a check-in (GET /sign/v1/getHealthMessage)
 * and with a reading (GET /sugarTest/v1/getHealthMessage, reportType 1 sugar or 2 pressure).
 *
 * General self-management advice for adults with type 2 diabetes or hypertension, never a
 * diagnosis: every tip that names a danger sign says to see a doctor. Sources:
 * - 中国2型糖尿病防治指南（2020年版）, 中华医学会糖尿病学分会 — the 15-15 rule for hypoglycaemia
 *   (15 g of fast sugar, re-test after 15 minutes), 150 minutes of moderate exercise a week,
 *   daily foot checks, yearly eye and kidney screening.
 * - 中国高血压防治指南（2018年修订版） and 中国居民膳食指南（2022） — salt under 5 g a day, home
 *   measurement after 5 minutes of rest, 180/110 mmHg as the level that needs prompt care.
 * The texts were written for this product (docs/adr/0106-health-tips-and-the-spec-calls-check.md).
 */
import type { BpLevel } from '../pressure/bloodPressure';
import type { SugarLevel } from '../glucose/sugar';
import { chinaDayNumber, type Instant } from '../shared/time';

/** Tips after a check-in: one a day, in turn (the list is long enough for two weeks without a repeat). */
export const CHECK_IN_TIPS: readonly string[] = [
  '每天在固定的时间测量血糖和血压并记录下来，复诊时给医生看，有助于调整治疗方案。',
  '吃饭时先吃蔬菜，再吃肉、蛋、豆制品，最后吃主食，餐后血糖会更平稳。',
  '每周累计运动至少150分钟，如快走、太极拳、骑车；运动时微微出汗、还能正常说话，强度就合适。',
  '每天食盐不超过5克（约一啤酒瓶盖），少吃咸菜、腊肉和加工食品，对控制血压很有帮助。',
  '降糖药和降压药请按医嘱按时服用，不要自行停药或加减剂量；漏服了请先问医生或药师。',
  '外出时随身带几块糖果或饼干；如出现心慌、出冷汗、手抖，先测血糖，偏低就马上吃。',
  '每天看看双脚有没有破皮、水疱或发红，洗脚水温不要超过37℃，穿宽松透气的鞋袜。',
  '每晚尽量睡够7小时左右，熬夜和睡眠不足会让血糖、血压更难控制。',
  '吸烟会加重血管损伤，请尽早戒烟；饮酒容易引起低血糖，尤其不要空腹喝酒。',
  '主食里可以用糙米、燕麦、杂豆替换一部分白米白面，膳食纤维多，更耐饿，血糖升得也慢。',
  '每年至少做一次眼底、肾功能和尿微量白蛋白检查，及早发现并发症，及早处理。',
  '量血压前先静坐5分钟，不说话、不跷腿，袖带和心脏保持在同一高度，读数更准确。',
  '口渴多喝白开水，少喝含糖饮料和果汁；水果放在两餐之间适量吃，每次约一个拳头大小。',
  '紧张、生气也会让血压和血糖升高，不妨试试深呼吸、散步，或者和家人聊聊天。',
];

/** Tips with a sugar reading, by the level of the caller's latest reading (`none`: no reading yet). */
export const SUGAR_TIPS: Readonly<Record<SugarLevel | 'none', readonly string[]>> = {
  none: [
    '还没有血糖记录。建议先测几天空腹血糖和餐后2小时血糖，了解自己一天中血糖的变化。',
    '测血糖前用温水洗手并擦干，不要用力挤压指尖，这样测得更准确。',
  ],
  seriousLow: [
    '最近一次血糖严重偏低。低血糖时立即吃15克左右的糖（如3~4块方糖或半杯果汁），15分钟后复测，仍低就再吃一次，并及时就医。',
    '低血糖反复出现，可能需要调整用药，请尽快联系医生，不要自行加减药量。',
  ],
  low: [
    '最近一次血糖偏低。请按时吃饭，运动前适当加餐，身边常备糖果，以防低血糖。',
    '血糖偏低时先别开车或剧烈运动，吃点含糖食物后复测，恢复正常再活动。',
  ],
  normal: [
    '最近一次血糖在目标范围内，做得很好！请继续保持规律饮食、运动和用药，坚持定期监测。',
    '血糖平稳时也不要随意停药或减少监测，每周可以挑几天测一测不同时段的血糖。',
  ],
  high: [
    '最近一次血糖偏高。可以回想一下上一餐主食是否吃多了，饭后散步20~30分钟有助于降低餐后血糖。',
    '血糖偏高时多喝白开水，少吃甜食和油炸食物，按时用药并按时复测。',
  ],
  seriousHigh: [
    '最近一次血糖明显偏高。请多喝水、按时用药并尽快复测；如伴有明显口渴、恶心呕吐、乏力或意识模糊，请立即就医。',
    '血糖持续明显偏高时不宜剧烈运动，请联系医生评估是否需要调整治疗。',
  ],
};

/** Tips with a pressure reading, by the level of the caller's latest reading (`none`: no reading yet). */
export const PRESSURE_TIPS: Readonly<Record<BpLevel | 'none', readonly string[]>> = {
  none: [
    '还没有血压记录。建议每天早晚各测一次：早上在起床后1小时内、服药和早饭前测量，晚上在睡前测量。',
    '量血压前先排空小便、静坐5分钟，每次连续测两遍，间隔1分钟，记录两次的平均值。',
  ],
  low: [
    '最近一次血压偏低。起床或蹲下后起身时动作要慢，适量喝水；如常有头晕、眼前发黑，请就医查找原因。',
    '血压偏低又在服用降压药时，请带上近期的血压记录去看医生，由医生判断是否需要调整药量。',
  ],
  normal: [
    '最近一次血压在正常范围内，请继续坚持低盐饮食、规律运动和按时服药。',
    '血压正常不等于可以停药，降压药是否调整请听医生的意见。',
  ],
  high: [
    '最近一次血压偏高。请静坐休息后复测，少吃盐和腌制食品；如血压持续在180/110 mmHg以上，或伴有胸痛、剧烈头痛、肢体无力，请立即就医。',
    '血压偏高时避免情绪激动和用力排便，保证睡眠，按时服用降压药，不要自行停药。',
  ],
};

/** The item of the China day that holds `now`, taking the list in turn day by day. */
export function tipOfTheDay(tips: readonly string[], now: Instant): string {
  if (tips.length === 0) {
    throw new Error('tipOfTheDay needs at least one tip');
  }
  const day = chinaDayNumber(now);
  // Non-negative modulo: days before 1970 still pick an item.
  return tips[((day % tips.length) + tips.length) % tips.length] as string;
}

/** The check-in tip of the day. */
export function checkInTip(now: Instant): string {
  return tipOfTheDay(CHECK_IN_TIPS, now);
}

/** The tip shown with sugar readings: by the latest reading's level (null: none yet), varied by day. */
export function sugarTip(level: SugarLevel | null, now: Instant): string {
  return tipOfTheDay(SUGAR_TIPS[level ?? 'none'], now);
}

/** The tip shown with pressure readings: by the latest reading's level (null: none yet), varied by day. */
export function pressureTip(level: BpLevel | null, now: Instant): string {
  return tipOfTheDay(PRESSURE_TIPS[level ?? 'none'], now);
}
