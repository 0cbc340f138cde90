import { describe, expect, it } from 'vitest';
import { chatApi } from '@reef/contract';
import { draftProblem, isUploadAddress } from './compose';

const body = (msg_type: 'text' | 'emoji' | 'image', content: string) => ({
  conversation: { type: 'user' as const, id: 2 },
  msg_type,
  content,
  client_id: 'abcdefgh-1',
});

describe('draftProblem', () => {
  it('refuses blank and over-long text as the server would', () => {
    expect(draftProblem(body('text', 'hi'))).toBeNull();
    expect(draftProblem(body('text', '   '))).toBe('empty');
    expect(draftProblem(body('text', ''))).toBe('empty');
    expect(draftProblem(body('text', 'x'.repeat(chatApi.CHAT_TEXT_MAX)))).toBeNull();
    expect(draftProblem(body('text', 'x'.repeat(chatApi.CHAT_TEXT_MAX + 1)))).toBe('tooLong');
    expect(draftProblem(body('emoji', '🐠'))).toBeNull();
    expect(draftProblem(body('emoji', '🐠'.repeat(40)))).toBe('tooLong');
  });
});

describe('isUploadAddress', () => {
  it('loads only our own upload addresses', () => {
    expect(isUploadAddress(`/uploads/${'a'.repeat(64)}.png`)).toBe(true);
    expect(isUploadAddress('https://tracker.example/x.png')).toBe(false);
    expect(isUploadAddress('javascript:alert(1)')).toBe(false);
    expect(isUploadAddress(`/uploads/${'a'.repeat(64)}.svg`)).toBe(false);
  });
});
