import { formatSugar, type SugarLevel } from '../glucose/sugar';
import { roundTo } from '../shared/numbers';
import { ASSISTANT_DISCLAIMER } from './labels';

/**
 * The AI assistant (spec 1 §2.7): the limits of a conversation and the embedded offline assistant,
 * which answers from the user's own readings. It explains numbers and habits; it never gives
 * medication doses, and it sends anything alarming to a doctor.
 */

/** The longest new message, in characters. */
export const ASSISTANT_MSG_MAX = 500;
/** How many earlier turns (a question or an answer each) are kept. */
export const ASSISTANT_HISTORY_TURNS = 10;
/** How many characters of earlier turns are kept in all (the newest win). */
export const ASSISTANT_HISTORY_CHARS = 4000;
/** Questions per user: at most 6 a minute and 100 a China day. */
export const ASSISTANT_RATE_LIMITS = [
  { max: 6, windowMs: 60_000, message: '提问过于频繁，请稍后再试' },
  { max: 100, windowMs: 24 * 3600_000, message: '今天的提问次数已用完，请明天再来' },
] as const;
/** The message for a question over {@link ASSISTANT_MSG_MAX}. */
export const ASSISTANT_TOO_LONG_MESSAGE = `问题不能超过${ASSISTANT_MSG_MAX}个字`;
/** The days of readings the assistant looks at. */
export const ASSISTANT_SUGAR_DAYS = 14;
export const ASSISTANT_BP_DAYS = 30;
/** Home pressure at or above this (either number) is urgent: see a doctor now. */
export const ASSISTANT_BP_URGENT = { sbp: 180, dbp: 110 } as const;

export type ChatRole = 'user' | 'assistant';
export interface ChatTurn {
  readonly role: ChatRole;
  readonly content: string;
}

/**
 * The earlier turns that are kept: well-formed ones, the last {@link ASSISTANT_HISTORY_TURNS},
 * and no more than {@link ASSISTANT_HISTORY_CHARS} characters counted from the newest.
 */
export function boundHistory(
  history: readonly ChatTurn[],
  turns = ASSISTANT_HISTORY_TURNS,
  chars = ASSISTANT_HISTORY_CHARS,
): ChatTurn[] {
  const kept: ChatTurn[] = [];
  let used = 0;
  const valid = history.filter((t) => (t.role === 'user' || t.role === 'assistant') && t.content.trim() !== '');
  for (let i = valid.length - 1; i >= 0 && kept.length < turns; i -= 1) {
    const turn = valid[i] as ChatTurn;
    if (used + turn.content.length > chars) {
      break;
    }
    used += turn.content.length;
    kept.unshift(turn);
  }
  return kept;
}

/** What a question is about; one question may touch several. */
export type AssistantTopic = 'sugar' | 'pressure' | 'diet' | 'exercise' | 'medication' | 'complication' | 'lowSugar';

const TOPIC_WORDS: Readonly<Record<AssistantTopic, readonly string[]>> = {
  sugar: ['血糖', '糖化', '空腹', '餐后', '控糖', '高血糖'],
  pressure: ['血压', '高压', '低压', '收缩压', '舒张压', '头晕'],
  diet: ['吃', '饮食', '主食', '水果', '食物', '喝', '餐', '饭'],
  exercise: ['运动', '散步', '锻炼', '走路', '跑步', '健身'],
  medication: ['药', '胰岛素', '二甲双胍', '剂量', '打针'],
  complication: ['并发症', '脚', '足', '眼', '视力', '肾', '麻木'],
  lowSugar: ['低血糖', '心慌', '手抖', '出冷汗'],
};

/** The topics of a question, in a fixed order; none for small talk. */
export function assistantTopics(message: string): AssistantTopic[] {
  return (Object.keys(TOPIC_WORDS) as AssistantTopic[]).filter((topic) =>
    TOPIC_WORDS[topic].some((word) => message.includes(word)),
  );
}

const DOSING_PATTERNS: readonly RegExp[] = [
  /剂量/,
  /(几|多少)(片|粒|颗|毫克|mg|单位|支|针)/i,
  /(加|减|增|停|换)(药|量)/,
  /(胰岛素|药).{0,6}(打|吃|用)多少/,
  /(能|可以|要不要).{0,4}停药/,
];

