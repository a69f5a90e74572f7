// @glucoguard/ui/chat: the headless chat client (transport contract, local WebSocket transport,
// store) shared by the web app and the console. No React components, no antd.
export { ChatSendError, isChatSendError } from './transport';
export type { ChatClientPayload, ChatMessage, ChatPayload, ChatSig, ChatStatus, ChatTransport } from './transport';
export {
  CHAT_ACK_TIMEOUT_MS,
  CHAT_KICKED_CLOSE_CODE,
  CHAT_NETWORK_CODE,
  CHAT_SIG_CLOSE_CODE,
  chatSocketUrl,
  createLocalTransport,
} from './local-transport';
export type { ChatSocket, LocalTransportOptions } from './local-transport';
export { CHAT_RECONNECT_BACKOFF_MS, createChatStore } from './chat-store';
export type { ChatEntry, ChatHistoryPage, ChatSendOutcome, ChatState, ChatStore, ChatStoreOptions } from './chat-store';
export { chatMessageFromTencent, createTencentTransport } from './tencent';
export type { TencentChatInstance, TencentChatSdk, TencentTransportOptions } from './tencent';
export { createChatTransport } from './provider-transport';
export type { ChatTransportOptions } from './provider-transport';
export { recordFromMicrophone, VoiceUnavailable } from './voice-recorder';
export type { MicrophoneClip, MicrophoneRecording } from './voice-recorder';
