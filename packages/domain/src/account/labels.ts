/** The Chinese texts of account: messages, labels and names, in the spec's words. Rules and tables that hold a text beside their numbers stay with their rule. */
import { PLAUSIBLE_DATE_MESSAGES } from '../shared/plausibleDates';
import type { Brand } from './routing';

/**
 * Account flow rules of spec 1 §2.1, §2.5, §4 and §8: the start-up guard, registration defaults,
 * what each registration error code makes the client do, and the flow's messages.
 */

/** The not-following dialog (spec 1 §8): title 提示, this text, no buttons. */
export const FOLLOW_PROMPT = Object.freeze({
  title: '提示',
  content: '先关注公众号才能注册哦，请点击左上角关闭按钮返回关注页面',
});

/** Messages of the account flow, in the spec's words (spec 1 §2.5, §8). */
export const ACCOUNT_MESSAGES = {
  /** Sign-in failed without a server message. */
  signInUnknown: '未知错误',
  /** Sign-in request could not be made. */
  signInRequestError: '请求错误 , 请稍后再试',
  userInfoFailed: '获取用户信息失败',
  registering: '拼命上传中...',
  registered: '注册成功！',
  otherPhone: '该微信号已经绑定手机号码，与当前手机号码不一致,登陆失败',
  requestError: '请求错误！',
  phoneChanged: '更改成功',
} as const;

/**
 * Getting an account back on a new phone, browser or messaging-app account (issue 15 D): a code
 * sent to the account's phone moves the account to the new sign-in and signs the old one out.
 * The texts say plainly what happens; most users are over 60.
 */
export const ACCOUNT_RECOVERY_MESSAGES = {
  /** The registration answer that offers recovery (spec 1 §2.5's message). */
  phoneTaken: '该手机号已被其他微信号绑定',
  offerText: '如果这是您本人的手机号，可以用短信验证码把原来的账号转到这里继续使用。',
  offerConfirm: '找回我的账号',
  offerCancel: '暂不找回',
  pageTitle: '找回账号',
  whatHappens: [
    '原来的血糖、血压等记录、积分和亲友都会保留。',
    '以后用现在这部手机（或这个微信）登录这个账号。',
    '原来登录这个账号的手机或微信会退出登录。',
  ],
  submit: '确认找回',
  recovered: '账号已找回',
  /** The caller already has a phone of its own: moving another account onto it would orphan it. */
  callerRegistered: '当前账号已绑定手机号，不能再找回其他账号',
  /** Nobody registered this phone: there is nothing to get back. */
  notRegistered: '该手机号还没有注册，请直接注册',
  tooManyAttempts: '找回账号的次数过多，请明天再试',
  movedTooOften: '该账号今天已多次更换登录设备，请明天再试',
} as const;

/** Shown when a profile picture is neither one of our uploads nor the messaging app's avatar. */
export const AVATAR_MESSAGE = '头像地址不正确，请重新上传头像';

/** Registration and profile messages, in the spec's words. */
export const REGISTRATION_MESSAGES = {
  nameEmpty: '用户名不能为空',
  nameTooLong: '用户名不能多于10个字符',
  codeLength: '请输入6位验证码',
  codeWrong: '请输入正确的验证码',
  codeEmpty: '验证码不能为空',
  sexRequired: '请选择性别',
  birthdayRequired: PLAUSIBLE_DATE_MESSAGES.birthdayRequired,
  typeRequired: '糖尿病类型或高血压类型至少填一项',
  inviteLength: '请输入6位邀请码',
  inviteWrong: '请输入正确的邀请码',
  diabetesTypeRequired: '请选择糖尿病类型',
  bloodPressureTypeRequired: '请选择高血压类型',
} as const;

/** The invitation activity's name per brand, also sent as `activityName` for the poster. */
export const INVITATION_ACTIVITY_NAME: Readonly<Record<Brand, string>> = Object.freeze({
  health: '测量领积分',
  medical: '邀请注册有奖',
});
