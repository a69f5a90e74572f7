// A local stand-in for Tencent Location Service's WebService reverse geocoding
// (GET /ws/geocoder/v1/?key=…&location=lat,lng&sig=…). It checks requests the way the service does
// for a key with the SN check on — the key, the md5 signature over the path and the sorted, decoded
// parameters plus the SecretKey, the location's format and ranges — and answers in the service's
// shapes: status 0 with result.ad_info for a few known places, 347 (查询无结果) elsewhere, and the
// documented refusal statuses (111 bad signature, 190 unknown key, 311 malformed key, 310/365/366
// bad location). The signature check is written apart from the client's (its own query parser and
// string to sign), so a shared mistake cannot make both sides agree.
import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface KnownPlace {
  lat: number;
  lng: number;
  /** Points within this many kilometres answer with this place. */
  radiusKm: number;
  nationCode: string;
  adcode: string;
  nation: string;
  province: string;
  city: string;
  district: string;
  cityCode: string;
  phoneAreaCode: string;
  address: string;
}

/** Real places with the answers the service gives for them (adcode is the district's code). */
export const KNOWN_PLACES: KnownPlace[] = [
  {
    lat: 39.908823,
    lng: 116.39747,
    radiusKm: 3,
    nationCode: '156',
    adcode: '110101',
    nation: '中国',
    province: '北京市',
    city: '北京市',
    district: '东城区',
    cityCode: '156110000',
    phoneAreaCode: '010',
    address: '北京市东城区东长安街',
  },
  {
    lat: 31.230416,
    lng: 121.473701,
    radiusKm: 2,
    nationCode: '156',
    adcode: '310101',
    nation: '中国',
    province: '上海市',
    city: '上海市',
    district: '黄浦区',
    cityCode: '156310000',
    phoneAreaCode: '021',
    address: '上海市黄浦区人民大道',
  },
  {
    lat: 22.540503,
    lng: 113.934528,
    radiusKm: 5,
    nationCode: '156',
    adcode: '440305',
    nation: '中国',
    province: '广东省',
    city: '深圳市',
    district: '南山区',
    cityCode: '156440300',
    phoneAreaCode: '0755',
    address: '广东省深圳市南山区深南大道',
  },
  // 东莞市 has no districts: the service gives the city's own code and an empty district.
  {
    lat: 23.020536,
    lng: 113.751765,
    radiusKm: 5,
    nationCode: '156',
    adcode: '441900',
    nation: '中国',
    province: '广东省',
    city: '东莞市',
    district: '',
    cityCode: '156441900',
    phoneAreaCode: '0769',
    address: '广东省东莞市鸿福路',
  },
  // Abroad the service names the nation and has no Chinese code.
  {
    lat: 35.689487,
    lng: 139.691706,
    radiusKm: 10,
    nationCode: '392',
    adcode: '',
    nation: '日本',
    province: '東京都',
    city: '新宿区',
    district: '',
    cityCode: '',
    phoneAreaCode: '',
    address: '日本東京都新宿区',
  },
];

export interface FakeGeocoderRequest {
  path: string;
  rawQuery: string;
  /** The status this fake answered with (body `status`), or the HTTP status when it failed on purpose. */
  status: number;
}

export interface TencentMapFakeOptions {
  key?: string;
  sk?: string;
  places?: KnownPlace[];
}

const PATHS = new Set(['/ws/geocoder/v1', '/ws/geocoder/v1/']);
// Keys are six groups of five capitals/digits joined by '-'.
const KEY_FORMAT = /^[A-Z0-9]{5}(-[A-Z0-9]{5}){5}$/;

