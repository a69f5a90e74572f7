/**
 * The identity context's public face: who the caller is (session, auth, registration, customer,
 * sms, account recovery). It may import `contexts/platform` only. Other contexts import only this
 * file, never a module inside it.
 */
export {};
