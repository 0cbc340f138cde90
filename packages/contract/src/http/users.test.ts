import { describe, expect, it } from 'vitest';
import { bindReferrer, MAX_UID, NICKNAME_MAX_LENGTH, nickname, setUserInfo } from './users.js';

const AVATAR = `/uploads/${'a'.repeat(64)}.png`;

describe('nickname', () => {
  it('is trimmed and bounded by NICKNAME_MAX_LENGTH', () => {
    expect(nickname.parse('  Coral Crab  ')).toBe('Coral Crab');
    expect(nickname.parse('珊瑚蟹🦀')).toBe('珊瑚蟹🦀');
    expect(nickname.safeParse('x'.repeat(NICKNAME_MAX_LENGTH)).success).toBe(true);
    expect(nickname.safeParse('x'.repeat(NICKNAME_MAX_LENGTH + 1)).success).toBe(false);
  });

  it('refuses empty text and control characters', () => {
    for (const bad of ['', '   ', 'a\u0000b', 'line\nbreak', 'tab\there', 'bell\u0007', 'c1\u0085', '\ud800lone']) {
      expect(nickname.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });
});

describe('setUserInfo body', () => {
  const body = setUserInfo.body;

  it('takes a nickname, an avatar, both, or null to remove the avatar', () => {
    expect(body.parse({ nickname: 'Eel' })).toEqual({ nickname: 'Eel' });
    expect(body.parse({ avatar: AVATAR })).toEqual({ avatar: AVATAR });
    expect(body.parse({ avatar: null })).toEqual({ avatar: null });
    expect(body.parse({ nickname: 'Eel', avatar: AVATAR })).toEqual({ nickname: 'Eel', avatar: AVATAR });
  });

  it('refuses an empty change, unknown fields and an avatar that is not an upload address', () => {
    expect(body.safeParse({}).success).toBe(false);
    expect(body.safeParse({ nickname: 'Eel', level: 9 }).success).toBe(false);
    for (const avatar of ['https://evil.example/a.png', '/uploads/../x.png', `/uploads/${'a'.repeat(64)}.svg`, 42]) {
      expect(body.safeParse({ avatar }).success, String(avatar)).toBe(false);
    }
  });
});

describe('bindReferrer body', () => {
  const body = bindReferrer.body;

  it('takes exactly one of an address or a uid', () => {
    expect(body.safeParse({ address: '0x000000000000000000000000000000000000dEaD' }).success).toBe(true);
    expect(body.safeParse({ uid: 7 }).success).toBe(true);
    expect(body.safeParse({}).success).toBe(false);
    expect(body.safeParse({ address: '0x000000000000000000000000000000000000dEaD', uid: 7 }).success).toBe(false);
    expect(body.safeParse({ uid: 0 }).success).toBe(false);
    expect(body.safeParse({ uid: '7' }).success).toBe(false);
    expect(body.safeParse({ uid: MAX_UID }).success).toBe(true);
    expect(body.safeParse({ uid: MAX_UID + 1 }).success).toBe(false);
  });
});