function distanceKm(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const r = Math.PI / 180;
  const h =
    Math.sin(((lat2 - lat1) * r) / 2) ** 2 +
    Math.cos(lat1 * r) * Math.cos(lat2 * r) * Math.sin(((lng2 - lng1) * r) / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

/** Query decoding as the service does it: '+' is a space, %XY are UTF-8 bytes. Null when malformed. */
function parseQuery(raw: string): Map<string, string> | null {
  const params = new Map<string, string>();
  for (const pair of raw.split('&')) {
    if (pair === '') {
      continue;
    }
    const eq = pair.indexOf('=');
    try {
      const name = decodeURIComponent((eq < 0 ? pair : pair.slice(0, eq)).replace(/\+/g, ' '));
      const value = eq < 0 ? '' : decodeURIComponent(pair.slice(eq + 1).replace(/\+/g, ' '));
      params.set(name, value);
    } catch {
      return null;
    }
  }
  return params;
}

export class TencentMapFake {
  readonly key: string;
  readonly sk: string;
  readonly places: KnownPlace[];
  /** Every request as it arrived, accepted or not. */
  readonly requests: FakeGeocoderRequest[] = [];
  /** When set, every request is answered with this HTTP status and no JSON (a broken gateway). */
  failWithHttpStatus: number | null = null;
  url = '';
  readonly #server: Server;

  private constructor(options: TencentMapFakeOptions) {
    this.key = options.key ?? 'FAKE1-KEY22-ABCDE-12345-FGHIJ-67890';
    this.sk = options.sk ?? 'fake-secret-key-of-the-sn-check';
    this.places = options.places ?? KNOWN_PLACES;
    this.#server = createServer((req, res) => {
      try {
        this.#handle(req, res);
      } catch (error) {
        res.destroy(error instanceof Error ? error : undefined);
      }
    });
  }

  static async start(options: TencentMapFakeOptions = {}): Promise<TencentMapFake> {
    const fake = new TencentMapFake(options);
    await new Promise<void>((resolve) => fake.#server.listen(0, '127.0.0.1', resolve));
    fake.url = `http://127.0.0.1:${(fake.#server.address() as AddressInfo).port}`;
    return fake;
  }

  /** Lookups that reached the service, accepted or not. */
  get calls(): number {
    return this.requests.length;
  }

  async close(): Promise<void> {
    this.#server.closeAllConnections();
    await new Promise<void>((resolve, reject) => this.#server.close((error) => (error ? reject(error) : resolve())));
  }

  #handle(req: IncomingMessage, res: ServerResponse): void {
    const url = req.url ?? '/';
    const q = url.indexOf('?');
    const path = q < 0 ? url : url.slice(0, q);
    const rawQuery = q < 0 ? '' : url.slice(q + 1);
    if (this.failWithHttpStatus !== null) {
      this.requests.push({ path, rawQuery, status: this.failWithHttpStatus });
      res.writeHead(this.failWithHttpStatus, { 'content-type': 'text/html' });
      res.end('<html><body>Bad Gateway</body></html>');
      return;
    }
    if (req.method !== 'GET' || !PATHS.has(path)) {
      this.requests.push({ path, rawQuery, status: 404 });
      res.writeHead(404, { 'content-type': 'text/html' });
      res.end('<html><body>404 Not Found</body></html>');
      return;
    }
    const body = this.#answer(path, rawQuery);
    this.requests.push({ path, rawQuery, status: body.status as number });
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify({ request_id: randomUUID().replaceAll('-', ''), ...body }));
  }

  #answer(path: string, rawQuery: string): Record<string, unknown> {
    const refuse = (status: number, message: string) => ({ status, message });
    const params = parseQuery(rawQuery);
    if (!params) {
      return refuse(310, '请求参数信息有误');
    }
    const key = params.get('key');
    if (!key) {
      return refuse(301, '缺少必要字段key');
    }
    if (!KEY_FORMAT.test(key)) {
      return refuse(311, 'key格式错误');
    }
    if (key !== this.key) {
      return refuse(190, '无效的KEY');
    }
    if (!this.#signatureMatches(path, params)) {
      return refuse(111, '签名验证失败');
    }
    const location = params.get('location');
    if (!location) {
      return refuse(306, '缺少参数location');
    }
    const match = /^(-?\d+(?:\.\d+)?),(-?\d+(?:\.\d+)?)$/.exec(location);
    if (!match) {
      return refuse(310, '请求参数信息有误');
    }
    const lat = Number(match[1]);
    const lng = Number(match[2]);
    if (Math.abs(lat) > 90) {
      return refuse(365, '纬度不能超过±90');
    }
    if (Math.abs(lng) > 180) {
      return refuse(366, '经度不能超过±180');
    }
    const place = this.places.find((p) => distanceKm(lat, lng, p.lat, p.lng) <= p.radiusKm);
    if (!place) {
      return refuse(347, '查询无结果');
    }
    return {
      status: 0,
      message: 'Success',
      result: {
        location: { lat, lng },
        address: place.address,
        formatted_addresses: { recommend: place.address, rough: place.address },
        address_component: {
          nation: place.nation,
          province: place.province,
          city: place.city,
          district: place.district,
          street: '',
          street_number: '',
        },
        ad_info: {
          nation_code: place.nationCode,
          adcode: place.adcode,
          phone_area_code: place.phoneAreaCode,
          city_code: place.cityCode,
          name: [place.nation, place.province, place.city, place.district].filter(Boolean).join(','),
          location: { lat: place.lat, lng: place.lng },
          nation: place.nation,
          province: place.province,
          city: place.city,
          district: place.district,
        },
        address_reference: {},
      },
    };
  }

  /** md5(path + '?' + name=value pairs of the decoded parameters but sig, sorted by name, + SK). */
  #signatureMatches(path: string, params: Map<string, string>): boolean {
    const given = params.get('sig') ?? '';
    const names = [...params.keys()].filter((name) => name !== 'sig').sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    const toSign = `${path}?${names.map((name) => `${name}=${params.get(name) ?? ''}`).join('&')}${this.sk}`;
    const expected = Buffer.from(createHash('md5').update(toSign, 'utf8').digest('hex'), 'utf8');
    const received = Buffer.from(given, 'utf8');
    return received.length === expected.length && timingSafeEqual(received, expected);
  }
}