/** Whether a question asks for a dose or a change of medication (answered only by a doctor). */
export function asksForDosing(message: string): boolean {
  return DOSING_PATTERNS.some((pattern) => pattern.test(message));
}

/** One glucose reading as the assistant sees it: its value, slot name and level against the user's targets. */
export interface AssistantSugarReading {
  readonly sugar: number;
  readonly slotName: string;
  readonly level: SugarLevel | null;
}

export interface SugarDigest {
  readonly days: number;
  readonly count: number;
  /** Share of readings in the user's target range, 0–100, one decimal. */
  readonly inRangePercent: number;
  readonly mean: number;
  readonly min: number;
  readonly max: number;
  readonly high: number;
  readonly low: number;
  readonly seriousHigh: number;
  readonly seriousLow: number;
  /** Slots with readings above target, most first. */
  readonly highSlots: readonly { readonly slotName: string; readonly count: number }[];
  /** Slots with readings below target, most first. */
  readonly lowSlots: readonly { readonly slotName: string; readonly count: number }[];
}

function slotCounts(readings: readonly AssistantSugarReading[], levels: readonly SugarLevel[]) {
  const counts = new Map<string, number>();
  for (const r of readings) {
    if (r.level !== null && levels.includes(r.level)) {
      counts.set(r.slotName, (counts.get(r.slotName) ?? 0) + 1);
    }
  }
  return [...counts.entries()].map(([slotName, count]) => ({ slotName, count })).sort((a, b) => b.count - a.count);
}

/** Sums up the glucose readings of the last `days` days; null when there are none. */
export function digestSugar(
  readings: readonly AssistantSugarReading[],
  days = ASSISTANT_SUGAR_DAYS,
): SugarDigest | null {
  if (readings.length === 0) {
    return null;
  }
  const values = readings.map((r) => r.sugar);
  const count = (levels: readonly SugarLevel[]) =>
    readings.filter((r) => r.level !== null && levels.includes(r.level)).length;
  return {
    days,
    count: readings.length,
    inRangePercent: roundTo((count(['normal']) / readings.length) * 100, 1),
    mean: roundTo(values.reduce((a, b) => a + b, 0) / values.length, 1),
    min: Math.min(...values),
    max: Math.max(...values),
    high: count(['high', 'seriousHigh']),
    low: count(['low', 'seriousLow']),
    seriousHigh: count(['seriousHigh']),
    seriousLow: count(['seriousLow']),
    highSlots: slotCounts(readings, ['high', 'seriousHigh']),
    lowSlots: slotCounts(readings, ['low', 'seriousLow']),
  };
}

export interface BpDigest {
  readonly days: number;
  readonly count: number;
  readonly meanSbp: number;
  readonly meanDbp: number;
  readonly maxSbp: number;
  readonly maxDbp: number;
  /** Readings at or above {@link ASSISTANT_BP_URGENT}. */
  readonly urgent: number;
}

/** Sums up the pressure readings of the last `days` days; null when there are none. */
export function digestPressure(
  readings: readonly { readonly sbp: number; readonly dbp: number }[],
  days = ASSISTANT_BP_DAYS,
): BpDigest | null {
  if (readings.length === 0) {
    return null;
  }
  const mean = (values: number[]) => Math.round(values.reduce((a, b) => a + b, 0) / values.length);
  return {
    days,
    count: readings.length,
    meanSbp: mean(readings.map((r) => r.sbp)),
    meanDbp: mean(readings.map((r) => r.dbp)),
    maxSbp: Math.max(...readings.map((r) => r.sbp)),
    maxDbp: Math.max(...readings.map((r) => r.dbp)),
    urgent: readings.filter((r) => r.sbp >= ASSISTANT_BP_URGENT.sbp || r.dbp >= ASSISTANT_BP_URGENT.dbp).length,
  };
}

/** Whether the numbers call for a doctor soon (serious highs or lows, urgent pressure). */
export function needsDoctor(sugar: SugarDigest | null, bp: BpDigest | null): boolean {
  return (sugar !== null && (sugar.seriousHigh > 0 || sugar.seriousLow > 0)) || (bp !== null && bp.urgent > 0);
}

/** An article the assistant may point to. */
export interface AssistantArticle {
  readonly articleId: number;
  readonly title: string;
  readonly typeName: string;
}

