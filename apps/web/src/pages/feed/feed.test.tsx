import { installAntdMobileRender } from '@glucoguard/ui';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CELL_COLOURS } from '../reportCenter/colours';
import { fakeApi, registeredCustomer, renderApp, resetStores } from '../../test-utils';

beforeAll(() => {
  installAntdMobileRender();
});

beforeEach(() => {
  resetStores({ isAuth: '1', customerId: 'me', customer: registeredCustomer({ cid: 'me' }) });
});

type Post = ReturnType<typeof post>;
const post = (testId: string, overrides: Record<string, unknown> = {}) => ({
  testId,
  type: 1 as 0 | 1,
  sugar: 25 as number | null,
  timeType: 1 as number | null,
  sbp: null as number | null,
  dbp: null as number | null,
  hr: null as number | null,
  level: 'high' as 'low' | 'normal' | 'high' | null,
  urgent: true,
  remark: '早饭吃多了',
  tags: [{ typeCode: 'diet', typeName: '饮食', itemKey: '3', itemValue: '十分饱' }],
  deviceImei: null,
  province: '北京市',
  city: '北京市',
  district: '朝阳区',
  headimgurl: '',
  sex: 1 as const,
  customerNote: '爸爸',
  customerId: 'dad',
  diabetesType: '3',
  bloodPressureType: '2',
  praises: [] as { customerId: string; customerName: string }[],
  comments: [] as {
    commentId: string;
    customerId: string;
    customerName: string;
    content: string;
    replyCommentId: string | null;
    replyName: string | null;
    replyCustomerId: string | null;
    createTime: string;
  }[],
  commentSize: 0,
  praiseSize: 0,
  praised: false,
  canEdit: false,
  recorder: null as { customerId: string; nickname: string } | null,
  createTime: '2026-11-20 08:00:00',
  ...overrides,
});

const pressure = post('b1', {
  type: 0,
  sugar: null,
  timeType: null,
  sbp: 118,
  dbp: 76,
  hr: 70,
  level: 'normal',
  urgent: false,
  remark: '',
  tags: [],
  createTime: '2026-11-20 07:00:00',
});

function feedRoutes(
  posts: Post[],
  extra: Record<string, (call: { body: unknown; query: URLSearchParams }) => unknown> = {},
) {
  return {
    'GET /tangyou/v1/getSugarTest': () => ({ items: posts, currentPage: 1, totalPage: 1 }),
    'GET /tangyou/v1/getUnreadCommentCount': () => ({ count: 3 }),
    'GET /notice/v1/getUnreadCount': () => ({ count: 2, urgent: 1 }),
    ...extra,
  };
}

