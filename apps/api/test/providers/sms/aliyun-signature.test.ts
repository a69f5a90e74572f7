import { afterEach, describe, expect, it } from 'vitest';
import { canonicalizedQuery, percentEncode, rpcStringToSign, signRpcRequest } from '../../../src/providers/sms/aliyun';
import { AliyunSmsFake } from '../../fakes/aliyun-sms-fake';

// The worked example of Alibaba Cloud SMS's signature documentation ("签名机制",
// help.aliyun.com/document_detail/101343): sample AccessKey testId / testSecret, values verbatim.
const DOC_PARAMS = {
  SignatureMethod: 'HMAC-SHA1',
  SignatureNonce: '45e25e9b-0a6f-4070-8c85-2956eda1b466',
  AccessKeyId: 'testId',
  SignatureVersion: '1.0',
  Timestamp: '2017-07-12T02:42:19Z',
  Format: 'XML',
  Action: 'SendSms',
  Version: '2017-05-25',
  RegionId: 'cn-hangzhou',
  PhoneNumbers: '15300000001',
  SignName: '阿里云短信测试专用',
  TemplateParam: '{"customer":"test"}',
  TemplateCode: 'SMS_71390007',
  OutId: '123',
};
const DOC_SORTED_QUERY =
  'AccessKeyId=testId&Action=SendSms&Format=XML&OutId=123&PhoneNumbers=15300000001&RegionId=cn-hangzhou&SignName=%E9%98%BF%E9%87%8C%E4%BA%91%E7%9F%AD%E4%BF%A1%E6%B5%8B%E8%AF%95%E4%B8%93%E7%94%A8&SignatureMethod=HMAC-SHA1&SignatureNonce=45e25e9b-0a6f-4070-8c85-2956eda1b466&SignatureVersion=1.0&TemplateCode=SMS_71390007&TemplateParam=%7B%22customer%22%3A%22test%22%7D&Timestamp=2017-07-12T02%3A42%3A19Z&Version=2017-05-25';
const DOC_STRING_TO_SIGN =
  'GET&%2F&AccessKeyId%3DtestId%26Action%3DSendSms%26Format%3DXML%26OutId%3D123%26PhoneNumbers%3D15300000001%26RegionId%3Dcn-hangzhou%26SignName%3D%25E9%2598%25BF%25E9%2587%258C%25E4%25BA%2591%25E7%259F%25AD%25E4%25BF%25A1%25E6%25B5%258B%25E8%25AF%2595%25E4%25B8%2593%25E7%2594%25A8%26SignatureMethod%3DHMAC-SHA1%26SignatureNonce%3D45e25e9b-0a6f-4070-8c85-2956eda1b466%26SignatureVersion%3D1.0%26TemplateCode%3DSMS_71390007%26TemplateParam%3D%257B%2522customer%2522%253A%2522test%2522%257D%26Timestamp%3D2017-07-12T02%253A42%253A19Z%26Version%3D2017-05-25';
const DOC_SIGNATURE = 'zJDF+Lrzhj/ThnlvIToysFRq6t4=';
const DOC_URL_QUERY = `Signature=zJDF%2BLrzhj%2FThnlvIToysFRq6t4%3D&${DOC_SORTED_QUERY}`;

describe('the RPC request signature', () => {
  it('reproduces the documented canonicalised query, string to sign and signature', () => {
    expect(canonicalizedQuery(DOC_PARAMS)).toBe(DOC_SORTED_QUERY);
    expect(rpcStringToSign(DOC_PARAMS, 'GET')).toBe(DOC_STRING_TO_SIGN);
    expect(signRpcRequest(DOC_PARAMS, 'testSecret', 'GET')).toBe(DOC_SIGNATURE);
    expect(percentEncode(DOC_SIGNATURE)).toBe('zJDF%2BLrzhj%2FThnlvIToysFRq6t4%3D');
  });

  it('leaves a Signature parameter out of what it signs', () => {
    expect(signRpcRequest({ ...DOC_PARAMS, Signature: 'anything' }, 'testSecret', 'GET')).toBe(DOC_SIGNATURE);
  });

  it('signs the HTTP method, so a GET signature does not pass for a POST', () => {
    expect(rpcStringToSign(DOC_PARAMS, 'POST').startsWith('POST&%2F&AccessKeyId%3DtestId')).toBe(true);
    expect(signRpcRequest(DOC_PARAMS, 'testSecret', 'POST')).not.toBe(DOC_SIGNATURE);
  });

  it('depends on the secret', () => {
    expect(signRpcRequest(DOC_PARAMS, 'otherSecret', 'GET')).not.toBe(DOC_SIGNATURE);
  });
});

