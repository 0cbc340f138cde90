import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.js';

describe('AI provider configuration', () => {
  it('runs the built-in assistant when none of the three is set', () => {
    expect(loadConfig({}).ai).toBeNull();
    expect(loadConfig({}).aiTimeoutMs).toBe(60_000);
  });

  it('takes all three, trimming the trailing slash of the base URL, and keeps the key out of serialisation', () => {
    const config = loadConfig({ AI_BASE_URL: 'https://api.example.com/v1/', AI_API_KEY: 'sk-secret', AI_MODEL: 'gpt-test', AI_TIMEOUT_SECONDS: '5' });
    expect(config.ai).toMatchObject({ baseUrl: 'https://api.example.com/v1', model: 'gpt-test' });
    expect(config.ai!.apiKey).toBe('sk-secret');
    expect(JSON.stringify(config)).not.toContain('sk-secret');
    expect(config.aiTimeoutMs).toBe(5000);
  });

  it('refuses a partial set, naming what is missing and never printing the key', () => {
    expect(() => loadConfig({ AI_API_KEY: 'sk-secret' })).toThrow(ConfigError);
    try {
      loadConfig({ AI_API_KEY: 'sk-secret', AI_MODEL: 'm' });
    } catch (error) {
      expect((error as Error).message).toContain('AI_BASE_URL: required');
      expect((error as Error).message).not.toContain('sk-secret');
    }
    expect(() => loadConfig({ AI_BASE_URL: 'ftp://x', AI_API_KEY: 'k', AI_MODEL: 'm' })).toThrow(/AI_BASE_URL/);
    expect(() => loadConfig({ AI_BASE_URL: 'https://x', AI_API_KEY: 'two words', AI_MODEL: 'm' })).toThrow(/AI_API_KEY: must be one token/);
    expect(() => loadConfig({ AI_BASE_URL: 'https://x', AI_API_KEY: 'two words', AI_MODEL: 'm' })).not.toThrow(/two words/);
  });
});
