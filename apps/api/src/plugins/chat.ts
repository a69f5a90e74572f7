import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { CHAT_MESSAGES } from '@glucoguard/domain';
import {
  ChatHub,
  chatMediaSigner,
  CHAT_CHANNEL,
  CHAT_END_CHANNEL,
  CHAT_LOGIN_CHANNEL,
  announceChatMessage,
  listenForChatMessages,
  TENCENT_RELAY_JOB,
  TencentChatRelay,
  type ChatTransport,
} from '../contexts/care';
import { scheduleJob } from '../contexts/platform';

declare module 'fastify' {
  interface FastifyInstance {
    /** The chat's connections in this process and how a stored message reaches them. */
    chat: ChatTransport;
  }
}

export interface ChatPluginOptions {
  /** With PostgreSQL, messages fan out through LISTEN/NOTIFY to every API process; PGlite is one process. */
  databaseUrl: string | undefined;
}

/**
 * The chat's embedded transport: its connections in this process and the fan-out across processes
 * (the WebSocket route itself is registered with the chat's routes, in a scope of its own).
 */
export default fp<ChatPluginOptions>(
  async (app: FastifyInstance, options) => {
    const sign = chatMediaSigner(app.providers.sessionSecret, app.providers.clock);
    const hub = new ChatHub(sign);
    const viaDatabase = options.databaseUrl !== undefined;
    const tencent = app.providers.chat ? new TencentChatRelay(app.providers.chat, sign) : null;
    app.decorate('chat', {
      hub,
      tencent,
      sign,
      fanOut: {
        inTransaction: async (tx, delivery) => {
          if (viaDatabase) {
            await announceChatMessage(tx, CHAT_CHANNEL, JSON.stringify(delivery));
          }
          // Tencent Cloud IM carries it by a durable job committed with the message (ADR 0124).
          if (tencent) {
            await scheduleJob(tx, TENCENT_RELAY_JOB, delivery.message.id, new Date(delivery.message.time), delivery);
          }
        },
        afterCommit: (delivery) => {
          if (!viaDatabase) {
            hub.deliver(delivery);
          }
        },
        login: async (login) => {
          if (viaDatabase) {
            await announceChatMessage(app.orm.em.fork(), CHAT_LOGIN_CHANNEL, JSON.stringify(login));
          } else {
            hub.kickOthers(login, CHAT_MESSAGES.kicked);
          }
        },
        end: async (imUserId) => {
          if (viaDatabase) {
            await announceChatMessage(app.orm.em.fork(), CHAT_END_CHANNEL, JSON.stringify(imUserId));
          } else {
            hub.end(imUserId, CHAT_MESSAGES.accessEnded);
          }
        },
      },
    });
    if (options.databaseUrl) {
      const listener = listenForChatMessages({
        databaseUrl: options.databaseUrl,
        deliver: (delivery) => hub.deliver(delivery),
        login: (login) => hub.kickOthers(login, CHAT_MESSAGES.kicked),
        end: (imUserId) => hub.end(imUserId, CHAT_MESSAGES.accessEnded),
        onError: (error) => app.log.warn({ err: error }, 'chat listener lost its connection; reconnecting'),
      });
      await listener.ready;
      app.addHook('onClose', () => listener.close());
    }
    app.addHook('preClose', (done) => {
      hub.closeAll();
      done();
    });
  },
  { name: 'chat', dependencies: ['db', 'providers'] },
);
