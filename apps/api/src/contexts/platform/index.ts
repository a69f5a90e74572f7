/**
 * The platform context's public face: the shared kernel every other context may use (system,
 * dictionary, location, front-log, retention, rate-limit, upload, partner). It imports no other
 * context. Other contexts import only this file, never a module inside it.
 */
export {};