const TOPIC_ARTICLE_WORDS: Readonly<Record<AssistantTopic, readonly string[]>> = {
  sugar: ['监测', '测血糖', '血糖'],
  pressure: ['血压'],
  diet: ['饮食', '餐', '主食', '水果'],
  exercise: ['运动', '散步', '练习'],
  medication: ['用药'],
  complication: ['并发症', '双脚', '眼', '肾'],
  lowSugar: ['低血糖'],
};

/** Up to `max` articles for the topics: an article whose title or category names a topic word. */
export function relevantArticles(
  topics: readonly AssistantTopic[],
  articles: readonly AssistantArticle[],
  max = 2,
): AssistantArticle[] {
  const scored = articles
    .map((article, index) => {
      const text = `${article.typeName} ${article.title}`;
      const score = topics.reduce(
        (sum, topic, rank) => sum + (TOPIC_ARTICLE_WORDS[topic].some((w) => text.includes(w)) ? 10 - rank : 0),
        0,
      );
      return { article, score, index };
    })
    .filter((s) => s.score > 0)
    .sort((a, b) => b.score - a.score || a.index - b.index);
  return scored.slice(0, max).map((s) => s.article);
}

/** What the assistant knows when it answers. */
export interface AssistantContext {
  readonly nickname: string;
  readonly sugar: SugarDigest | null;
  readonly bp: BpDigest | null;
  readonly articles: readonly AssistantArticle[];
}

/** The glucose summary as a sentence with the real numbers. */
export function describeSugar(d: SugarDigest): string {
  let text = `最近${d.days}天您记录了${d.count}次血糖，平均${formatSugar(d.mean)} mmol/L，最低${formatSugar(d.min)}，最高${formatSugar(d.max)}，其中${d.inRangePercent}%在您的目标范围内`;
  const parts: string[] = [];
  if (d.high > 0) {
    parts.push(
      `偏高${d.high}次${
        d.highSlots.length > 0
          ? `（多在${d.highSlots
              .slice(0, 2)
              .map((s) => s.slotName)
              .join('、')}）`
          : ''
      }`,
    );
  }
  if (d.low > 0) {
    parts.push(
      `偏低${d.low}次${
        d.lowSlots.length > 0
          ? `（多在${d.lowSlots
              .slice(0, 2)
              .map((s) => s.slotName)
              .join('、')}）`
          : ''
      }`,
    );
  }
  text += parts.length > 0 ? `，${parts.join('，')}。` : '，没有超出目标的记录。';
  return text;
}

/** The pressure summary as a sentence with the real numbers. */
export function describePressure(d: BpDigest): string {
  return `最近${d.days}天您记录了${d.count}次血压，平均${d.meanSbp}/${d.meanDbp} mmHg，最高${d.maxSbp}/${d.maxDbp} mmHg。`;
}

const TIPS: Readonly<Record<AssistantTopic, string>> = {
  sugar: '建议固定在空腹和餐后2小时测量，记录饮食和运动，方便看出规律。',
  pressure: '家庭血压建议早晚各测一次，测前静坐5分钟，每次测2遍取平均。',
  diet: '饮食上可以用“餐盘法”：一半蔬菜、四分之一优质蛋白、四分之一主食，主食适当换成粗粮，少喝含糖饮料。',
  exercise: '运动以饭后30分钟开始的快走等中等强度活动为宜，每周累计150分钟左右；运动前后测一次血糖更安全。',
  medication: '请按医生的医嘱按时用药，不要自行加减药量或停药；有疑问请在复诊时带上记录问医生。',
  complication: '建议每天检查双脚，每年做一次眼底和尿微量白蛋白检查，早发现早处理。',
  lowSugar:
    '出现心慌、手抖、出冷汗时先测血糖，低于3.9 mmol/L可吃15克左右的糖（如半杯果汁），15分钟后再测；反复出现请及时就医。',
};

/**
 * The embedded assistant's answer: the user's own numbers when the question is about them (or is
 * a general one), tips for the topics, relevant articles, a doctor for anything alarming or any
 * dosing question, and the disclaimer.
 */
