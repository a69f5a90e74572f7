import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Toast } from 'antd-mobile';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { installAntdMobileRender } from '@glucoguard/ui';
import { setApiFetch } from '../../api';
import { registeredCustomer, resetStores } from '../../test-utils';
import AiTab from './AiTab';

beforeAll(() => {
  installAntdMobileRender();
});

beforeEach(() => {
  resetStores({ isAuth: '1', customerId: 'c1', customer: registeredCustomer(), token: 'token-1' });
});

afterEach(() => {
  act(() => Toast.clear());
});

/** A fake server whose event stream the test writes by hand. */
function streamingServer() {
  const requests: { body: unknown; headers: Headers }[] = [];
  let push: (text: string) => void = () => undefined;
  let close: () => void = () => undefined;
  setApiFetch(async (request) => {
    requests.push({ body: await request.json(), headers: request.headers });
    const encoder = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        push = (text) => controller.enqueue(encoder.encode(text));
        close = () => controller.close();
      },
    });
    return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream; charset=utf-8' } });
  });
  return {
    requests,
    chunk: async (text: string) => {
      await act(async () => {
        push(`data: ${JSON.stringify({ text })}\n\n`);
        await Promise.resolve();
      });
    },
    end: async (event = 'done') => {
      await act(async () => {
        push(`event: ${event}\ndata: {}\n\n`);
        close();
        await Promise.resolve();
      });
    },
  };
}

const view = () =>
  render(
    <MemoryRouter>
      <AiTab />
    </MemoryRouter>,
  );
const input = () => screen.getByLabelText<HTMLTextAreaElement>('消息');
const sendButton = () => screen.getByRole<HTMLButtonElement>('button', { name: '发送' });

describe('AI tab', () => {
  it('streams the answer into a bubble with a loader, blocks sending until it ends, and sends the history', async () => {
    const server = streamingServer();
    view();
    expect(sendButton().disabled).toBe(true);
    fireEvent.change(input(), { target: { value: '我最近血糖怎么样' } });
    expect(sendButton().disabled).toBe(false);
    fireEvent.click(sendButton());
    await waitFor(() => expect(server.requests).toHaveLength(1));
    expect(server.requests[0]?.body).toEqual({ msg: '我最近血糖怎么样', lastMsg: [] });
    expect(server.requests[0]?.headers.get('Authorization')).toBe('Bearer token-1');
    expect(screen.getByLabelText('正在回复')).toBeTruthy();
    // Typing while the answer has not ended does not allow a second question.
    fireEvent.change(input(), { target: { value: '还有呢' } });
    expect(sendButton().disabled).toBe(true);
    await server.chunk('最近14天');
    await screen.findByText('最近14天');
    expect(screen.queryByLabelText('正在回复')).toBeNull();
    await server.chunk('平均7.2');
    await screen.findByText('最近14天平均7.2');
    expect(sendButton().disabled).toBe(true);
    await server.end();
    await waitFor(() => expect(sendButton().disabled).toBe(false));
    fireEvent.click(sendButton());
    await waitFor(() => expect(server.requests).toHaveLength(2));
    expect(server.requests[1]?.body).toEqual({
      msg: '还有呢',
      lastMsg: [
        { role: 'user', content: '我最近血糖怎么样' },
        { role: 'assistant', content: '最近14天平均7.2' },
      ],
    });
    await server.end();
  });

  it('shows the failure message when the stream fails, and leaves the failed answer out of the history', async () => {
    const server = streamingServer();
    view();
    fireEvent.change(input(), { target: { value: '你好' } });
    fireEvent.click(sendButton());
    await waitFor(() => expect(server.requests).toHaveLength(1));
    await server.end('error');
    expect((await screen.findAllByText('发送消息失败，请稍后重试')).length).toBeGreaterThan(0);
    fireEvent.change(input(), { target: { value: '再问一次' } });
    await waitFor(() => expect(sendButton().disabled).toBe(false));
    fireEvent.click(sendButton());
    await waitFor(() => expect(server.requests).toHaveLength(2));
    expect(server.requests[1]?.body).toEqual({ msg: '再问一次', lastMsg: [{ role: 'user', content: '你好' }] });
    await server.end();
  });

  it('shows the server refusal (too many questions)', async () => {
    setApiFetch(() =>
      Promise.resolve(Response.json({ code: 42900, errMsg: '提问过于频繁，请稍后再试', data: null }, { status: 429 })),
    );
    view();
    fireEvent.change(input(), { target: { value: '你好' } });
    fireEvent.click(sendButton());
    expect(await screen.findByText('提问过于频繁，请稍后再试')).toBeTruthy();
    expect(screen.getAllByText('发送消息失败，请稍后重试').length).toBeGreaterThan(0);
  });

  it('asks visitors to register first', () => {
    resetStores();
    view();
    expect(screen.getByText(/AI助手需要登录后使用/)).toBeTruthy();
    expect(sendButton().disabled).toBe(true);
  });
});
