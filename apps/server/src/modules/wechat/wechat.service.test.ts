import { describe, expect, it } from 'vitest';
import { jsSdkSignature, signedPageUrl } from './wechat.service.js';

describe('the JS-SDK signature', () => {
  it("matches WeChat's published worked example (JS-SDK documentation, appendix 1)", () => {
    // jsapi_ticket=sM4AOVdWfPE4DxkXGEs8VMCPGGVi4C3VM0P37wVUCFvkVAy_90u5h9nbSlYy3-Sl-HhTdfl2fzFy1AOcHKP7qg
    // &noncestr=Wm3WZYTPz0wzccnW&timestamp=1414587457&url=http://mp.weixin.qq.com?params=value → SHA-1 below.
    expect(
      jsSdkSignature({
        ticket: 'sM4AOVdWfPE4DxkXGEs8VMCPGGVi4C3VM0P37wVUCFvkVAy_90u5h9nbSlYy3-Sl-HhTdfl2fzFy1AOcHKP7qg',
        nonceStr: 'Wm3WZYTPz0wzccnW',
        timestamp: 1414587457,
        url: 'http://mp.weixin.qq.com?params=value',
      }),
    ).toBe('0f9de62fce790f9a083d5c99e95740ceb90c27ed');
  });
});

describe('the signed page address', () => {
  const origins = ['https://reef.example', 'http://127.0.0.1:8080'];

  it('drops the fragment and keeps the rest byte for byte', () => {
    expect(signedPageUrl('https://reef.example/index/?spread=7&x=%E4%B8%AD#/pages/community/share', origins)).toBe(
      'https://reef.example/index/?spread=7&x=%E4%B8%AD',
    );
    expect(signedPageUrl('http://127.0.0.1:8080/index/', origins)).toBe('http://127.0.0.1:8080/index/');
  });

  it.each([
    ['another site', 'https://evil.example/index/'],
    ['another port', 'https://reef.example:8443/index/'],
    ['not a URL', 'https://'],
    ['a look-alike host', 'https://reef.example.evil.example/'],
  ])('refuses %s', (_name, url) => {
    expect(() => signedPageUrl(url, origins)).toThrow(expect.objectContaining({ code: 'PARAMETER_ERROR' }));
  });
});
