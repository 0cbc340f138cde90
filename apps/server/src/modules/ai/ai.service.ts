/**
 * AI assistant conversations: who may read, continue or delete them, the per-user limits, the grounding
 * passages, and the answer itself — from the configured OpenAI-compatible provider, or composed by the
 * built-in assistant from the help content when none is configured.
 */
import { AI_MESSAGES_PER_MINUTE, type AiSource, type LanguageCode } from '@reef/contract';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import { DomainError } from '../../core/errors.js';
import { answerChunks, articleLink, composeAnswer } from './builtin-answer.js';
import type { HelpIndex, Passage } from './help-index.js';
import { streamCompletion, type ChatTurn } from './provider-client.js';
import * as repo from './ai.repository.js';
import * as clock from '../../core/clock.js';

export interface AiContext {
  db: Database;
  config: Config;
  index: HelpIndex;
  /** Users with an answer being written by this app instance: one at a time each. */
  answering: Set<number>;
}

/** Earlier messages sent to the provider with a new question (the oldest are left out). */
const HISTORY_MESSAGES = 12;
const TITLE_MAX = 60;

const conversationDto = (row: repo.ConversationRow) => ({
  id: row.id,
  title: row.title,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

export async function listConversations(db: Database, userId: number, page: number, limit: number) {
  const { list, total } = await repo.listConversations(db, userId, limit, (page - 1) * limit);
  return { list: list.map(conversationDto), page, limit, total };
}

export async function getConversation(db: Database, userId: number, id: number) {
  const conversation = await repo.findOwnConversation(db, userId, id);
  if (!conversation) throw new DomainError('NOT_FOUND');
  const messages = await repo.listMessages(db, id);
  return {
    ...conversationDto(conversation),
    messages: messages.map((m) => ({
      id: m.id,
      role: m.role as 'user' | 'assistant',
      content: m.content,
      status: m.status as 'streaming' | 'complete' | 'stopped' | 'failed',
      sources: m.sources,
      created_at: m.createdAt.toISOString(),
    })),
  };
}

export async function deleteConversation(db: Database, userId: number, id: number) {
  if (!(await repo.deleteOwnConversation(db, userId, id))) throw new DomainError('NOT_FOUND');
  return { id };
}

export interface PreparedChat {
  conversationId: number;
  userMessageId: number;
  messageId: number;
  question: string;
  passages: Passage[];
  sources: AiSource[];
  history: ChatTurn[];
  /** Lets the user ask again; call once the answer is finished, however it ended. */
  release(): void;
}

/** The first question on one line, cut by characters (not UTF-16 units, so an emoji is never split). */
export function titleOf(question: string): string {
  const chars = Array.from(question.replace(/\s+/g, ' ').trim());
  return chars.length > TITLE_MAX ? `${chars.slice(0, TITLE_MAX - 1).join('')}…` : chars.join('');
}

function tooFrequent(): Error {
  // Same answer as the global limiter: HTTP 429 'Do not operate frequently'.
  return Object.assign(new Error('ai rate limit'), { statusCode: 429 });
}

/** Checks the limits and the conversation, stores the question and an empty answer to stream into. */
export async function prepareChat(
  ctx: AiContext,
  userId: number,
  input: { conversation_id?: number; message: string },
  language: LanguageCode,
  now = clock.now(),
): Promise<PreparedChat> {
  if (ctx.answering.has(userId)) throw new DomainError('AI_REPLY_IN_PROGRESS');
  ctx.answering.add(userId);
  const release = () => ctx.answering.delete(userId);
  try {
    const recent = await repo.countQuestionsSince(ctx.db, userId, new Date(now.getTime() - 60_000));
    if (recent >= AI_MESSAGES_PER_MINUTE) throw tooFrequent();
    let history: ChatTurn[] = [];
    if (input.conversation_id !== undefined) {
      const existing = await repo.findOwnConversation(ctx.db, userId, input.conversation_id);
      if (!existing) throw new DomainError('NOT_FOUND');
      if (ctx.config.ai) {
        history = (await repo.recentMessages(ctx.db, existing.id, HISTORY_MESSAGES))
          .filter((m) => m.content.trim() && m.status !== 'failed')
          .map((m) => ({ role: m.role as 'user' | 'assistant', content: m.content }));
      }
    }
    const passages = ctx.index.search(language, input.message);
    const seen = new Set<string>();
    const sources = passages.filter((p) => !seen.has(p.slug) && seen.add(p.slug)).map((p) => ({ id: p.slug, title: p.title }));
    const stored = await ctx.db.transaction(async (tx) => {
      let conversationId: number;
      if (input.conversation_id === undefined) {
        conversationId = (await repo.insertConversation(tx, userId, titleOf(input.message))).id;
      } else {
        // Deleted since the check above: refuse rather than fail on the foreign key.
        if (!(await repo.lockOwnConversation(tx, userId, input.conversation_id))) throw new DomainError('NOT_FOUND');
        conversationId = input.conversation_id;
      }
      const question = await repo.insertMessage(tx, { conversationId, userId, role: 'user', content: input.message, status: 'complete' });
      const answer = await repo.insertMessage(tx, { conversationId, userId, role: 'assistant', status: 'streaming', sources });
      await repo.touchConversation(tx, conversationId);
      return { conversationId, userMessageId: question.id, messageId: answer.id };
    });
    return { ...stored, question: input.message, passages, sources, history, release };
  } catch (error) {
    release();
    throw error;
  }
}

const LANGUAGE_NAMES: Record<LanguageCode, string> = {
  'zh-tw': 'Traditional Chinese (繁體中文)',
  'zh-cn': 'Simplified Chinese (简体中文)',
  'en-us': 'English',
  'pt-br': 'Portuguese (Português)',
  'de-de': 'German (Deutsch)',
  'ru-ru': 'Russian (Русский)',
};

/** The provider's instructions: who it is, the language to answer in, and the help passages to ground on. */
export function systemPrompt(language: LanguageCode, passages: Passage[]): string {
  const lines = [
    'You are the Reef assistant, the help desk of Reef: a mobile web community platform for crypto members who sign in with a wallet on BNB Smart Chain.',
    `Always answer in ${LANGUAGE_NAMES[language]}, whatever language the passages are in.`,
    'Answer only from the help passages below. If they do not cover the question, say plainly that you do not know and suggest asking customer service in Chat. Never invent fees, limits or features.',
    "Never ask for a seed phrase, private key or transaction password. You cannot see the user's balances or records.",
    'Keep answers short, in Markdown, and link the articles you used as [title](link) with the links given.',
    '',
    'Help passages:',
  ];
  if (passages.length === 0) lines.push('(none matched this question)');
  passages.forEach((p, i) => {
    lines.push('', `[${i + 1}] ${p.title} — ${p.heading} (link: ${articleLink(p.slug)})`, p.text);
  });
  return lines.join('\n');
}

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
  });
}

/** Writes the answer through `onDelta` until it is complete or `signal` aborts; provider failures throw ProviderError. */
export async function writeAnswer(
  ctx: AiContext,
  prepared: PreparedChat,
  language: LanguageCode,
  signal: AbortSignal,
  onDelta: (text: string) => void,
): Promise<void> {
  const provider = ctx.config.ai;
  if (provider) {
    await streamCompletion({
      provider,
      messages: [{ role: 'system', content: systemPrompt(language, prepared.passages) }, ...prepared.history, { role: 'user', content: prepared.question }],
      signal,
      idleTimeoutMs: ctx.config.aiTimeoutMs,
      onDelta,
    });
    return;
  }
  for (const chunk of answerChunks(composeAnswer(language, prepared.passages))) {
    if (signal.aborted) return;
    onDelta(chunk);
    await pause(ctx.config.aiBuiltinPauseMs, signal);
  }
}

export async function finishAnswer(
  db: Database,
  prepared: PreparedChat,
  content: string,
  status: 'complete' | 'stopped' | 'failed',
  errorCode: string | null = null,
): Promise<void> {
  await repo.finishMessage(db, prepared.messageId, { content, status, errorCode });
  await repo.touchConversation(db, prepared.conversationId);
}
