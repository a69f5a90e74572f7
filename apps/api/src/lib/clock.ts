/** The current time; injected so services and tests agree on "now". */
export type Clock = () => Date;
export const systemClock: Clock = () => new Date();
