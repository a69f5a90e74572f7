/**
 * The health context's public face: the readings core and every kind of reading, the health
 * record, medical reports and reports. It may import `contexts/platform` and `contexts/identity`;
 * it never imports social or engagement (they react to the readings core's event). Other contexts
 * import only this file, never a module inside it.
 */
export {};
