// Types of tls-sig-api-v2 1.0.2 (Tencent's UserSig generator; plain CommonJS without its own types).
declare module 'tls-sig-api-v2' {
  export class Api {
    constructor(sdkappid: number, key: string);
    /** A UserSig for `userid`, valid `expire` seconds from now (Date.now()). */
    genUserSig(userid: string, expire: number): string;
  }
}
