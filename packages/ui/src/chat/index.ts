// @glucoguard/ui/chat: the headless chat client (transport contract, local WebSocket transport,
// store) shared by the web app and the console. No React components, no antd.
export { isChatSendError } from './transport';
export type {
  ChatClientPayload,
  ChatMessage,
  ChatPayload,
  ChatSendError,
  ChatSig,
  ChatStatus,
  ChatTransport,
} from './transport';
