/**
 * The social context's public face: follow, notices, the feed, share and invitation. It may import
 * platform, identity and health (and engagement is not allowed to import it back if it does).
 * Other contexts import only this file, never a module inside it.
 */
export {};
