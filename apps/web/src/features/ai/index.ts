export { AiChatPanel } from './components/ai-chat-lazy';