describe('/tangyouCircle/tangyouCircle', () => {
  it('shows posts coloured by the feed rule, the urgent mark, and the unread badge', async () => {
    const server = fakeApi(feedRoutes([post('s1'), pressure]));
    renderApp('/tangyouCircle/tangyouCircle');
    const dad = await screen.findAllByRole('article', { name: '爸爸的动态' });
    expect(dad).toHaveLength(2);
    const [sugar, bp] = dad as [HTMLElement, HTMLElement];
    expect(within(sugar).getByLabelText('测量值').dataset.colour).toBe(CELL_COLOURS.red);
    expect(within(sugar).getByText('紧急')).toBeTruthy();
    expect(within(sugar).getByText('2型糖尿病')).toBeTruthy();
    expect(within(sugar).getByText(/北京市朝阳区/)).toBeTruthy();
    expect(within(sugar).getByText('十分饱 · 早饭吃多了')).toBeTruthy();
    expect(within(bp).getByLabelText('测量值').textContent).toBe('118/76');
    expect(within(bp).getByLabelText('测量值').dataset.colour).toBe(CELL_COLOURS.green);
    expect(within(bp).queryByText('紧急')).toBeNull();
    expect(await screen.findByRole('link', { name: '3条新消息' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '通知，2条未读' })).toBeTruthy();
    expect(server.called('GET /tangyou/v1/getSugarTest')[0]?.query.get('pageSize')).toBe('5');
  });

  it('says who entered a reading for its owner, and 由我 to the relative who did', async () => {
    fakeApi(
      feedRoutes([
        post('s1', { sugar: 7, recorder: { customerId: 'li', nickname: '张丽' } }),
        post('s2', { recorder: { customerId: 'me', nickname: '我自己' } }),
        pressure,
      ]),
    );
    renderApp('/tangyouCircle/tangyouCircle');
    const [byRelative, byMe, own] = (await screen.findAllByRole('article', { name: '爸爸的动态' })) as [
      HTMLElement,
      HTMLElement,
      HTMLElement,
    ];
    expect(within(byRelative).getByLabelText('记录人').textContent).toBe('由亲友 张丽 代为记录');
    // Sugar always with one decimal.
    expect(within(byRelative).getByLabelText('测量值').textContent).toBe('7.0');
    expect(within(byMe).getByLabelText('记录人').textContent).toBe('由我代为记录');
    expect(within(own).queryByLabelText('记录人')).toBeNull();
  });

  it('shows no unread badge when opened for a day', async () => {
    const server = fakeApi(feedRoutes([post('s1')]));
    renderApp('/tangyouCircle/tangyouCircle?dateTime=2026-11-20');
    await screen.findByRole('article', { name: '爸爸的动态' });
    expect(screen.queryByRole('link', { name: /条新消息/ })).toBeNull();
    expect(server.called('GET /tangyou/v1/getUnreadCommentCount')).toHaveLength(0);
    expect(server.called('GET /tangyou/v1/getSugarTest')[0]?.query.get('dateTime')).toBe('2026-11-20');
  });

  it('shows the empty state', async () => {
    fakeApi(feedRoutes([]));
    renderApp('/tangyouCircle/tangyouCircle');
    expect(await screen.findByText('暂无新动态')).toBeTruthy();
  });

  it('likes once, with the button off while it is sent', async () => {
    let liked = false;
    const server = fakeApi(
      feedRoutes([post('s1')], {
        'POST /tangyou/v1/addPraise': () => {
          liked = true;
          return { praiseSize: 1, duplicate: false };
        },
        'GET /tangyou/v1/dynamic': () => ({
          existsFlag: true,
          post: post(
            's1',
            liked ? { praised: true, praiseSize: 1, praises: [{ customerId: 'me', customerName: '张三' }] } : {},
          ),
        }),
      }),
    );
    renderApp('/tangyouCircle/tangyouCircle');
    const like = await screen.findByRole('button', { name: '点赞' });
    fireEvent.click(like);
    fireEvent.click(like);
    const done = await screen.findByRole('button', { name: '已赞' });
    expect((done as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByLabelText('点赞的人').textContent).toContain('张三');
    expect(server.called('POST /tangyou/v1/addPraise')).toHaveLength(1);
  });

  it('comments, refuses an empty comment, replies to others and not to oneself', async () => {
    const comments = [
      {
        commentId: 'c1',
        customerId: 'dad',
        customerName: '爸爸',
        content: '今天吃多了',
        replyCommentId: null,
        replyName: null,
        replyCustomerId: null,
        createTime: '2026-11-20 08:10:00',
      },
      {
        commentId: 'c2',
        customerId: 'me',
        customerName: '张三',
        content: '少吃点',
        replyCommentId: 'c1',
        replyName: '爸爸',
        replyCustomerId: 'dad',
        createTime: '2026-11-20 08:20:00',
      },
    ];
    const server = fakeApi(
      feedRoutes([post('s1', { comments, commentSize: 2 })], {
        'POST /tangyou/v1/addComment': () => ({ commentId: 'c3' }),
        'GET /tangyou/v1/dynamic': () => ({ existsFlag: true, post: post('s1', { comments, commentSize: 2 }) }),
      }),
    );
    renderApp('/tangyouCircle/tangyouCircle');
    const card = await screen.findByRole('article', { name: '爸爸的动态' });
    expect(within(card).getByText(/今天吃多了/)).toBeTruthy();
    expect(within(card).getByRole('button', { name: '回复张三' }).textContent).toBe('张三 回复 爸爸：少吃点');

    fireEvent.click(within(card).getByRole('button', { name: '回复张三' }));
    expect(await screen.findByText('不能回复自己的评论')).toBeTruthy();

    fireEvent.click(within(card).getByRole('button', { name: '评论' }));
    const box = await screen.findByRole('dialog', { name: '发表评论' });
    const text = within(box).getByRole('textbox', { name: '评论内容' });
    const send = within(box).getByRole('button', { name: '发送' });
    fireEvent.click(send);
    expect(await screen.findByText('评论不能为空!')).toBeTruthy();
    fireEvent.change(text, { target: { value: '加油' } });
    fireEvent.click(send);
    await waitFor(() =>
      expect(server.called('POST /tangyou/v1/addComment')[0]?.body).toEqual({ testId: 's1', content: '加油' }),
    );

    fireEvent.click(within(card).getByRole('button', { name: '回复爸爸' }));
    const reply = await screen.findByRole('dialog', { name: '回复爸爸' });
    fireEvent.change(within(reply).getByRole('textbox', { name: '评论内容' }), { target: { value: '好的' } });
    fireEvent.click(within(reply).getByRole('button', { name: '发送' }));
    await waitFor(() =>
      expect(server.called('POST /tangyou/v1/addComment')[1]?.body).toEqual({
        testId: 's1',
        content: '好的',
        replyCommentId: 'c1',
      }),
    );
  });
});

describe('new messages and the post detail', () => {
  it('lists unread likes, comments and replies, then marks them read', async () => {
    const server = fakeApi({
      'GET /tangyou/v1/getUnreadCommentList': () => ({
        items: [
          {
            id: 'm2',
            testId: 's1',
            commentType: 1,
            customerId: 'd',
            customerName: '张丽',
            headimgurl: '',
            content: '爸，多喝水',
            createTime: '2026-11-20 08:20:00',
          },
          {
            id: 'm1',
            testId: 's1',
            commentType: 0,
            customerId: 'd',
            customerName: '张丽',
            headimgurl: '',
            content: null,
            createTime: '2026-11-20 08:10:00',
          },
        ],
        currentPage: 1,
        totalPage: 1,
      }),
      'POST /tangyou/v1/updateAllReadStatus': () => ({ updated: 2 }),
      'GET /tangyou/v1/dynamic': () => ({ existsFlag: true, post: post('s1') }),
    });
    const { router } = renderApp('/tangyouCircle/newMessageList');
    expect(await screen.findByText('评论了你的动态')).toBeTruthy();
    expect(screen.getByText('赞了你的动态')).toBeTruthy();
    await waitFor(() => expect(server.called('POST /tangyou/v1/updateAllReadStatus')).toHaveLength(1));
    fireEvent.click(screen.getByText('爸，多喝水'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/tangyouCircle/newMessageDetail'));
    expect(router.state.location.search).toBe('?newMessageTestId=s1');
    expect(await screen.findByRole('article', { name: '爸爸的动态' })).toBeTruthy();
  });

  it('says when there is nothing unread', async () => {
    fakeApi({ 'GET /tangyou/v1/getUnreadCommentList': () => ({ items: [], currentPage: 1, totalPage: 0 }) });
    renderApp('/tangyouCircle/newMessageList');
    expect(await screen.findByText('没有未读消息了')).toBeTruthy();
  });

  it('says when the post is gone', async () => {
    fakeApi({ 'GET /tangyou/v1/dynamic': () => ({ existsFlag: false, post: null }) });
    renderApp('/tangyouCircle/newMessageDetail?newMessageTestId=s9');
    expect(await screen.findByText('本条数据已被删除')).toBeTruthy();
  });
});

describe('/notice/noticeList', () => {
  it('marks urgent notices and opens the reading, then counts everything read', async () => {
    const server = fakeApi({
      'GET /notice/v1/pageQueryList': () => ({
        items: [
          {
            id: 'n2',
            kind: 'reading',
            title: '紧急提醒：爸爸血糖严重偏高',
            text: '爸爸在11-20 08:00测得空腹血糖25.0mmol/L，严重偏高，请尽快与其联系。',
            urgent: true,
            read: false,
            customerId: 'dad',
            testId: 's1',
            createTime: '2026-11-20 08:00:05',
          },
          {
            id: 'n1',
            kind: 'followRequest',
            title: '新的亲友申请',
            text: '张丽申请关注您的健康数据',
            urgent: false,
            read: true,
            customerId: 'd',
            testId: null,
            createTime: '2026-11-19 08:00:00',
          },
        ],
        currentPage: 1,
        totalPage: 1,
      }),
      'POST /notice/v1/updateAllReadStatus': () => ({ updated: 1 }),
      'GET /tangyou/v1/dynamic': () => ({ existsFlag: true, post: post('s1') }),
    });
    const { router } = renderApp('/notice/noticeList');
    const urgent = await screen.findByRole('button', { name: '紧急提醒：爸爸血糖严重偏高' });
    expect(within(urgent).getByText('紧急')).toBeTruthy();
    expect(within(urgent).getByLabelText('未读')).toBeTruthy();
    expect(server.called('POST /notice/v1/updateAllReadStatus')).toHaveLength(1);
    fireEvent.click(urgent);
    await waitFor(() => expect(router.state.location.search).toBe('?newMessageTestId=s1'));
  });
});