describe('percent-encoding', () => {
  it.each([
    ['unreserved characters stay as they are', 'AZaz09-_.~', 'AZaz09-_.~'],
    ['a space becomes %20, not +', 'a b', 'a%20b'],
    ['a plus sign is encoded', '+86', '%2B86'],
    ['an asterisk is encoded', 'a*b', 'a%2Ab'],
    ["the sub-delimiters ! ' ( ) are encoded", "!'()", '%21%27%28%29'],
    ['a slash is encoded', '/', '%2F'],
    ['the ISO timestamp colon is encoded', '2017-07-12T02:42:19Z', '2017-07-12T02%3A42%3A19Z'],
    ['multi-byte UTF-8 becomes one %XY per byte, upper-case hex', '糖', '%E7%B3%96'],
    ['JSON template parameters', '{"code":"123456"}', '%7B%22code%22%3A%22123456%22%7D'],
    ['reserved query characters', '&=?#%', '%26%3D%3F%23%25'],
  ])('%s', (_name, input, expected) => {
    expect(percentEncode(input)).toBe(expected);
  });
});

describe('the fake SendSms endpoint, checked against the documented request', () => {
  let fake: AliyunSmsFake | undefined;
  afterEach(async () => {
    await fake?.close();
    fake = undefined;
  });

  async function startDocFake(now: Date): Promise<AliyunSmsFake> {
    fake = await AliyunSmsFake.start({
      accessKeyId: 'testId',
      accessKeySecret: 'testSecret',
      signName: '阿里云短信测试专用',
      templateCode: 'SMS_71390007',
      templateVars: ['customer'],
      now: () => now,
    });
    return fake;
  }

  it('accepts the documented GET request verbatim at the time it was made, answering in the requested XML', async () => {
    const server = await startDocFake(new Date('2017-07-12T02:45:00Z'));
    const response = await fetch(`${server.url}/?${DOC_URL_QUERY}`);
    const body = await response.text();
    expect(response.status).toBe(200);
    expect(body).toMatch(/^<\?xml .*<SendSmsResponse>.*<Code>OK<\/Code>.*<BizId>\d+\^0<\/BizId>/);
    expect(server.messages).toEqual([
      expect.objectContaining({ phoneNumbers: ['15300000001'], templateParam: { customer: 'test' }, method: 'GET' }),
    ]);
  });

  it('refuses the same request replayed with its nonce', async () => {
    const server = await startDocFake(new Date('2017-07-12T02:45:00Z'));
    await fetch(`${server.url}/?${DOC_URL_QUERY}`);
    const replay = await fetch(`${server.url}/?${DOC_URL_QUERY}`);
    expect(replay.status).toBe(400);
    expect(await replay.text()).toContain('<Code>SignatureNonceUsed</Code>');
    expect(server.messages).toHaveLength(1);
  });

  it('refuses the documented request today, its timestamp being more than 15 minutes old', async () => {
    const server = await startDocFake(new Date());
    const response = await fetch(`${server.url}/?${DOC_URL_QUERY}`);
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('<Code>InvalidTimeStamp.Expired</Code>');
  });

  it('refuses the documented request with one parameter altered after signing', async () => {
    const server = await startDocFake(new Date('2017-07-12T02:45:00Z'));
    const tampered = DOC_URL_QUERY.replace('PhoneNumbers=15300000001', 'PhoneNumbers=15300000002');
    const response = await fetch(`${server.url}/?${tampered}`);
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('<Code>SignatureDoesNotMatch</Code>');
    expect(server.messages).toEqual([]);
  });
});