export function composeAssistantReply(message: string, context: AssistantContext): string {
  const topics = assistantTopics(message);
  const paragraphs: string[] = [];
  const greeting = context.nickname.trim() === '' ? '您好！' : `${context.nickname}，您好！`;
  if (asksForDosing(message)) {
    paragraphs.push(
      `${greeting}用药的剂量和调整必须由您的医生根据病情决定，我不能给出具体剂量建议。请带上近期的测量记录去复诊，或咨询您的主治医生。`,
    );
  } else {
    paragraphs.push(greeting);
  }
  const general = topics.length === 0;
  const showSugar =
    general ||
    topics.includes('sugar') ||
    topics.includes('lowSugar') ||
    topics.includes('diet') ||
    topics.includes('exercise');
  const showBp = general || topics.includes('pressure');
  if (showSugar) {
    paragraphs.push(
      context.sugar === null
        ? `最近${ASSISTANT_SUGAR_DAYS}天还没有血糖记录，坚持测量并记录，我才能帮您分析。`
        : describeSugar(context.sugar),
    );
  }
  if (showBp) {
    paragraphs.push(context.bp === null ? `最近${ASSISTANT_BP_DAYS}天还没有血压记录。` : describePressure(context.bp));
  }
  const sugar = showSugar ? context.sugar : null;
  const bp = showBp ? context.bp : null;
  if (needsDoctor(sugar, bp)) {
    const reasons: string[] = [];
    if (sugar !== null && sugar.seriousHigh > 0) {
      reasons.push(`${sugar.seriousHigh}次血糖严重偏高`);
    }
    if (sugar !== null && sugar.seriousLow > 0) {
      reasons.push(`${sugar.seriousLow}次血糖严重偏低`);
    }
    if (bp !== null && bp.urgent > 0) {
      reasons.push(`${bp.urgent}次血压达到${ASSISTANT_BP_URGENT.sbp}/${ASSISTANT_BP_URGENT.dbp} mmHg以上`);
    }
    paragraphs.push(
      `⚠️ 您有${reasons.join('、')}，请尽快就医或联系您的医生；如有胸痛、意识不清、严重头痛等不适，请立即拨打120。`,
    );
  }
  const tipTopics: AssistantTopic[] = general ? ['sugar'] : topics;
  for (const topic of tipTopics) {
    if (topic !== 'medication' || !asksForDosing(message)) {
      paragraphs.push(TIPS[topic]);
    }
  }
  if (context.articles.length > 0) {
    paragraphs.push(
      `推荐阅读：${context.articles.map((a) => `《${a.title}》`).join('、')}，可在首页的健康文章里找到。`,
    );
  }
  paragraphs.push(ASSISTANT_DISCLAIMER);
  return paragraphs.join('\n\n');
}

/** The topics to pick articles for: the question's own, or glucose monitoring for a general one. */
export function articleTopicsFor(message: string, context: Pick<AssistantContext, 'sugar'>): AssistantTopic[] {
  const topics = assistantTopics(message);
  if (topics.length > 0) {
    return topics;
  }
  return context.sugar !== null && context.sugar.low > 0 ? ['sugar', 'lowSugar'] : ['sugar'];
}

/** Cuts an answer into stream chunks of at most `size` characters (whole code points). */
export function chunkAnswer(text: string, size = 8): string[] {
  const chars = Array.from(text);
  const chunks: string[] = [];
  for (let i = 0; i < chars.length; i += size) {
    chunks.push(chars.slice(i, i + size).join(''));
  }
  return chunks;
}

/** The rules every provider's answer follows (the system prompt of a chat-completions model). */
export function assistantSystemPrompt(context: AssistantContext): string {
  const facts = [
    context.sugar === null ? `最近${ASSISTANT_SUGAR_DAYS}天没有血糖记录。` : describeSugar(context.sugar),
    context.bp === null ? `最近${ASSISTANT_BP_DAYS}天没有血压记录。` : describePressure(context.bp),
  ];
  return [
    '你是糖尿病和高血压患者的健康助手，用简体中文、简洁友好地回答。',
    '只给出生活方式、监测和就医方面的一般建议；绝不给出药物剂量或加减药、停药的建议，这类问题请用户咨询医生。',
    `血糖严重偏高或偏低、血压达到${ASSISTANT_BP_URGENT.sbp}/${ASSISTANT_BP_URGENT.dbp} mmHg以上或有任何危急症状时，必须建议尽快就医。`,
    `用户的近期数据（引用时使用这些真实数字）：${facts.join('')}`,
    context.articles.length > 0
      ? `可以推荐的站内文章：${context.articles.map((a) => `《${a.title}》`).join('、')}。`
      : '',
    `回答最后加上：${ASSISTANT_DISCLAIMER}`,
  ]
    .filter((line) => line !== '')
    .join('\n');
}
