import { describe, expect, it } from 'vitest';
import { clientSettingsProblem, OPEN_GRANT_TYPES, OPEN_GRANT_TYPE_LABELS, redirectUriProblem } from './clients';

const patientApp = {
  redirectUris: ['https://app.example.cn/callback'],
  allowedScopes: ['readings.read', 'profile.read'],
  grantTypes: ['authorization_code', 'refresh_token'],
  rateLimitPerMinute: 600,
};

describe('redirect URIs', () => {
  it('takes https addresses and http on the loopback host only', () => {
    expect(redirectUriProblem('https://app.example.cn/callback?x=1')).toBeNull();
    expect(redirectUriProblem('http://127.0.0.1:8123/cb')).toBeNull();
    expect(redirectUriProblem('http://localhost/cb')).toBeNull();
    expect(redirectUriProblem('http://[::1]:9000/cb')).toBeNull();
    expect(redirectUriProblem('http://app.example.cn/cb')).toMatch(/必须以 https:\/\/ 开头/);
    expect(redirectUriProblem('com.example.app:/cb')).toMatch(/必须以 https:\/\/ 开头/);
  });

  it('refuses fragments, credentials, spaces and what is no address', () => {
    expect(redirectUriProblem('https://app.example.cn/cb#top')).toMatch(/# 片段/);
    expect(redirectUriProblem('https://app.example.cn/cb#')).toMatch(/# 片段/);
    expect(redirectUriProblem('https://me:pw@app.example.cn/cb')).toMatch(/用户名、密码/);
    expect(redirectUriProblem(' https://app.example.cn/cb')).toBe('回调地址不能为空或含有空格');
    expect(redirectUriProblem('callback')).toBe('回调地址格式不正确：callback');
    expect(redirectUriProblem('https://')).toBe('回调地址格式不正确：https://');
    expect(redirectUriProblem('https://app.example.cn/a b')).toBe('回调地址不能为空或含有空格');
    expect(redirectUriProblem('HTTPS://App.Example.cn/cb')).toBeNull();
  });
});

describe('client settings', () => {
  it('accepts a patient-facing app and a meter maker', () => {
    expect(clientSettingsProblem(patientApp)).toBeNull();
    expect(
      clientSettingsProblem({
        redirectUris: [],
        allowedScopes: ['devices.provision'],
        grantTypes: ['client_credentials'],
        rateLimitPerMinute: 10,
      }),
    ).toBeNull();
  });

  it('asks for the authorization code grant, with a redirect URI, for patient scopes', () => {
    expect(clientSettingsProblem({ ...patientApp, grantTypes: ['client_credentials'] })).toBe(
      '读取或写入患者数据的权限须开通授权码方式',
    );
    expect(clientSettingsProblem({ ...patientApp, redirectUris: [] })).toBe('授权码方式须至少登记一个回调地址');
  });

  it('asks for client credentials for devices.provision, and the code grant for refresh tokens', () => {
    expect(clientSettingsProblem({ ...patientApp, allowedScopes: ['readings.read', 'devices.provision'] })).toBe(
      '设备登记权限须开通客户端凭证方式',
    );
    expect(
      clientSettingsProblem({
        redirectUris: [],
        allowedScopes: ['devices.provision'],
        grantTypes: ['client_credentials', 'refresh_token'],
        rateLimitPerMinute: 600,
      }),
    ).toBe('刷新令牌须与授权码方式一起开通');
  });

  it('refuses unknown or missing scopes and grant types', () => {
    expect(clientSettingsProblem({ ...patientApp, allowedScopes: [] })).toBe('请至少选择一项权限');
    expect(clientSettingsProblem({ ...patientApp, allowedScopes: ['openid'] })).toBe('请至少选择一项权限');
    expect(clientSettingsProblem({ ...patientApp, grantTypes: ['implicit'] })).toBe('请至少选择一种授权方式');
  });

  it('refuses a repeated or bad redirect URI and more than ten', () => {
    const uri = 'https://app.example.cn/cb';
    expect(clientSettingsProblem({ ...patientApp, redirectUris: [uri, uri] })).toBe('回调地址不能重复');
    expect(clientSettingsProblem({ ...patientApp, redirectUris: [uri, 'http://app.example.cn/cb'] })).toMatch(
      /必须以 https/,
    );
    const eleven = Array.from({ length: 11 }, (_, i) => `${uri}/${i}`);
    expect(clientSettingsProblem({ ...patientApp, redirectUris: eleven })).toBe('回调地址最多10个');
  });

  it('keeps the rate limit between 10 and 6000 a minute', () => {
    expect(clientSettingsProblem({ ...patientApp, rateLimitPerMinute: 9 })).toBe('每分钟调用上限为10到6000次');
    expect(clientSettingsProblem({ ...patientApp, rateLimitPerMinute: 6001 })).toBe('每分钟调用上限为10到6000次');
    expect(clientSettingsProblem({ ...patientApp, rateLimitPerMinute: 6000 })).toBeNull();
  });

  it('labels every grant type in Chinese', () => {
    for (const grant of OPEN_GRANT_TYPES) {
      expect(OPEN_GRANT_TYPE_LABELS[grant]).toMatch(/[\u4e00-\u9fa5]/);
    }
  });
});
